import {
  BASIC_CONFIG_CODES,
  type BasicConfigCode,
  basicConfigDecl,
  basicConfigGroups,
} from '@factory/shared/api/basicConfig';
import { PAGE_SIZES } from '@factory/shared/api/list';
import { priority } from '@factory/shared/enums';
import { webPermissionCodes } from '@factory/shared/routes';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { basicConfig } from '../../platform/schema.ts';

export type BasicConfigRow = typeof basicConfig.$inferSelect;

const isKnown = (code: string): code is BasicConfigCode =>
  (BASIC_CONFIG_CODES as readonly string[]).includes(code);

/** Values a tenant starts with; the demo and the provider's "new tenant" both use them. */
export function defaultBasicConfig(profile: {
  memberCode: string;
  companyName: string;
  logo?: string | null;
  version?: string | null;
}) {
  const values: Record<BasicConfigCode, string> = {
    companyName: profile.companyName,
    companyLogo: profile.logo ?? '',
    version: profile.version ?? 'V1.0.0',
    member_code: profile.memberCode,
    app_version_upload: '',
    page_size_config: JSON.stringify(PAGE_SIZES),
    plan_config: JSON.stringify(priority.items.map(({ value, label, color }) => ({ value, label, color }))),
    base_router: JSON.stringify(webPermissionCodes()),
    over_receipt_rate: '0',
    over_ship_rate: '0',
  };
  return BASIC_CONFIG_CODES.map((code, sort) => ({
    code,
    name: basicConfigDecl[code].name,
    groupCode: basicConfigDecl[code].group,
    value: values[code],
    sort,
  }));
}

export async function seedBasicConfig(
  tx: Tx,
  profile: Parameters<typeof defaultBasicConfig>[0],
): Promise<void> {
  await tx.insert(basicConfig).values(defaultBasicConfig(profile));
  await tx.execute(sql`select app_tenant_config_changed()`);
}

const url = /^(https?:\/\/|\/)[^\s<>"']{0,500}$/;

function parseJson(code: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw fieldError(code, `“${basicConfigDecl[code as BasicConfigCode]?.name ?? code}”应为有效的JSON`);
  }
}

/** Each code's value rule; a refusal names the parameter in Chinese. */
function validate(code: BasicConfigCode, value: string): string {
  const name = basicConfigDecl[code].name;
  switch (code) {
    case 'member_code':
      throw fieldError(code, '企业编码不可修改');
    case 'companyName':
      if (!value.trim() || value.length > 100) throw fieldError(code, '企业名称不能为空，且不超过100个字符');
      return value.trim();
    case 'version':
      if (value.length > 50) throw fieldError(code, '版本号不能超过50个字符');
      return value.trim();
    case 'companyLogo':
    case 'app_version_upload':
      if (value !== '' && !url.test(value))
        throw fieldError(code, `“${name}”应为以 http(s):// 或 / 开头的地址`);
      return value;
    case 'page_size_config': {
      const list = parseJson(code, value);
      if (
        !Array.isArray(list) ||
        list.length < 1 ||
        list.length > 10 ||
        !list.every((n, i) => Number.isInteger(n) && n >= 1 && n <= 500 && (i === 0 || n > list[i - 1]))
      ) {
        throw fieldError(code, '分页条数选项应为1到10个递增的整数（1~500）');
      }
      return JSON.stringify(list);
    }
    case 'plan_config': {
      const list = parseJson(code, value);
      if (
        !Array.isArray(list) ||
        list.length > 20 ||
        !list.every(
          (p) =>
            p &&
            Number.isInteger(p.value) &&
            typeof p.label === 'string' &&
            p.label.trim() &&
            p.label.length <= 20,
        )
      ) {
        throw fieldError(code, '计划优先级状态应为 {value, label, color} 的列表（最多20项）');
      }
      return JSON.stringify(list);
    }
    case 'over_receipt_rate':
    case 'over_ship_rate': {
      const rate = Number(value.trim());
      if (value.trim() === '' || !/^\d{1,3}(\.\d{1,2})?$/.test(value.trim()) || rate > 100)
        throw fieldError(code, `“${name}”应为0到100之间的数，最多2位小数`);
      return String(rate);
    }
    case 'base_router': {
      const list = parseJson(code, value);
      const known = new Set(webPermissionCodes());
      if (!Array.isArray(list) || !list.every((c) => typeof c === 'string')) {
        throw fieldError(code, '功能菜单权限码应为文本列表');
      }
      const unknown = list.filter((c) => !known.has(c));
      if (unknown.length) throw fieldError(code, `未知的权限码：${unknown.slice(0, 5).join('、')}`);
      return JSON.stringify(list);
    }
  }
}

export async function listConfig(tx: Tx, codes?: readonly string[]): Promise<BasicConfigRow[]> {
  const q = tx.select().from(basicConfig);
  return codes
    ? q.where(inArray(basicConfig.code, [...codes])).orderBy(asc(basicConfig.sort))
    : q.orderBy(asc(basicConfig.sort));
}

export function toTree(rows: BasicConfigRow[]) {
  return Object.entries(basicConfigGroups)
    .map(([code, name]) => ({ code, name, children: rows.filter((r) => r.groupCode === code) }))
    .filter((g) => g.children.length > 0);
}

export async function getByCode(tx: Tx, code: string): Promise<BasicConfigRow> {
  const [row] = await tx.select().from(basicConfig).where(eq(basicConfig.code, code)).limit(1);
  if (!row) throw notFound(`参数“${code.slice(0, 64)}”`);
  return row;
}

/** Updates several codes in one transaction; all or none. */
export async function updateConfig(
  tx: Tx,
  actorId: number,
  items: { code: string; value: string; isShow?: boolean }[],
): Promise<BasicConfigRow[]> {
  const seen = new Set<string>();
  const out: BasicConfigRow[] = [];
  for (const item of items) {
    if (!isKnown(item.code)) throw fieldError(item.code, `未知的参数编码：${item.code.slice(0, 64)}`);
    if (seen.has(item.code)) throw fieldError(item.code, `参数“${basicConfigDecl[item.code].name}”重复提交`);
    seen.add(item.code);
    const value = validate(item.code, item.value);
    const [row] = await tx
      .update(basicConfig)
      .set({ value, ...(item.isShow === undefined ? {} : { isShow: item.isShow }), updatedAt: sql`now()` })
      .where(eq(basicConfig.code, item.code))
      .returning();
    if (!row) throw notFound(`参数“${item.code}”`);
    await audit(tx, actorId, 'basicConfig', item.code, 'modify', { value });
    out.push(row);
  }
  await tx.execute(sql`select app_tenant_config_changed()`);
  return out;
}
