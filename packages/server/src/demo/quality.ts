import { inArray } from 'drizzle-orm';
import { materialClasses, materials, procedures } from '../modules/information/index.ts';
import { copyPlan, defectItem, inspectionItem, qualityInspectionPlan } from '../modules/quality/index.ts';
import type { Tx } from '../platform/db.ts';

/** The tenants whose quality department has its inspection items, defects and plans set up. */
export const demoQuality: ReadonlySet<string> = new Set(['transformer']);

type ItemSpec = [
  name: string,
  category: string,
  valueType: 0 | 1 | 2,
  more: {
    unit?: string;
    method?: string;
    instrument?: string;
    standard?: string;
    lowerLimit?: number;
    upperLimit?: number;
    standardValue?: number;
    isKey?: boolean;
  },
];

/**
 * Incoming material checks and the routine tests of GB/T 1094 / GB/T 6451 a transformer works
 * runs; rating-dependent limits (losses) are left to the plans.
 */
const ITEMS: readonly ItemSpec[] = [
  ['厚度', '尺寸', 1, { unit: 'mm', instrument: '外径千分尺', method: '每卷测3点取平均', isKey: true }],
  [
    '铁损',
    '电气性能',
    1,
    { unit: 'W/kg', instrument: '爱泼斯坦方圈', method: 'P1.7/50，按GB/T 3655', isKey: true },
  ],
  [
    '导电率',
    '理化性能',
    1,
    { unit: '%IACS', instrument: '涡流电导率仪', standard: 'GB/T 3953', lowerLimit: 98, isKey: true },
  ],
  ['来料外观', '外观', 0, { method: '目视', standard: '表面平整，无锈蚀、划伤、毛刺，漆膜无脱落' }],
  [
    '绝缘电阻',
    '电气性能',
    1,
    { unit: 'MΩ', instrument: '2500V兆欧表', method: 'R60s，折算至20℃', lowerLimit: 300, isKey: true },
  ],
  [
    '直流电阻不平衡率',
    '电气性能',
    1,
    {
      unit: '%',
      instrument: '直流电阻测试仪',
      standard: '线间≤2%',
      lowerLimit: 0,
      upperLimit: 2,
      isKey: true,
    },
  ],
  [
    '空载损耗',
    '电气性能',
    1,
    { unit: 'W', instrument: '变压器损耗测试仪', standard: 'GB/T 1094.1，偏差≤+15%', isKey: true },
  ],
  [
    '负载损耗',
    '电气性能',
    1,
    { unit: 'W', instrument: '变压器损耗测试仪', standard: 'GB/T 1094.1，偏差≤+15%', isKey: true },
  ],
  [
    '局部放电',
    '电气性能',
    1,
    { unit: 'pC', instrument: '局部放电检测仪', method: '1.5Um/√3 下测量', lowerLimit: 0, upperLimit: 100 },
  ],
  ['绕组外观', '外观', 0, { method: '目视', standard: '排列整齐紧实，无松股、无导线绝缘破损' }],
  ['外观及涂层', '外观', 0, { method: '目视', standard: '漆膜均匀无流挂、无划伤，焊缝无渗漏' }],
  ['铭牌', '标识', 0, { method: '核对', standard: '铭牌参数与合同、试验报告一致，字迹清晰牢固' }],
  ['表面缺陷数', '外观', 2, { unit: '处', method: '目视计数', standard: '划伤、磕碰等表面缺陷' }],
];

/** Defect items by severity (0 致命, 1 严重, 2 轻微). */
const DEFECTS: readonly [string, string, 0 | 1 | 2][] = [
  ['绕组变形', '装配', 0],
  ['绝缘破损', '电气', 0],
  ['局部放电超标', '电气', 0],
  ['渗漏油', '密封', 1],
  ['焊点虚焊', '装配', 1],
  ['尺寸超差', '尺寸', 1],
  ['铁心毛刺超标', '尺寸', 1],
  ['外观划伤', '外观', 2],
  ['漆膜起泡', '外观', 2],
  ['铭牌错误', '标识', 2],
];

type Line = { item: string; standardValue?: number; lowerLimit?: number; upperLimit?: number };

/**
 * The transformer works' quality configuration, written through the quality services: the items
 * above, the defects, and the plans — incoming silicon steel (AQL 1.0, one plan per grade, the
 * second copied from the first) and copper wire and bar (AQL 0.65), the first-article check of
 * the winding procedures, and the routine tests of finished transformers (every unit): one for
 * every finished product, and one with the losses of the S13-M-400/10, which wins for it.
 */
export async function seedQuality(tx: Tx, adminId: number): Promise<void> {
  const items = new Map<string, number>();
  for (const [name, category, valueType, more] of ITEMS)
    items.set(name, await inspectionItem.create(tx, adminId, { name, category, valueType, ...more }));
  for (const [name, category, severity] of DEFECTS)
    await defectItem.create(tx, adminId, { name, category, severity });

  const idsOf = async (
    table: typeof materials | typeof procedures | typeof materialClasses,
    column: 'code' | 'name',
    keys: string[],
  ) => {
    const rows = await tx
      .select({ id: table.id, key: table[column] })
      .from(table)
      .where(inArray(table[column], keys));
    if (rows.length !== keys.length) throw new Error(`demo quality: missing ${keys.join(', ')}`);
    return keys.map((k) => rows.find((r) => r.key === k)?.id as number);
  };
  const lines = (ls: Line[]) =>
    ls.map(({ item, ...values }) => ({ itemId: items.get(item) as number, ...values }));
  const plan = (body: Record<string, unknown>, ls: Line[]) =>
    qualityInspectionPlan.create(tx, adminId, { ...body, lines: lines(ls) });

  const steel = await idsOf(materials, 'code', ['YCL-GG-001', 'YCL-GG-002']);
  const steel30 = await plan(
    {
      name: '硅钢片来料检验（30Q120）',
      inspectionType: 4,
      materialsIds: [steel[0]],
      samplingMode: 3,
      aql: 1,
      remark: '按GB/T 2521.1，每批抽检',
    },
    [
      { item: '厚度', standardValue: 0.3, lowerLimit: 0.29, upperLimit: 0.31 },
      { item: '铁损', upperLimit: 1.2 },
      { item: '来料外观' },
    ],
  );
  // the thinner grade: the same template, its own thickness and loss
  const steel27 = await copyPlan(tx, adminId, steel30, '硅钢片来料检验（27Q110）');
  await qualityInspectionPlan.update(tx, adminId, steel27, {
    materialsIds: [steel[1]],
    lines: lines([
      { item: '厚度', standardValue: 0.27, lowerLimit: 0.26, upperLimit: 0.28 },
      { item: '铁损', upperLimit: 1.1 },
      { item: '来料外观' },
    ]),
  });
  await qualityInspectionPlan.setEnabled(tx, adminId, steel27, true);

  await plan(
    {
      name: '铜线铜排来料检验',
      inspectionType: 4,
      materialsIds: await idsOf(materials, 'code', ['YCL-CU-001', 'YCL-CU-002', 'YCL-CU-003', 'YCL-CU-005']),
      samplingMode: 3,
      aql: 0.65,
    },
    [{ item: '导电率' }, { item: '来料外观' }],
  );

  await plan(
    {
      name: '线圈绕制首检',
      inspectionType: 2,
      procedureIds: await idsOf(procedures, 'code', ['GX001', 'GX002']),
      samplingMode: 0,
      firstArticleQty: 1,
      remark: '每个工单首件线圈，检验合格后方可批量绕制',
    },
    [{ item: '绕组外观' }, { item: '绝缘电阻', lowerLimit: 500 }, { item: '直流电阻不平衡率' }],
  );

  const routine: Line[] = [
    { item: '绝缘电阻', lowerLimit: 1000 },
    { item: '直流电阻不平衡率' },
    { item: '局部放电' },
    { item: '外观及涂层' },
    { item: '铭牌' },
  ];
  await plan(
    {
      name: '成品出厂例行试验',
      inspectionType: 5,
      materialClassIds: await idsOf(materialClasses, 'name', ['成品']),
      samplingMode: 0,
      remark: '每台出厂前全部例行试验项目',
    },
    routine,
  );
  // the S13-M-400/10: its guaranteed losses (GB/T 6451), +15 % allowed
  await plan(
    {
      name: 'S13-M-400/10 出厂例行试验',
      inspectionType: 5,
      materialsIds: await idsOf(materials, 'code', ['CP-S13-400']),
      samplingMode: 0,
    },
    [
      ...routine,
      { item: '空载损耗', standardValue: 410, lowerLimit: 0, upperLimit: 471.5 },
      { item: '负载损耗', standardValue: 4520, lowerLimit: 0, upperLimit: 5198 },
    ],
  );
}
