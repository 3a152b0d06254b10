import type pg from 'pg';

/**
 * The bulk rows the list benches read (search.ts, keys.ts): users with job roles and
 * materials, each set in one `insert … select … from generate_series` so 100 000 rows take seconds.
 * Deterministic: row g is the same in every run and every database. Each runs on the caller's
 * client inside its transaction, as the owner with tenant_id explicit. With several tenants every
 * row is made once per tenant, interleaved (row g of each tenant, then row g + 1 …), as tenants'
 * rows lie in a shared table. Timestamps count back a minute a row from `epoch` (default: the
 * transaction's now()), so the last row is the newest; pass one epoch to make two databases alike.
 */

/**
 * Surnames weighted roughly by their share of the population (王 李 张 ≈ 7 % each, a long tail),
 * as slots of 100; given names of one or two characters, none of them a surname.
 */
const SURNAME_WEIGHTS: [string, number][] = [
  ['王', 7],
  ['李', 7],
  ['张', 7],
  ['刘', 5],
  ['陈', 5],
  ['杨', 3],
  ['黄', 2],
  ['赵', 2],
  ['吴', 2],
  ['周', 2],
];
const SURNAME_TAIL =
  '徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺';
function surnameSlots(): string[] {
  const slots = SURNAME_WEIGHTS.flatMap(([s, w]) => Array.from({ length: w }, () => s));
  for (const s of SURNAME_TAIL) if (slots.length < 100) slots.push(s);
  return slots;
}
const GIVEN_NAMES = (
  '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀英 霞 平 刚 桂英 建国 建华 志强 海燕 国强 文 ' +
  '华 红 玉兰 鹏 辉 斌 宇 浩 凯 婷 雪 琳 晨 阳 欣怡 子涵 梓轩 浩然 宇航 思远 雨桐 佳怡 秀兰 晓东'
).split(' ');
const ROLE_NAMES = ['操作工', '班组长', '仓管员'];

/** 20 transformer materials (4 contain 铜, a fifth of the rows) and their specifications. */
export const MATERIAL_NAMES =
  '漆包铜线 纸包铜扁线 铜箔 铜排 冷轧取向硅钢片 绝缘纸 绝缘纸板 电缆纸 环氧树脂 绝缘漆 变压器油 高压套管 低压套管 无励磁分接开关 片式散热器 油箱 铭牌 紧固件 密封胶条 热轧钢板'.split(
    ' ',
  );
const MATERIAL_SPECS =
  'Φ1.0mm Φ1.5mm 2.5×8mm 30Q120 0.30mm DDP 0.08mm T4 3.0mm 25# BF-10/630 WSP-10/63 PC600 Q235B'.split(' ');

/**
 * `count` users per tenant, u000001 …: a weighted surname and a given name, ~5 % disabled, all with
 * passwordHash (nobody logs in as them).
 */
export async function insertUsers(
  c: pg.Client,
  o: { tenantIds: number[]; passwordHash: string; count: number; epoch?: string },
): Promise<void> {
  await c.query(
    `insert into users (tenant_id, user_name, name, job_number, phone, email, password_hash, enabled,
       created_at, updated_at)
     select t.id, 'u' || lpad(g::text, 6, '0'),
       s.sn[1 + abs(hashint4(g + 7777777)::bigint) % array_length(s.sn, 1)]
         || s.gn[1 + abs(hashint4(g)::bigint) % array_length(s.gn, 1)],
       'J' || lpad(g::text, 6, '0'), '13' || lpad((g::bigint * 37)::text, 9, '0'),
       'u' || lpad(g::text, 6, '0') || '@example.com', $2, g % 20 <> 0,
       s.epoch - make_interval(mins => $3 - g), s.epoch - make_interval(mins => $3 - g)
     from generate_series(1, $3::int) g
       cross join unnest($1::int[]) with ordinality as t(id, ord),
       (select $4::text[] as sn, $5::text[] as gn, coalesce($6::timestamptz, now()) as epoch) s
     order by g, t.ord`,
    [o.tenantIds, o.passwordHash, o.count, surnameSlots(), GIVEN_NAMES, o.epoch ?? null],
  );
}

/**
 * Three job roles per tenant, held by ~10 % of the users insertUsers made and a second one by ~1 %.
 * Which users: every tenth by its id (`holders: 'id'`, search.ts's, as the user list's bench always
 * had it, so its figures stay comparable), or by the number in its user name (`'number'`: the same
 * users in every tenant, which ids cannot give once tenants' rows interleave).
 */
export async function insertUserRoles(
  c: pg.Client,
  o: { tenantIds: number[]; holders: 'id' | 'number' },
): Promise<void> {
  await c.query(
    `insert into roles (tenant_id, name)
     select t.id, n.name
     from unnest($1::int[]) with ordinality as t(id, ord)
       cross join unnest($2::text[]) with ordinality as n(name, ord)
     order by t.ord, n.ord`,
    [o.tenantIds, ROLE_NAMES],
  );
  // a fixed fragment, never input
  const key = o.holders === 'id' ? 'u.id' : 'substr(u.user_name, 2)::int';
  const holders = (every: number, shift: number) =>
    `select u.tenant_id, u.id, r.id
     from users u
       cross join lateral (select ${key} as k) x
       join roles r on r.tenant_id = u.tenant_id and r.name = ($2::text[])[1 + (x.k + ${shift}) % 3]
     where u.tenant_id = any($1) and u.user_name ~ '^u[0-9]{6}$' and x.k % ${every} = 0`;
  await c.query(
    `insert into user_roles (tenant_id, user_id, role_id)
     ${holders(10, 0)}
     union all
     ${holders(100, 1)}`,
    [o.tenantIds, ROLE_NAMES],
  );
}

/**
 * `count` materials per tenant, WL0000001 …, in the tenant's unit: the 20 names × specifications,
 * four types, stock limits, ~4 % disabled.
 */
export async function insertMaterials(
  c: pg.Client,
  o: { units: { tenantId: number; unitId: number }[]; count: number; epoch?: string },
): Promise<void> {
  await c.query(
    `insert into material (tenant_id, code, name, specifications, material_type, main_unit_id,
       lower_limit, upper_limit, enabled, created_at, updated_at)
     select u.tenant_id, 'WL' || lpad(g::text, 7, '0'),
       s.nm[1 + abs(hashint4(g)::bigint) % array_length(s.nm, 1)],
       s.sp[1 + g % array_length(s.sp, 1)] || ' #' || g,
       g % 4, u.id, (g % 50) * 10, (g % 50) * 10 + 1000, g % 25 <> 0,
       s.epoch - make_interval(mins => $3 - g), s.epoch - make_interval(mins => $3 - g)
     from generate_series(1, $3::int) g
       cross join unnest($1::int[], $2::int[]) with ordinality as u(tenant_id, id, ord),
       (select $4::text[] as nm, $5::text[] as sp, coalesce($6::timestamptz, now()) as epoch) s
     order by g, u.ord`,
    [
      o.units.map((u) => u.tenantId),
      o.units.map((u) => u.unitId),
      o.count,
      MATERIAL_NAMES,
      MATERIAL_SPECS,
      o.epoch ?? null,
    ],
  );
}
