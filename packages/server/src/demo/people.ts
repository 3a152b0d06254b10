import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { eq, inArray } from 'drizzle-orm';
import { areas, setUserStations, stations } from '../modules/information/index.ts';
import { addUser, frequencies, organizations, roles, userGroup, users } from '../modules/setting/index.ts';
import type { Tx } from '../platform/db.ts';
import { hashPassword } from '../platform/password.ts';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁沈姚卢';
const GIVEN =
  '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 涛 明 超 霞 平 刚 建国 建华 志强 海燕 国强 文 华 红 玉兰 鹏 辉 斌 宇 浩 凯 婷 雪 琳 晨 阳 欣怡 子涵 浩然 思远 雨桐'.split(
    ' ',
  );
const SHIFTS = ['甲班', '乙班'];

/**
 * The shop floor of a demo factory: `perWorkshop` operators in each workshop, placed in it, in its
 * 甲班 or 乙班 user group, allowed at the stations of its lines, on the tenant's shifts in turn.
 * Written through the same services as the screens; one password hash serves them all, as a batch
 * import does, and the shifts are set in one statement per shift.
 */
export async function seedPeople(tx: Tx, adminId: number, perWorkshop: number): Promise<number> {
  const [operator] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, '操作工'));
  const workshops = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.level, 1))
    .orderBy(organizations.sort, organizations.id);
  const shifts = await tx.select({ id: frequencies.id }).from(frequencies).orderBy(frequencies.code);
  const onShift: number[][] = shifts.map(() => []);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let n = 0;
  for (const [w, shop] of workshops.entries()) {
    const shopStations = await tx
      .select({ id: stations.id })
      .from(stations)
      .innerJoin(areas, eq(areas.id, stations.areaId))
      .where(eq(areas.organizationId, shop.id))
      .orderBy(stations.code);
    const groups: number[] = [];
    for (const shift of SHIFTS)
      groups.push(await userGroup.create(tx, adminId, { name: `${shop.name}${shift}` }));
    for (let i = 0; i < perWorkshop; i++) {
      n++;
      const name = SURNAMES[(n * 7) % SURNAMES.length] + GIVEN[(n * 13) % GIVEN.length];
      const id = await addUser(tx, adminId, {
        userName: `op${String(n).padStart(3, '0')}`,
        name,
        jobNumber: `HD${String(w + 1).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`,
        password: DEMO_PASSWORD,
        passwordHash,
        roleIds: operator ? [operator.id] : [],
        organizationId: shop.id,
        groupIds: [groups[i % 2]],
      });
      onShift[(n - 1) % shifts.length]?.push(id);
      if (shopStations.length) {
        const at = shopStations[i % shopStations.length].id;
        await setUserStations(tx, adminId, id, [at]);
      }
    }
  }
  for (const [s, ids] of onShift.entries())
    if (ids.length) await tx.update(users).set({ frequencyId: shifts[s].id }).where(inArray(users.id, ids));
  return n;
}
