import {
  material,
  materialsAttribute,
  materialsClass,
  saveBomLines,
  unit,
} from '../modules/information/index.ts';
import type { Tx } from '../platform/db.ts';

/** A class and the classes under it. */
interface ClassNode {
  name: string;
  children?: readonly ClassNode[];
}

/** [code, name, specification, type (0 原材料 1 半成品 2 成品 3 辅料), class, main unit, extra] */
type MaterialRow = readonly [
  string,
  string,
  string | null,
  0 | 1 | 2 | 3,
  string,
  string,
  {
    /** [auxiliary unit, how many of it one main unit is] */
    aux?: readonly [string, number];
    /** [lower, upper] stock limits */
    limits?: readonly [number, number];
    attrs?: Readonly<Record<string, string>>;
    virtual?: boolean;
  }?,
];

/** [child code, quantity per parent, loss rate %] */
type BomRow = readonly [string, number, number?];

/** A tenant's materials: units, class tree, attributes, materials and the BOM of each product. */
export interface MaterialCatalogue {
  units: readonly (readonly [string, string])[];
  classes: readonly ClassNode[];
  /** [attribute, offered values ('' = free text)] */
  attributes: readonly (readonly [string, string])[];
  materials: readonly MaterialRow[];
  boms: Readonly<Record<string, readonly BomRow[]>>;
}

/** Two decimals: what a BOM line of kilograms is kept to. */
const kg = (x: number) => Math.round(x * 100) / 100;
const seq = (prefix: string, n: number) => `${prefix}${String(n).padStart(3, '0')}`;

/**
 * A rating of a product family beside its reference: the codes of its own parts and how its
 * quantities scale. Copper, steel and insulation go as (kVA ÷ reference)^0.75, oil, tank and paint
 * as ^0.6 (surface), the usual sizing rules of distribution transformers.
 */
export interface Rating {
  kva: number;
  product: string;
  hv: string;
  lv: string;
  core: string;
  body: string;
  /** The oil tank or the dry-type enclosure, bought to the rating. */
  housing: string;
  /** Copper, steel and insulation factor. */
  size: number;
  /** Oil, tank and paint factor. */
  surface: number;
  /** Radiators on the tank (oil-immersed). */
  radiators: number;
}

function rating(kva: number, reference: number, i: number, product: string, radiators = 0): Rating {
  return {
    kva,
    product,
    hv: seq('BCP-XQ-', 7 + 2 * i),
    lv: seq('BCP-XQ-', 8 + 2 * i),
    core: seq('BCP-TX-', 4 + i),
    body: seq('BCP-QS-', 5 + i),
    housing: seq('WGJ-JG-', 6 + i),
    size: (kva / reference) ** 0.75,
    surface: (kva / reference) ** 0.6,
    radiators,
  };
}

/** The S13-M ratings beside the 400 kVA one, each with its own coils, core, body and tank. */
export const s13Ratings: readonly Rating[] = (
  [
    [200, 4],
    [315, 6],
    [630, 10],
    [800, 12],
    [1000, 14],
  ] as const
).map(([kva, radiators], i) => rating(kva, 400, i, `CP-S13-${kva}`, radiators));

/** SCB13-630/10 beside the 1000 kVA dry-type. */
export const scb13Ratings: readonly Rating[] = [rating(630, 1000, s13Ratings.length, 'CP-SCB13-630')];

/** Parts of the box-type substation (YBM, 630 kVA, with an S13-M-630/10 inside). */
export const BOX_SUBSTATION = {
  product: 'CP-YBM-630',
  transformer: 'CP-S13-630',
  hvCabinet: 'WGJ-XB-001',
  lvCabinet: 'WGJ-XB-002',
  enclosure: 'WGJ-XB-003',
} as const;

function s13Parts(r: Rating): { materials: MaterialRow[]; boms: Record<string, BomRow[]> } {
  const name = `S13-M-${r.kva}/10`;
  const f = r.size;
  return {
    materials: [
      [r.hv, '高压线圈', `${name} HV`, 1, '线圈', '个', { attrs: { 电压等级: '10kV', 绝缘等级: 'A' } }],
      [r.lv, '低压线圈', `${name} LV`, 1, '线圈', '个', { attrs: { 电压等级: '0.4kV', 绝缘等级: 'A' } }],
      [r.core, '铁心', `${name} 三相三柱叠积`, 1, '铁心', '个'],
      [r.body, '器身', name, 1, '器身', '台'],
      [r.housing, '油箱', `${name} 波纹油箱`, 0, '结构件', '台', { limits: [1, 10] }],
      [
        r.product,
        '油浸式变压器',
        name,
        2,
        '油浸式变压器',
        '台',
        { attrs: { 电压等级: '10kV', 容量: `${r.kva}kVA`, 冷却方式: 'ONAN' } },
      ],
    ],
    boms: {
      [r.product]: [
        [r.body, 1],
        [r.housing, 1],
        ['WGJ-JG-002', r.radiators],
        ['WGJ-TG-001', 3],
        ['WGJ-TG-002', 4],
        ['BCP-FJ-001', 1],
        ['YCL-YOU-001', Math.round((320 * r.surface) / 5) * 5, 3],
        ['YCL-YQ-002', kg(4 * r.surface), 10],
        ['YCL-YQ-003', kg(6 * r.surface), 10],
        ['WGJ-JG-004', 1],
        ['FL-002', 15, 10],
        ['FL-003', 24],
      ],
      [r.body]: [
        [r.hv, 3],
        [r.lv, 3],
        [r.core, 1],
        ['YCL-CU-005', kg(9.5 * f), 3],
        ['YCL-JY-003', kg(0.6 * f), 10],
        ['WGJ-KG-001', 1],
        ['YCL-JY-002', kg(6 * f), 8],
        ['YCL-YQ-001', kg(18 * f), 5],
        ['FL-001', 24, 5],
      ],
      [r.hv]: [
        ['YCL-CU-001', kg(38.5 * f), 2],
        ['YCL-JY-001', kg(1.8 * f), 5],
        ['YCL-JY-002', kg(0.5 * f), 8],
      ],
      [r.lv]: [
        ['YCL-CU-003', kg(42 * f), 1.5],
        ['YCL-JY-001', kg(1.2 * f), 5],
      ],
      [r.core]: [
        ['YCL-GG-001', kg(620 * f), 1.5],
        ['YCL-GB-001', kg(48 * f), 6],
        ['FL-001', 12, 5],
        ['FL-003', 8],
      ],
    },
  };
}

function scb13Parts(r: Rating): { materials: MaterialRow[]; boms: Record<string, BomRow[]> } {
  const name = `SCB13-${r.kva}/10`;
  const f = r.size;
  return {
    materials: [
      [
        r.hv,
        '高压线圈',
        `${name} HV 环氧浇注`,
        1,
        '线圈',
        '个',
        { attrs: { 电压等级: '10kV', 绝缘等级: 'F' } },
      ],
      [r.lv, '低压线圈', `${name} LV 箔绕`, 1, '线圈', '个', { attrs: { 电压等级: '0.4kV', 绝缘等级: 'F' } }],
      [r.core, '铁心', `${name} 三相三柱叠积`, 1, '铁心', '个'],
      [r.body, '器身', name, 1, '器身', '台'],
      [r.housing, '干变外壳', 'IP20 1800×1300×1900mm', 0, '结构件', '台', { limits: [1, 10] }],
      [
        r.product,
        '干式变压器',
        name,
        2,
        '干式变压器',
        '台',
        { attrs: { 电压等级: '10kV', 容量: `${r.kva}kVA`, 绝缘等级: 'F', 冷却方式: 'AN' } },
      ],
    ],
    boms: {
      [r.product]: [
        [r.body, 1],
        ['WGJ-KG-003', 1],
        [r.housing, 1],
        ['WGJ-JG-004', 1],
      ],
      [r.body]: [
        [r.hv, 3],
        [r.lv, 3],
        [r.core, 1],
        ['FL-003', 36],
      ],
      [r.hv]: [
        ['YCL-CU-002', kg(95 * f), 2],
        ['YCL-JY-004', kg(120 * f), 3],
        ['YCL-JY-005', kg(40 * f), 5],
      ],
      [r.lv]: [
        ['YCL-CU-004', kg(110 * f), 1],
        ['YCL-JY-001', kg(3.5 * f), 5],
      ],
      [r.core]: [
        ['YCL-GG-002', kg(1450 * f), 1.5],
        ['YCL-GB-001', kg(85 * f), 6],
      ],
    },
  };
}

const b = BOX_SUBSTATION;
const boxSubstation: { materials: MaterialRow[]; boms: Record<string, BomRow[]> } = {
  materials: [
    [b.hvCabinet, '高压环网柜', 'XGN15-12 负荷开关-熔断器组合', 0, '开关与保护', '台', { limits: [1, 10] }],
    [b.lvCabinet, '低压开关柜', 'GGD 0.4kV 1000A 含计量', 0, '开关与保护', '台', { limits: [1, 10] }],
    [b.enclosure, '箱变箱体', 'YBM 复合板 目字型 3800×2200×2500mm', 0, '结构件', '台', { limits: [1, 6] }],
    [
      b.product,
      '箱式变电站',
      'YBM-12/0.4-630 (S13-M-630/10)',
      2,
      '箱式变电站',
      '台',
      { attrs: { 电压等级: '10kV', 容量: '630kVA', 冷却方式: 'ONAN' } },
    ],
  ],
  boms: {
    [b.product]: [
      [b.transformer, 1],
      [b.hvCabinet, 1],
      [b.lvCabinet, 1],
      [b.enclosure, 1],
      ['YCL-CU-005', 35, 3],
      ['FL-003', 60],
      ['WGJ-JG-004', 1],
    ],
  },
};

/** The transformer works' catalogue beyond its two reference products. */
const moreTransformers = [...s13Ratings.map(s13Parts), ...scb13Ratings.map(scb13Parts), boxSubstation];

/**
 * The transformer works: an oil-immersed S13-M-400/10 (six levels: product → 器身 → 线圈组件 →
 * 高压线圈 → 绝缘筒 → 绝缘纸板) and a cast-resin dry-type SCB13-1000/10, the references; S13-M of
 * five more ratings and an SCB13-630/10 scaled from them (product → 器身 → coils, core); a YBM
 * box-type substation around an S13-M-630/10. Quantities are of the order a transformer plant
 * works with (a 400 kVA core is some 600 kg of grain-oriented steel).
 */
const transformer: MaterialCatalogue = {
  units: [
    ['KG', 'kg'],
    ['M', '米'],
    ['ZHANG', '张'],
    ['GE', '个'],
    ['TAI', '台'],
    ['TAO', '套'],
    ['L', '升'],
  ],
  classes: [
    {
      name: '原材料',
      children: [{ name: '金属材料' }, { name: '绝缘材料' }, { name: '油漆' }, { name: '变压器油' }],
    },
    { name: '外购件', children: [{ name: '套管' }, { name: '开关与保护' }, { name: '结构件' }] },
    { name: '辅料' },
    { name: '半成品', children: [{ name: '线圈' }, { name: '铁心' }, { name: '器身' }] },
    { name: '成品', children: [{ name: '油浸式变压器' }, { name: '干式变压器' }, { name: '箱式变电站' }] },
  ],
  attributes: [
    ['电压等级', '0.4kV、10kV、20kV、35kV'],
    ['容量', '200kVA、315kVA、400kVA、630kVA、800kVA、1000kVA、1250kVA'],
    ['绝缘等级', 'A、E、B、F、H'],
    ['冷却方式', 'ONAN、ONAF、AN、AF'],
  ],
  materials: [
    [
      'YCL-CU-001',
      '漆包铜线',
      'QZ-2/155 Φ1.0mm',
      0,
      '金属材料',
      'kg',
      { aux: ['米', 143], limits: [300, 3000], attrs: { 绝缘等级: 'F' } },
    ],
    [
      'YCL-CU-002',
      '漆包铜线',
      'QZ-2/155 Φ1.5mm',
      0,
      '金属材料',
      'kg',
      { aux: ['米', 63.6], limits: [300, 3000], attrs: { 绝缘等级: 'F' } },
    ],
    ['YCL-CU-003', '纸包铜扁线', 'ZB-0.45 2.5×8mm', 0, '金属材料', 'kg', { limits: [500, 5000] }],
    ['YCL-CU-004', '铜箔', 'T2 1.2×600mm', 0, '金属材料', 'kg', { limits: [400, 4000] }],
    ['YCL-CU-005', '铜排', 'TMY 8×80mm', 0, '金属材料', 'kg', { limits: [100, 1000] }],
    ['YCL-GG-001', '冷轧取向硅钢片', '30Q120 0.30mm', 0, '金属材料', 'kg', { limits: [5000, 40000] }],
    ['YCL-GG-002', '冷轧取向硅钢片', '27Q110 0.27mm', 0, '金属材料', 'kg', { limits: [5000, 40000] }],
    ['YCL-GB-001', '热轧钢板', 'Q235B 8mm', 0, '金属材料', 'kg', { limits: [1000, 10000] }],
    [
      'YCL-JY-001',
      '绝缘纸',
      'DDP 0.08mm',
      0,
      '绝缘材料',
      'kg',
      { limits: [100, 1500], attrs: { 绝缘等级: 'A' } },
    ],
    ['YCL-JY-002', '绝缘纸板', 'T4 3.0mm 1000×2000mm', 0, '绝缘材料', '张', { limits: [50, 600] }],
    ['YCL-JY-003', '电缆纸', 'DLZ-08 0.08mm', 0, '绝缘材料', 'kg', { limits: [50, 500] }],
    [
      'YCL-JY-004',
      '环氧树脂',
      'E-44 浇注型',
      0,
      '绝缘材料',
      'kg',
      { limits: [500, 4000], attrs: { 绝缘等级: 'F' } },
    ],
    ['YCL-JY-005', '玻璃纤维网格布', '0.2mm×1000mm', 0, '绝缘材料', '米', { limits: [200, 2000] }],
    [
      'YCL-YQ-001',
      '绝缘漆',
      '1032 三聚氰胺醇酸浸渍漆',
      0,
      '油漆',
      'kg',
      { limits: [200, 1500], attrs: { 绝缘等级: 'B' } },
    ],
    ['YCL-YQ-002', '防锈底漆', 'H06-2 环氧富锌', 0, '油漆', 'kg', { limits: [100, 800] }],
    ['YCL-YQ-003', '面漆', '丙烯酸聚氨酯 RAL7035', 0, '油漆', 'kg', { limits: [100, 800] }],
    [
      'YCL-YOU-001',
      '25#变压器油',
      'GB 2536 克拉玛依',
      0,
      '变压器油',
      '升',
      { aux: ['kg', 0.88], limits: [5000, 50000] },
    ],
    [
      'WGJ-TG-001',
      '高压套管',
      'BF-10/630',
      0,
      '套管',
      '个',
      { limits: [30, 300], attrs: { 电压等级: '10kV' } },
    ],
    [
      'WGJ-TG-002',
      '低压套管',
      'BD-1/1000',
      0,
      '套管',
      '个',
      { limits: [40, 400], attrs: { 电压等级: '0.4kV' } },
    ],
    ['WGJ-KG-001', '无励磁分接开关', 'WSP-10/63-5×2.5%', 0, '开关与保护', '个', { limits: [10, 100] }],
    ['WGJ-KG-002', '压力释放阀', 'YSF4-55/80KJ', 0, '开关与保护', '个', { limits: [10, 100] }],
    ['WGJ-KG-003', '温控器', 'BWDK-3208', 0, '开关与保护', '个', { limits: [5, 50] }],
    ['WGJ-JG-001', '油箱', 'S13-M-400/10 波纹油箱', 0, '结构件', '台', { limits: [2, 20] }],
    ['WGJ-JG-002', '片式散热器', 'PC600-15/520', 0, '结构件', '个', { limits: [20, 200] }],
    ['WGJ-JG-003', '油位计', 'YZF2-200', 0, '结构件', '个', { limits: [10, 100] }],
    ['WGJ-JG-004', '铭牌', '不锈钢 120×80mm 腐蚀', 0, '结构件', '个', { limits: [50, 500] }],
    ['WGJ-JG-005', '干变外壳', 'IP20 2000×1400×2000mm', 0, '结构件', '台', { limits: [1, 10] }],
    ['FL-001', '无纬绑扎带', '0.17×25mm', 3, '辅料', '米', { limits: [500, 5000] }],
    ['FL-002', '耐油密封胶条', 'NBR Φ8mm', 3, '辅料', '米', { limits: [200, 2000] }],
    ['FL-003', '紧固件', 'M12×50 8.8级热镀锌 含螺母垫圈', 3, '辅料', '套', { limits: [500, 5000] }],
    [
      'BCP-XQ-001',
      '高压线圈',
      'S13-M-400/10 HV',
      1,
      '线圈',
      '个',
      { attrs: { 电压等级: '10kV', 绝缘等级: 'A' } },
    ],
    [
      'BCP-XQ-002',
      '低压线圈',
      'S13-M-400/10 LV',
      1,
      '线圈',
      '个',
      { attrs: { 电压等级: '0.4kV', 绝缘等级: 'A' } },
    ],
    ['BCP-XQ-003', '高压绝缘筒', 'S13-M-400/10 Φ260×620mm', 1, '线圈', '个'],
    ['BCP-XQ-004', '线圈组件', 'S13-M-400/10 三相', 1, '线圈', '套'],
    [
      'BCP-XQ-005',
      '高压线圈',
      'SCB13-1000/10 HV 环氧浇注',
      1,
      '线圈',
      '个',
      { attrs: { 电压等级: '10kV', 绝缘等级: 'F' } },
    ],
    [
      'BCP-XQ-006',
      '低压线圈',
      'SCB13-1000/10 LV 箔绕',
      1,
      '线圈',
      '个',
      { attrs: { 电压等级: '0.4kV', 绝缘等级: 'F' } },
    ],
    ['BCP-TX-001', '铁心', 'S13-M-400/10 三相三柱叠积', 1, '铁心', '个'],
    ['BCP-TX-002', '铁心', 'SCB13-1000/10 三相三柱叠积', 1, '铁心', '个'],
    ['BCP-TX-003', '铁心夹件', 'S13-M-400/10 上下夹件', 1, '铁心', '套'],
    ['BCP-QS-001', '器身', 'S13-M-400/10', 1, '器身', '台'],
    ['BCP-QS-002', '器身', 'SCB13-1000/10', 1, '器身', '台'],
    ['BCP-QS-003', '引线装配', 'S13-M-400/10 高低压引线', 1, '器身', '套'],
    ['BCP-QS-004', '油箱总成', 'S13-M-400/10 含附件', 1, '器身', '套'],
    ['BCP-FJ-001', '标准附件包', '油浸式 通用', 1, '器身', '套', { virtual: true }],
    [
      'CP-S13-400',
      '油浸式变压器',
      'S13-M-400/10',
      2,
      '油浸式变压器',
      '台',
      { attrs: { 电压等级: '10kV', 容量: '400kVA', 冷却方式: 'ONAN' } },
    ],
    [
      'CP-SCB13-1000',
      '干式变压器',
      'SCB13-1000/10',
      2,
      '干式变压器',
      '台',
      { attrs: { 电压等级: '10kV', 容量: '1000kVA', 绝缘等级: 'F', 冷却方式: 'AN' } },
    ],
    ...moreTransformers.flatMap((p) => p.materials),
  ],
  boms: {
    'CP-S13-400': [
      ['BCP-QS-001', 1],
      ['BCP-QS-004', 1],
      ['YCL-YOU-001', 320, 3],
      ['YCL-YQ-002', 4, 10],
      ['YCL-YQ-003', 6, 10],
      ['WGJ-JG-004', 1],
    ],
    'BCP-QS-001': [
      ['BCP-XQ-004', 1],
      ['BCP-TX-001', 1],
      ['BCP-QS-003', 1],
      ['YCL-JY-002', 6, 8],
      ['YCL-YQ-001', 18, 5],
    ],
    'BCP-XQ-004': [
      ['BCP-XQ-001', 3],
      ['BCP-XQ-002', 3],
      ['FL-001', 24, 5],
    ],
    'BCP-XQ-001': [
      ['YCL-CU-001', 38.5, 2],
      ['YCL-JY-001', 1.8, 5],
      ['BCP-XQ-003', 1],
    ],
    'BCP-XQ-003': [['YCL-JY-002', 0.5, 8]],
    'BCP-XQ-002': [
      ['YCL-CU-003', 42, 1.5],
      ['YCL-JY-001', 1.2, 5],
    ],
    'BCP-TX-001': [
      ['YCL-GG-001', 620, 1.5],
      ['BCP-TX-003', 1],
      ['FL-001', 12, 5],
    ],
    'BCP-TX-003': [
      ['YCL-GB-001', 48, 6],
      ['FL-003', 8],
    ],
    'BCP-QS-003': [
      ['YCL-CU-005', 9.5, 3],
      ['YCL-JY-003', 0.6, 10],
      ['WGJ-KG-001', 1],
    ],
    'BCP-QS-004': [
      ['WGJ-JG-001', 1],
      ['WGJ-JG-002', 8],
      ['WGJ-TG-001', 3],
      ['WGJ-TG-002', 4],
      ['BCP-FJ-001', 1],
      ['FL-002', 15, 10],
      ['FL-003', 24],
    ],
    'BCP-FJ-001': [
      ['WGJ-KG-002', 1],
      ['WGJ-JG-003', 1],
    ],
    'CP-SCB13-1000': [
      ['BCP-QS-002', 1],
      ['WGJ-KG-003', 1],
      ['WGJ-JG-005', 1],
      ['WGJ-JG-004', 1],
    ],
    'BCP-QS-002': [
      ['BCP-XQ-005', 3],
      ['BCP-XQ-006', 3],
      ['BCP-TX-002', 1],
      ['FL-003', 36],
    ],
    'BCP-XQ-005': [
      ['YCL-CU-002', 95, 2],
      ['YCL-JY-004', 120, 3],
      ['YCL-JY-005', 40, 5],
    ],
    'BCP-XQ-006': [
      ['YCL-CU-004', 110, 1],
      ['YCL-JY-001', 3.5, 5],
    ],
    'BCP-TX-002': [
      ['YCL-GG-002', 1450, 1.5],
      ['YCL-GB-001', 85, 6],
    ],
    ...Object.fromEntries(moreTransformers.flatMap((p) => Object.entries(p.boms))),
  },
};

/** A machine-tool maker: a CNC lathe broken down to bar stock and castings. */
const machinery: MaterialCatalogue = {
  units: [
    ['TAI', '台'],
    ['JIAN', '件'],
    ['KG', 'kg'],
    ['M', '米'],
    ['TAO', '套'],
  ],
  classes: [
    { name: '原材料', children: [{ name: '钢材' }, { name: '铸件' }] },
    { name: '外购件', children: [{ name: '电气件' }, { name: '标准件' }] },
    { name: '半成品' },
    { name: '成品' },
  ],
  attributes: [
    ['最大回转直径', '400mm、500mm、630mm'],
    ['数控系统', '西门子828D、FANUC 0i-TF、广数980TDc'],
  ],
  materials: [
    ['YCL-GC-001', '圆钢', '40Cr Φ120mm', 0, '钢材', 'kg', { limits: [1000, 8000] }],
    ['YCL-GC-002', '圆钢', '45# Φ80mm', 0, '钢材', 'kg', { limits: [1000, 8000] }],
    ['YCL-ZJ-001', '床身铸件', 'HT300 CK6150', 0, '铸件', '件', { limits: [2, 10] }],
    ['YCL-ZJ-002', '主轴箱体铸件', 'HT250 CK6150', 0, '铸件', '件', { limits: [2, 10] }],
    [
      'WGJ-DQ-001',
      '数控系统',
      '西门子 SINUMERIK 828D',
      0,
      '电气件',
      '套',
      { limits: [2, 10], attrs: { 数控系统: '西门子828D' } },
    ],
    ['WGJ-DQ-002', '主轴伺服电机', '1PH8 11kW', 0, '电气件', '台', { limits: [2, 10] }],
    ['WGJ-DQ-003', '进给伺服电机', '1FK7 2.3kW', 0, '电气件', '台', { limits: [4, 20] }],
    ['WGJ-BZ-001', '主轴轴承', 'NN3020K/P4', 0, '标准件', '套', { limits: [4, 30] }],
    ['WGJ-BZ-002', '滚珠丝杠', 'FFZD4010-3 L=1200mm', 0, '标准件', '件', { limits: [2, 20] }],
    ['WGJ-BZ-003', '电动刀架', 'LD4-CK6150 四工位', 0, '标准件', '台', { limits: [2, 10] }],
    ['BCP-001', '主轴', 'CK6150 Φ82通孔', 1, '半成品', '件'],
    ['BCP-002', '主轴箱', 'CK6150', 1, '半成品', '套'],
    ['BCP-003', '床身', 'CK6150 导轨淬火', 1, '半成品', '件'],
    ['BCP-004', '进给系统', 'CK6150 X/Z轴', 1, '半成品', '套'],
    ['BCP-005', '电气柜', 'CK6150 828D', 1, '半成品', '套'],
    [
      'CP-CK6150',
      '数控车床',
      'CK6150',
      2,
      '成品',
      '台',
      { attrs: { 最大回转直径: '500mm', 数控系统: '西门子828D' } },
    ],
  ],
  boms: {
    'CP-CK6150': [
      ['BCP-002', 1],
      ['BCP-003', 1],
      ['BCP-004', 1],
      ['BCP-005', 1],
      ['WGJ-BZ-003', 1],
    ],
    'BCP-002': [
      ['BCP-001', 1],
      ['YCL-ZJ-002', 1],
      ['WGJ-BZ-001', 2],
      ['WGJ-DQ-002', 1],
    ],
    'BCP-001': [['YCL-GC-001', 78, 12]],
    'BCP-003': [['YCL-ZJ-001', 1]],
    'BCP-004': [
      ['WGJ-BZ-002', 2],
      ['WGJ-DQ-003', 2],
      ['YCL-GC-002', 24, 10],
    ],
    'BCP-005': [['WGJ-DQ-001', 1]],
  },
};

/** The public demo: an electronics assembler's smart meter. */
const electronics: MaterialCatalogue = {
  units: [
    ['PCS', '个'],
    ['PIAN', '片'],
    ['TAO', '套'],
    ['M', '米'],
  ],
  classes: [
    { name: '原材料', children: [{ name: '电子元器件' }, { name: '结构件' }, { name: '包材' }] },
    { name: '半成品' },
    { name: '成品' },
  ],
  attributes: [
    ['电压规格', '220V、3×220/380V'],
    ['精度等级', '0.5S级、1级、2级'],
  ],
  materials: [
    ['YCL-001', 'PCB空板', 'FR-4 1.6mm 双面 DDZY-V3', 0, '电子元器件', '片', { limits: [500, 5000] }],
    ['YCL-002', '计量芯片', 'RN8209C SOP-16', 0, '电子元器件', '个', { limits: [1000, 10000] }],
    ['YCL-003', 'MCU', 'STM32F030C8T6 LQFP-48', 0, '电子元器件', '个', { limits: [1000, 10000] }],
    ['YCL-004', '贴片电阻', '0603 10kΩ ±1%', 0, '电子元器件', '个', { limits: [50000, 500000] }],
    ['YCL-005', '贴片电容', '0603 100nF 50V X7R', 0, '电子元器件', '个', { limits: [50000, 500000] }],
    ['YCL-006', '锰铜分流器', '250μΩ 60A', 0, '电子元器件', '个', { limits: [1000, 8000] }],
    ['YCL-007', 'LCD液晶屏', '段码 8位', 0, '电子元器件', '个', { limits: [1000, 8000] }],
    ['YCL-008', '上壳', 'PC 透明 DDZY', 0, '结构件', '个', { limits: [1000, 8000] }],
    ['YCL-009', '底壳', 'PC+10%GF 灰', 0, '结构件', '个', { limits: [1000, 8000] }],
    ['YCL-010', '包装纸箱', '五层瓦楞 10只装', 0, '包材', '个', { limits: [200, 2000] }],
    ['BCP-001', '主板PCBA', 'DDZY-V3', 1, '半成品', '片'],
    ['BCP-002', '表壳组件', 'DDZY', 1, '半成品', '套'],
    [
      'CP-DDZY-001',
      '单相智能电能表',
      'DDZY-1 5(60)A',
      2,
      '成品',
      '个',
      { attrs: { 电压规格: '220V', 精度等级: '1级' } },
    ],
  ],
  boms: {
    'CP-DDZY-001': [
      ['BCP-001', 1],
      ['BCP-002', 1],
      ['YCL-010', 0.1],
    ],
    'BCP-001': [
      ['YCL-001', 1, 0.5],
      ['YCL-002', 1],
      ['YCL-003', 1],
      ['YCL-004', 36, 2],
      ['YCL-005', 28, 2],
      ['YCL-006', 1],
      ['YCL-007', 1],
    ],
    'BCP-002': [
      ['YCL-008', 1, 1],
      ['YCL-009', 1, 1],
    ],
  },
};

export const demoMaterials: Readonly<Record<string, MaterialCatalogue>> = {
  transformer,
  machinery,
  demo: electronics,
};

/** Writes a catalogue through the same services as the screens (validation, numbering, BOM checks). */
export async function seedMaterials(tx: Tx, adminId: number, c: MaterialCatalogue): Promise<void> {
  const unitIds = new Map<string, number>();
  for (const [code, name] of c.units) unitIds.set(name, await unit.create(tx, adminId, { code, name }));
  const classIds = new Map<string, number>();
  const addClasses = async (nodes: readonly ClassNode[], parentId: number | null) => {
    for (const [i, node] of nodes.entries()) {
      const id = await materialsClass.create(tx, adminId, { name: node.name, parentId, sort: i + 1 });
      classIds.set(node.name, id);
      await addClasses(node.children ?? [], id);
    }
  };
  await addClasses(c.classes, null);
  const attributeIds = new Map<string, number>();
  for (const [name, options] of c.attributes)
    attributeIds.set(name, await materialsAttribute.create(tx, adminId, { name, options }));
  const materialIds = new Map<string, number>();
  for (const [code, name, specifications, materialType, cls, mainUnit, extra = {}] of c.materials) {
    const id = await material.create(tx, adminId, {
      code,
      name,
      specifications,
      materialType,
      classId: classIds.get(cls),
      mainUnitId: unitIds.get(mainUnit),
      auxUnitId: extra.aux ? unitIds.get(extra.aux[0]) : null,
      conversion: extra.aux?.[1] ?? null,
      lowerLimit: extra.limits?.[0] ?? null,
      upperLimit: extra.limits?.[1] ?? null,
      isVirtualMaterials: extra.virtual ?? false,
      attributes: Object.entries(extra.attrs ?? {}).map(([attr, value]) => ({
        attributeId: attributeIds.get(attr) as number,
        value,
      })),
    });
    materialIds.set(code, id);
  }
  const idOf = (code: string) => {
    const id = materialIds.get(code);
    if (id === undefined) throw new Error(`demo BOM: unknown material ${code}`);
    return id;
  };
  for (const [parent, lines] of Object.entries(c.boms))
    await saveBomLines(
      tx,
      adminId,
      idOf(parent),
      lines.map(([child, quantity, lossRate = 0], i) => ({
        childId: idOf(child),
        quantity,
        lossRate,
        sort: (i + 1) * 10,
      })),
    );
}
