import { addUserEquipment, equipmentCrud } from '../modules/equipment/index.ts';
import { areas, equipmentClasses } from '../modules/information/index.ts';
import { users } from '../modules/setting/index.ts';
import type { Tx } from '../platform/db.ts';

/**
 * Machines of one kind: [equipment class (made by the storage demo) or null, name, how many,
 * model, places (the machines are spread over them in order), 1 for non-production equipment].
 * Each machine is named with its number: 1#立式绕线机, 2#立式绕线机 …
 */
type Machines = readonly [string | null, string, number, string, readonly string[], (0 | 1)?];

export interface EquipmentModel {
  machines: readonly Machines[];
  /** Numbered names under upkeep (维保中). */
  upkeep: readonly string[];
  /** Numbered names out of service (停用), awaiting scrapping. */
  retired: readonly string[];
  /** user name → their My equipment: a bare name means every machine of it, a numbered one just that. */
  holders: Readonly<Record<string, readonly string[]>>;
}

const transformer: EquipmentModel = {
  machines: [
    ['立式绕线机', '立式绕线机', 6, 'RX-1250', ['绕线车间 绕线一线', '绕线车间 绕线二线']],
    ['卧式绕线机', '卧式绕线机', 4, 'WRX-800', ['绕线车间 绕线一线']],
    ['绕线机', '箔式绕线机', 3, 'BRJ-1000', ['绕线车间 绕线二线']],
    ['纵剪线', '硅钢片纵剪线', 1, 'ZJX-1250', ['铁心车间 铁心剪切线']],
    ['横剪线', '铁芯横剪线', 2, 'HJX-600', ['铁心车间 铁心剪切线']],
    ['生产设备', '叠片台', 4, 'DPT-3000', ['铁心车间 铁心叠装线']],
    ['真空干燥设备', '真空干燥罐', 2, 'ZKG-4', ['浸漆车间 浸漆烘干线']],
    ['真空干燥设备', '真空浸漆设备', 2, 'ZJQ-2', ['浸漆车间 浸漆烘干线']],
    ['真空注油设备', '真空注油机', 2, 'ZZY-6000', ['总装车间 总装一线']],
    ['试验设备', '变压器综合测试台', 2, 'BZC-3', ['总装车间 试验线']],
    ['局部放电测试系统', '局部放电测试系统', 1, 'JFD-2000', ['总装车间 试验线']],
    ['变比测试仪', '变比测试仪', 3, 'BBC-3A', ['总装车间 试验线']],
    ['桥式起重机', '行车', 4, 'QD-10t', ['绕线车间', '铁心车间', '总装车间', '发运区'], 1],
    ['电动平车', '电动平车', 2, 'KPX-20t', ['总装车间', '发运区'], 1],
    [null, '螺杆空压机', 2, 'GA-37', ['动力站'], 1],
  ],
  upkeep: ['5#立式绕线机', '2#铁芯横剪线', '3#行车'],
  retired: ['4#卧式绕线机'],
  holders: {
    shebei01: ['立式绕线机', '卧式绕线机', '箔式绕线机', '1#行车'],
    shebei02: ['硅钢片纵剪线', '铁芯横剪线', '叠片台', '真空干燥罐', '真空浸漆设备', '2#行车'],
    caozuo01: ['1#立式绕线机', '2#立式绕线机', '3#立式绕线机'],
    zhijian01: ['变压器综合测试台', '局部放电测试系统', '变比测试仪'],
  },
};

const machinery: EquipmentModel = {
  machines: [
    ['数控车床', '数控车床', 8, 'CK6150', ['机加工车间 车削线']],
    ['加工中心', '立式加工中心', 4, 'VMC850', ['机加工车间 铣削线']],
    ['加工中心', '卧式加工中心', 2, 'HMC630', ['机加工车间 铣削线']],
    ['磨床', '外圆磨床', 2, 'M1432B', ['机加工车间 铣削线']],
    ['磨床', '平面磨床', 1, 'M7140', ['机加工车间 铣削线']],
    ['机加工设备', '带锯床', 2, 'GZ4230', ['机加工车间 车削线']],
    ['机加工设备', '摇臂钻床', 2, 'Z3050', ['机加工车间 铣削线']],
    ['焊接机器人', '焊接机器人', 4, 'RH-1450', ['焊接车间 焊接线']],
    ['焊接设备', '二氧化碳保护焊机', 3, 'NBC-500', ['焊接车间 焊接线']],
    [null, '喷涂房', 1, 'PT-8', ['涂装车间 喷涂线']],
    [null, '行车', 3, 'LD-5t', ['机加工车间', '装配车间', '焊接车间'], 1],
    [null, '螺杆空压机', 1, 'GA-30', ['动力站'], 1],
  ],
  upkeep: ['6#数控车床', '2#焊接机器人'],
  retired: ['2#带锯床'],
  holders: {
    shebei01: ['数控车床', '立式加工中心', '卧式加工中心', '外圆磨床', '平面磨床'],
    shebei02: ['焊接机器人', '二氧化碳保护焊机', '喷涂房'],
    caozuo01: ['1#数控车床', '2#数控车床'],
  },
};

const electronics: EquipmentModel = {
  machines: [
    ['SMT设备', '全自动锡膏印刷机', 2, 'GKG-G5', ['SMT车间 SMT一线']],
    ['贴片机', '高速贴片机', 4, 'NXT III', ['SMT车间 SMT一线']],
    ['贴片机', '多功能贴片机', 2, 'YSM20R', ['SMT车间 SMT一线']],
    ['回流焊炉', '回流焊炉', 2, 'KTE-1000', ['SMT车间 SMT一线']],
    ['SMT设备', '在线AOI', 2, 'ALD-7727', ['SMT车间 SMT一线']],
    ['SMT设备', '上板机', 2, 'SLD-250', ['SMT车间 SMT一线']],
    ['SMT设备', '下板机', 2, 'ULD-250', ['SMT车间 SMT一线']],
    [null, '波峰焊机', 2, 'WS-350', ['组装车间 DIP线']],
    [null, '插件流水线', 2, 'CJ-12M', ['组装车间 DIP线']],
    [null, 'ICT测试仪', 3, 'TR-518', ['组装车间 测试包装线']],
    [null, '功能测试台', 4, 'FCT-8', ['组装车间 测试包装线']],
    [null, '老化房', 1, 'LH-20', ['组装车间 测试包装线']],
    [null, '自动打包机', 2, 'KZB-200', ['组装车间 测试包装线'], 1],
  ],
  upkeep: ['3#高速贴片机'],
  retired: [],
  holders: {
    shebei01: ['全自动锡膏印刷机', '高速贴片机', '多功能贴片机', '回流焊炉', '在线AOI'],
    shebei02: ['波峰焊机', 'ICT测试仪', '功能测试台', '老化房'],
    caozuo01: ['1#插件流水线', '1#功能测试台'],
  },
};

export const demoEquipment: Readonly<Record<string, EquipmentModel>> = {
  transformer,
  machinery,
  demo: electronics,
};

/** Who made the machines of a name (the rest are left blank, as a keeper would). */
const MAKERS: Readonly<Record<string, string>> = {
  立式绕线机: '江苏华鹏绕线设备有限公司',
  卧式绕线机: '江苏华鹏绕线设备有限公司',
  箔式绕线机: '无锡金宇箔绕机械有限公司',
  硅钢片纵剪线: '佛山精剪机械有限公司',
  铁芯横剪线: '佛山精剪机械有限公司',
  真空干燥罐: '沈阳真空设备厂',
  真空浸漆设备: '沈阳真空设备厂',
  真空注油机: '重庆通瑞滤油机有限公司',
  变压器综合测试台: '保定天威测试仪器有限公司',
  局部放电测试系统: '保定天威测试仪器有限公司',
  行车: '河南卫华起重机械有限公司',
  螺杆空压机: '阿特拉斯·科普柯（无锡）压缩机有限公司',
  数控车床: '沈阳机床股份有限公司',
  立式加工中心: '大连机床集团有限责任公司',
  焊接机器人: '上海发那科机器人有限公司',
};

/**
 * Writes the register through the same service as the screen (codes by the tenant's rule: SB0001 …),
 * each machine with its serial, maker, line and dates,
 * and the equipment keepers', operators' and inspectors' My equipment lists.
 */
export async function seedEquipment(tx: Tx, adminId: number, m: EquipmentModel): Promise<void> {
  const classIds = new Map(
    (await tx.select({ id: equipmentClasses.id, name: equipmentClasses.name }).from(equipmentClasses)).map(
      (c) => [c.name, c.id],
    ),
  );
  const areaIds = new Map(
    (await tx.select({ id: areas.id, name: areas.name }).from(areas)).map((a) => [a.name, a.id]),
  );
  /** name (bare and numbered) → ids */
  const named = new Map<string, number[]>();
  let serial = 0;
  const upkeep = new Set(m.upkeep);
  const retired = new Set(m.retired);
  for (const [className, name, count, model, places, kind = 0] of m.machines) {
    for (let i = 0; i < count; i++) {
      const numbered = `${i + 1}#${name}`;
      const place = places[Math.floor((i * places.length) / count)];
      // bought over the last years, each with the maker's two-year warranty
      serial++;
      const commissioned = `${2019 + (serial % 6)}-${String(1 + ((serial * 5) % 12)).padStart(2, '0')}-15`;
      const id = await equipmentCrud.create(tx, adminId, {
        name: numbered,
        classId: className ? (classIds.get(className) ?? null) : null,
        kind,
        model,
        location: place,
        sn: `${model}-${commissioned.slice(2, 4)}${String(100 + serial * 7).padStart(4, '0')}`,
        maker: MAKERS[name] ?? null,
        areaId: areaIds.get(place.split(' ').at(-1) ?? '') ?? null,
        commissionDate: commissioned,
        warrantyEnd: `${Number(commissioned.slice(0, 4)) + 2}${commissioned.slice(4)}`,
        state: upkeep.has(numbered) ? 2 : 0,
        isEnabled: retired.has(numbered) ? 0 : 1,
        ...(retired.has(numbered) ? { remark: '已停用，待报废' } : {}),
      });
      named.set(numbered, [id]);
      named.set(name, [...(named.get(name) ?? []), id]);
    }
  }
  const userIds = new Map(
    (await tx.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]),
  );
  for (const [userName, names] of Object.entries(m.holders)) {
    const userId = userIds.get(userName);
    if (userId)
      await addUserEquipment(
        tx,
        adminId,
        userId,
        names.flatMap((n) => named.get(n) ?? []),
      );
  }
}
