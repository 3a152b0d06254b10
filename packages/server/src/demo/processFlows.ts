import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  addVersion,
  areas,
  materials,
  procedures,
  processFlow,
  processFlowClass,
  saveFlowMaterials,
  saveSteps,
  stations,
  stepsOf,
} from '../modules/information/index.ts';
import type { Tx } from '../platform/db.ts';
import { BOX_SUBSTATION, type Rating, s13Ratings, scb13Ratings } from './materials.ts';

/** A step of a demo version: the procedure, where it runs and what it consumes (by name and code). */
interface DemoStep {
  procedure: string;
  /** 委外: no lines or stations. */
  outsourced?: boolean;
  minutes: number;
  lines?: readonly string[];
  stations?: readonly string[];
  /** [material code, quantity per product] */
  materials?: readonly (readonly [string, number])[];
}

interface DemoVersion {
  name: string;
  remark?: string;
  steps: readonly DemoStep[];
}

/** A flow of a product; its first version is the main one (V1, made with the flow). */
interface DemoFlow {
  name: string;
  product: string;
  className: string;
  remark?: string;
  versions: readonly DemoVersion[];
}

const step = (
  procedure: string,
  minutes: number,
  lines: readonly string[],
  stationNames: readonly string[],
  used: readonly (readonly [string, number])[] = [],
): DemoStep => ({ procedure, minutes, lines, stations: stationNames, materials: used });
const outsourced = (procedure: string, minutes: number, used: DemoStep['materials'] = []): DemoStep => ({
  procedure,
  minutes,
  outsourced: true,
  materials: used,
});

const WINDING = ['绕线一线', '绕线二线'];

/**
 * What the demo's process engineers set on the steps of a procedure: 准备时间 (set-up once a plan:
 * a tank evacuated and heated, a slitting line re-set, a stencil and feeders changed) and 转序批量
 * (units handed to the next step at a time: cut core sheets go to stacking unit by unit, meters'
 * boards travel in trays of 50).
 */
const STEP_TIMING: Readonly<Record<string, { setup?: number; transfer?: number }>> = {
  硅钢片纵剪: { setup: 20, transfer: 1 },
  硅钢片横剪: { setup: 15, transfer: 1 },
  真空浸漆: { setup: 60 },
  烘干固化: { setup: 30 },
  数控车削: { setup: 30, transfer: 10 },
  精磨: { setup: 20, transfer: 10 },
  钻孔攻丝: { setup: 20, transfer: 10 },
  喷涂: { setup: 40 },
  锡膏印刷: { setup: 20, transfer: 50 },
  贴片: { setup: 45, transfer: 50 },
  回流焊: { setup: 30, transfer: 50 },
  AOI检测: { transfer: 50 },
  插件: { transfer: 50 },
  波峰焊: { setup: 20, transfer: 50 },
  功能测试: { transfer: 50 },
};

/** S13-M-400/10: coils, core, insulation, dipping, body, tank, oil, painting (outsourced), test, shipping. */
const s13: DemoStep[] = [
  step(
    '高压线圈绕制',
    240,
    WINDING,
    ['高压绕线工位1', '高压绕线工位2', '绕线复合工位'],
    [['YCL-CU-001', 117.81]],
  ),
  step(
    '低压线圈绕制',
    180,
    WINDING,
    ['低压绕线工位1', '低压绕线工位2', '绕线复合工位'],
    [['YCL-CU-003', 127.89]],
  ),
  step('硅钢片纵剪', 60, ['铁心剪切线'], ['纵剪工位'], [['YCL-GG-001', 629.3]]),
  step('硅钢片横剪', 45, ['铁心剪切线'], ['横剪工位']),
  step('铁心叠装', 300, ['铁心叠装线'], ['叠装工位1', '叠装工位2'], [['BCP-TX-003', 1]]),
  step(
    '绝缘纸包扎',
    90,
    ['包纸线'],
    ['包纸工位1', '包纸工位2'],
    [
      ['YCL-JY-001', 9.45],
      ['YCL-JY-002', 8.1],
    ],
  ),
  step('真空浸漆', 480, ['浸漆烘干线'], ['真空浸漆罐'], [['YCL-YQ-001', 18.9]]),
  step('烘干固化', 600, ['浸漆烘干线'], ['烘房']),
  step('器身装配', 360, ['总装一线'], ['器身装配工位'], [['FL-001', 37.8]]),
  step(
    '引线焊接',
    120,
    ['总装一线'],
    ['器身装配工位'],
    [
      ['YCL-CU-005', 9.785],
      ['YCL-JY-003', 0.66],
      ['WGJ-KG-001', 1],
    ],
  ),
  step(
    '油箱总装',
    240,
    ['总装一线'],
    ['油箱总装工位'],
    [
      ['WGJ-JG-001', 1],
      ['WGJ-JG-002', 8],
      ['WGJ-TG-001', 3],
      ['WGJ-TG-002', 4],
      ['WGJ-KG-002', 1],
      ['WGJ-JG-003', 1],
      ['FL-002', 16.5],
      ['FL-003', 32],
    ],
  ),
  step('真空注油', 180, ['总装一线'], ['注油工位'], [['YCL-YOU-001', 329.6]]),
  outsourced('油箱喷漆', 120, [
    ['YCL-YQ-002', 4.4],
    ['YCL-YQ-003', 6.6],
  ]),
  step('出厂试验', 240, ['试验线'], ['试验站']),
  step('包装发运', 60, ['发运线'], ['包装工位'], [['WGJ-JG-004', 1]]),
];

/** SCB13-1000/10 cast resin: foil low-voltage coils, epoxy casting, enclosure instead of a tank. */
const scb13: DemoStep[] = [
  step(
    '高压线圈绕制',
    300,
    WINDING,
    ['高压绕线工位1', '高压绕线工位2'],
    [
      ['YCL-CU-002', 290.7],
      ['YCL-JY-005', 126],
    ],
  ),
  step(
    '低压线圈绕制',
    240,
    WINDING,
    ['低压绕线工位1', '低压绕线工位2'],
    [
      ['YCL-CU-004', 333.3],
      ['YCL-JY-001', 11.025],
    ],
  ),
  step('真空浸漆', 600, ['浸漆烘干线'], ['真空浸漆罐'], [['YCL-JY-004', 370.8]]),
  step('烘干固化', 720, ['浸漆烘干线'], ['烘房']),
  step('硅钢片纵剪', 90, ['铁心剪切线'], ['纵剪工位'], [['YCL-GG-002', 1471.75]]),
  step('硅钢片横剪', 60, ['铁心剪切线'], ['横剪工位']),
  step('铁心叠装', 420, ['铁心叠装线'], ['叠装工位1', '叠装工位2'], [['YCL-GB-001', 90.1]]),
  step('器身装配', 420, ['总装一线'], ['器身装配工位'], [['FL-003', 36]]),
  step('引线焊接', 150, ['总装一线'], ['器身装配工位']),
  step(
    '油箱总装',
    180,
    ['总装一线'],
    ['油箱总装工位'],
    [
      ['WGJ-JG-005', 1],
      ['WGJ-KG-003', 1],
    ],
  ),
  step('出厂试验', 300, ['试验线'], ['试验站']),
  step('包装发运', 60, ['发运线'], ['包装工位'], [['WGJ-JG-004', 1]]),
];

/** The same steps with one replaced (a version that differs in one place). */
const replacing = (steps: readonly DemoStep[], procedure: string, by: DemoStep | null): DemoStep[] =>
  steps.flatMap((s) => (s.procedure === procedure ? (by ? [by] : []) : [s]));

/** [material code → factor of its quantity, or [the rating's own part, quantity]] */
type Sizing = Readonly<Record<string, number | readonly [string, number]>>;

/**
 * A reference step list for another rating: each step's minutes × `minutes` (to 5 minutes), each
 * material's quantity scaled or the part swapped for the rating's own; others (bushings, the
 * nameplate) stay as they are.
 */
const sized = (steps: readonly DemoStep[], minutes: number, sizing: Sizing): DemoStep[] =>
  steps.map((s) => ({
    ...s,
    minutes: Math.max(5, Math.round((s.minutes * minutes) / 5) * 5),
    materials: s.materials?.map(([code, quantity]) => {
      const to = sizing[code];
      if (to === undefined) return [code, quantity] as const;
      return typeof to === 'number' ? ([code, Math.round(quantity * to * 1000) / 1000] as const) : to;
    }),
  }));

/** Work time grows slower than the material: a bigger coil has more turns, not more coils. */
const timeFactor = (r: Rating) => Math.sqrt(r.size);

const s13Flow = (r: Rating): DemoFlow => ({
  name: `S13-M-${r.kva}/10 油浸式变压器工艺`,
  product: r.product,
  className: '油浸式变压器',
  versions: [
    {
      name: 'V1',
      steps: sized(s13, timeFactor(r), {
        'YCL-CU-001': r.size,
        'YCL-CU-003': r.size,
        'YCL-GG-001': r.size,
        // the reference's clamps are a part of their own; the other ratings' are steel plate
        'BCP-TX-003': ['YCL-GB-001', Math.round(48 * 1.06 * r.size * 100) / 100],
        'YCL-JY-001': r.size,
        'YCL-JY-002': r.size,
        'YCL-YQ-001': r.size,
        'YCL-CU-005': r.size,
        'YCL-JY-003': r.size,
        'WGJ-JG-001': [r.housing, 1],
        'WGJ-JG-002': ['WGJ-JG-002', r.radiators],
        'YCL-YOU-001': r.surface,
        'YCL-YQ-002': r.surface,
        'YCL-YQ-003': r.surface,
      }),
    },
  ],
});

const scb13Flow = (r: Rating): DemoFlow => ({
  name: `SCB13-${r.kva}/10 干式变压器工艺`,
  product: r.product,
  className: '干式变压器',
  versions: [
    {
      name: 'V1',
      steps: sized(scb13, timeFactor(r), {
        'YCL-CU-002': r.size,
        'YCL-JY-005': r.size,
        'YCL-CU-004': r.size,
        'YCL-JY-001': r.size,
        'YCL-JY-004': r.size,
        'YCL-GG-002': r.size,
        'YCL-GB-001': r.size,
        'WGJ-JG-005': [r.housing, 1],
      }),
    },
  ],
});

/** The reference's step of that procedure, moved to another line's stations. */
const moved = (steps: readonly DemoStep[], procedure: string, line: string, station: string): DemoStep => {
  const found = steps.find((s) => s.procedure === procedure);
  if (!found) throw new Error(`demo process flow: no step ${procedure}`);
  return { ...found, lines: [line], stations: [station] };
};

const BOX_LINE = '箱变装配线';
const box = BOX_SUBSTATION;

/** YBM box-type substation: the S13-M-630 and the cabinets fitted into the enclosure, wired, tested. */
const boxSubstation: DemoFlow = {
  name: 'YBM-12/0.4-630 箱式变电站工艺',
  product: box.product,
  className: '箱式变电站',
  versions: [
    {
      name: 'V1',
      steps: [
        step(
          '箱变总装',
          480,
          [BOX_LINE],
          ['箱变总装工位'],
          [
            [box.enclosure, 1],
            [box.transformer, 1],
            [box.hvCabinet, 1],
            [box.lvCabinet, 1],
          ],
        ),
        step(
          '二次接线',
          240,
          [BOX_LINE],
          ['二次接线工位'],
          [
            ['YCL-CU-005', 36.05],
            ['FL-003', 60],
          ],
        ),
        moved(s13, '出厂试验', BOX_LINE, '箱变试验工位'),
        moved(s13, '包装发运', BOX_LINE, '箱变发运工位'),
      ],
    },
  ],
};

const transformer: DemoFlow[] = [
  {
    name: 'S13-M-400/10 油浸式变压器工艺',
    product: 'CP-S13-400',
    className: '油浸式变压器',
    versions: [
      { name: 'V1', steps: s13 },
      {
        name: 'V2',
        remark: '油箱采购成品漆，取消委外喷漆；面漆、底漆不再领用',
        steps: replacing(s13, '油箱喷漆', null),
      },
    ],
  },
  {
    name: 'SCB13-1000/10 干式变压器工艺',
    product: 'CP-SCB13-1000',
    className: '干式变压器',
    versions: [
      { name: 'V1', steps: scb13 },
      {
        name: 'V2',
        remark: '低压箔绕线圈委外加工（产能不足时）',
        steps: replacing(
          scb13,
          '低压线圈绕制',
          outsourced('低压线圈绕制', 240, [
            ['YCL-CU-004', 333.3],
            ['YCL-JY-001', 11.025],
          ]),
        ),
      },
    ],
  },
  ...s13Ratings.map(s13Flow),
  ...scb13Ratings.map(scb13Flow),
  boxSubstation,
];

const machinery: DemoFlow[] = [
  {
    name: 'CK6150 数控车床工艺',
    product: 'CP-CK6150',
    className: '数控车床',
    versions: [
      {
        name: 'V1',
        steps: [
          step(
            '下料',
            30,
            ['车削线'],
            ['下料工位'],
            [
              ['YCL-GC-001', 87.36],
              ['YCL-GC-002', 26.4],
            ],
          ),
          step('数控车削', 90, ['车削线'], ['数控车床1', '数控车床2']),
          outsourced('热处理', 480),
          step('精磨', 90, ['铣削线'], ['精磨工位']),
          step(
            '数控铣削',
            120,
            ['铣削线'],
            ['加工中心1'],
            [
              ['YCL-ZJ-001', 1],
              ['YCL-ZJ-002', 1],
            ],
          ),
          step('钻孔攻丝', 45, ['铣削线'], ['加工中心1']),
          step(
            '部件装配',
            180,
            ['总装线'],
            ['部件装配工位'],
            [
              ['WGJ-BZ-001', 2],
              ['WGJ-DQ-002', 1],
              ['WGJ-BZ-002', 2],
              ['WGJ-DQ-003', 2],
            ],
          ),
          step(
            '整机装配',
            360,
            ['总装线'],
            ['整机装配工位'],
            [
              ['WGJ-BZ-003', 1],
              ['WGJ-DQ-001', 1],
            ],
          ),
          step('整机调试', 240, ['总装线'], ['调试工位']),
          step('喷涂', 120, ['喷涂线'], ['喷涂房']),
          step('终检', 60, ['总装线'], ['终检工位']),
        ],
      },
    ],
  },
];

const electronics: DemoFlow[] = [
  {
    name: 'DDZY-1 单相智能电能表工艺',
    product: 'CP-DDZY-001',
    className: '电能表',
    versions: [
      {
        name: 'V1',
        steps: [
          step('锡膏印刷', 5, ['SMT一线'], ['印刷机'], [['YCL-001', 1.005]]),
          step(
            '贴片',
            10,
            ['SMT一线'],
            ['贴片机'],
            [
              ['YCL-002', 1],
              ['YCL-003', 1],
              ['YCL-004', 36.72],
              ['YCL-005', 28.56],
            ],
          ),
          step('回流焊', 8, ['SMT一线'], ['回流炉']),
          step('AOI检测', 4, ['SMT一线'], ['AOI']),
          step(
            '插件',
            15,
            ['DIP线'],
            ['插件工位'],
            [
              ['YCL-006', 1],
              ['YCL-007', 1],
            ],
          ),
          step('波峰焊', 6, ['DIP线'], ['波峰焊工位']),
          step('功能测试', 12, ['测试包装线'], ['测试工位']),
          outsourced('老化', 240),
          step(
            '包装',
            5,
            ['测试包装线'],
            ['包装工位'],
            [
              ['YCL-008', 1.01],
              ['YCL-009', 1.01],
              ['YCL-010', 0.1],
            ],
          ),
        ],
      },
    ],
  },
];

export const demoProcessFlows: Readonly<Record<string, readonly DemoFlow[]>> = {
  transformer,
  machinery,
  demo: electronics,
};

/** name (or code) → id of a table's rows; a demo naming something missing is a bug in the demo. */
async function lookup(tx: Tx, id: AnyPgColumn, key: AnyPgColumn, what: string) {
  const rows = (await tx.select({ id, key }).from(id.table)) as { id: number; key: string }[];
  const map = new Map(rows.map((r) => [r.key, r.id]));
  return (k: string) => {
    const found = map.get(k);
    if (found === undefined) throw new Error(`demo process flow: unknown ${what} ${k}`);
    return found;
  };
}

/**
 * Writes the flows through the same services as the screens (numbering, step and material
 * checks): after the factory model and the materials, whose lines, stations, procedures and
 * materials it names.
 */
export async function seedProcessFlows(tx: Tx, adminId: number, flows: readonly DemoFlow[]): Promise<void> {
  const procedureId = await lookup(tx, procedures.id, procedures.name, 'procedure');
  const areaId = await lookup(tx, areas.id, areas.name, 'line');
  const stationId = await lookup(tx, stations.id, stations.name, 'station');
  const materialId = await lookup(tx, materials.id, materials.code, 'material');
  const classIds = new Map<string, number>();
  for (const f of flows) {
    let classId = classIds.get(f.className);
    if (classId === undefined) {
      classId = await processFlowClass.create(tx, adminId, { name: f.className });
      classIds.set(f.className, classId);
    }
    const flowId = await processFlow.create(tx, adminId, {
      name: f.name,
      materialId: materialId(f.product),
      classId,
      remark: f.remark ?? null,
    });
    for (const [i, v] of f.versions.entries()) {
      // the flow starts with its main version V1; the others are added beside it
      const versionId =
        i === 0
          ? (await processFlow.detail(tx, flowId)).mainVersionId
          : await addVersion(tx, adminId, { flowId, name: v.name, remark: v.remark });
      await saveSteps(
        tx,
        adminId,
        Number(versionId),
        v.steps.map((s) => ({
          procedureId: procedureId(s.procedure),
          processType: s.outsourced ? 1 : 0,
          standardMinutes: s.minutes,
          setupMinutes: STEP_TIMING[s.procedure]?.setup ?? null,
          transferQuantity: STEP_TIMING[s.procedure]?.transfer ?? null,
          areaIds: (s.lines ?? []).map(areaId),
          stationIds: (s.stations ?? []).map(stationId),
        })),
      );
      const stepIds = (await stepsOf(tx, Number(versionId))).map((s) => s.id);
      await saveFlowMaterials(
        tx,
        adminId,
        Number(versionId),
        v.steps.flatMap((s, at) =>
          (s.materials ?? []).map(([code, quantity]) => ({
            materialId: materialId(code),
            stepId: stepIds[at],
            quantity,
          })),
        ),
      );
    }
  }
}
