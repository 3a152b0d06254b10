import { numberedEntities } from '@factory/shared/entities/numbering';
import { area, procedure, setUserStations, station } from '../modules/information/index.ts';
import { codeRule, organization, userGroup, users } from '../modules/setting/index.ts';
import type { Tx } from '../platform/db.ts';
import { seedPeople } from './people.ts';

/** A factory model: workshops with their lines, each line's stations and what they do. */
export interface FactoryModel {
  factory: string;
  /** [procedure code, name, 0 in-house | 1 outsourced, standard minutes] */
  procedures: readonly (readonly [string, string, 0 | 1, number])[];
  workshops: readonly {
    name: string;
    lines: readonly {
      name: string;
      /** [station name, procedure codes it can do] */
      stations: readonly (readonly [string, readonly string[]])[];
    }[];
  }[];
  /** [group name, member user names] */
  groups: readonly (readonly [string, readonly string[]])[];
  /** user name → station names they may work at */
  userStations: Readonly<Record<string, readonly string[]>>;
  /** Operators to create in each workshop (the shop floor beyond the job-role accounts). */
  peoplePerWorkshop?: number;
}

/**
 * The transformer works: winding, iron core, paper wrapping, dipping paint, final assembly, shipping,
 * and box-type substations fitted out on a line of their own.
 */
const transformer: FactoryModel = {
  factory: '华东变压器一厂',
  procedures: [
    ['GX001', '高压线圈绕制', 0, 240],
    ['GX002', '低压线圈绕制', 0, 180],
    ['GX003', '硅钢片纵剪', 0, 60],
    ['GX004', '硅钢片横剪', 0, 45],
    ['GX005', '铁心叠装', 0, 300],
    ['GX006', '绝缘纸包扎', 0, 90],
    ['GX007', '真空浸漆', 0, 480],
    ['GX008', '烘干固化', 0, 600],
    ['GX009', '器身装配', 0, 360],
    ['GX010', '引线焊接', 0, 120],
    ['GX011', '油箱总装', 0, 240],
    ['GX012', '真空注油', 0, 180],
    ['GX013', '出厂试验', 0, 240],
    ['GX014', '油箱喷漆', 1, 120],
    ['GX015', '包装发运', 0, 60],
    ['GX016', '箱变总装', 0, 480],
    ['GX017', '二次接线', 0, 240],
  ],
  workshops: [
    {
      name: '绕线车间',
      lines: [
        {
          name: '绕线一线',
          stations: [
            ['高压绕线工位1', ['GX001']],
            ['高压绕线工位2', ['GX001']],
            ['低压绕线工位1', ['GX002']],
          ],
        },
        {
          name: '绕线二线',
          stations: [
            ['低压绕线工位2', ['GX002']],
            ['绕线复合工位', ['GX001', 'GX002']],
          ],
        },
      ],
    },
    {
      name: '铁心车间',
      lines: [
        {
          name: '铁心剪切线',
          stations: [
            ['纵剪工位', ['GX003']],
            ['横剪工位', ['GX004']],
          ],
        },
        {
          name: '铁心叠装线',
          stations: [
            ['叠装工位1', ['GX005']],
            ['叠装工位2', ['GX005']],
          ],
        },
      ],
    },
    {
      name: '包纸车间',
      lines: [
        {
          name: '包纸线',
          stations: [
            ['包纸工位1', ['GX006']],
            ['包纸工位2', ['GX006']],
          ],
        },
      ],
    },
    {
      name: '浸漆车间',
      lines: [
        {
          name: '浸漆烘干线',
          stations: [
            ['真空浸漆罐', ['GX007']],
            ['烘房', ['GX008']],
          ],
        },
      ],
    },
    {
      name: '总装车间',
      lines: [
        {
          name: '总装一线',
          stations: [
            ['器身装配工位', ['GX009', 'GX010']],
            ['油箱总装工位', ['GX011']],
            ['注油工位', ['GX012']],
          ],
        },
        { name: '试验线', stations: [['试验站', ['GX013']]] },
      ],
    },
    { name: '发运区', lines: [{ name: '发运线', stations: [['包装工位', ['GX015']]] }] },
    {
      // box-type substations are fitted out, tested and shipped in a workshop of their own
      name: '成套车间',
      lines: [
        {
          name: '箱变装配线',
          stations: [
            ['箱变总装工位', ['GX016']],
            ['二次接线工位', ['GX017']],
            ['箱变试验工位', ['GX013']],
            ['箱变发运工位', ['GX015']],
          ],
        },
      ],
    },
  ],
  groups: [
    ['绕线班组', ['caozuo01']],
    ['质检组', ['zhijian01']],
    ['生产管理组', ['jihua01', 'jingli01']],
  ],
  userStations: { caozuo01: ['高压绕线工位1', '高压绕线工位2', '低压绕线工位1'], zhijian01: ['试验站'] },
  peoplePerWorkshop: 35,
};

/** A machine-tool maker: machining, welding, assembly, painting. */
const machinery: FactoryModel = {
  factory: '精工机械一厂',
  procedures: [
    ['GX001', '下料', 0, 30],
    ['GX002', '数控车削', 0, 90],
    ['GX003', '数控铣削', 0, 120],
    ['GX004', '钻孔攻丝', 0, 45],
    ['GX005', '热处理', 1, 480],
    ['GX006', '精磨', 0, 90],
    ['GX007', '焊接', 0, 120],
    ['GX008', '部件装配', 0, 180],
    ['GX009', '整机装配', 0, 360],
    ['GX010', '整机调试', 0, 240],
    ['GX011', '喷涂', 0, 120],
    ['GX012', '终检', 0, 60],
  ],
  workshops: [
    {
      name: '机加工车间',
      lines: [
        {
          name: '车削线',
          stations: [
            ['下料工位', ['GX001']],
            ['数控车床1', ['GX002']],
            ['数控车床2', ['GX002']],
          ],
        },
        {
          name: '铣削线',
          stations: [
            ['加工中心1', ['GX003', 'GX004']],
            ['精磨工位', ['GX006']],
          ],
        },
      ],
    },
    {
      name: '焊接车间',
      lines: [
        {
          name: '焊接线',
          stations: [
            ['焊接工位1', ['GX007']],
            ['焊接工位2', ['GX007']],
          ],
        },
      ],
    },
    {
      name: '装配车间',
      lines: [
        {
          name: '总装线',
          stations: [
            ['部件装配工位', ['GX008']],
            ['整机装配工位', ['GX009']],
            ['调试工位', ['GX010']],
            ['终检工位', ['GX012']],
          ],
        },
      ],
    },
    { name: '涂装车间', lines: [{ name: '喷涂线', stations: [['喷涂房', ['GX011']]] }] },
  ],
  groups: [
    ['机加班组', ['caozuo01']],
    ['质检组', ['zhijian01']],
  ],
  userStations: { caozuo01: ['数控车床1', '数控车床2'], zhijian01: ['终检工位'] },
};

/** The public demo: an electronics assembler (SMT, insertion, testing, packing). */
const electronics: FactoryModel = {
  factory: '演示电子工厂',
  procedures: [
    ['GX001', '锡膏印刷', 0, 5],
    ['GX002', '贴片', 0, 10],
    ['GX003', '回流焊', 0, 8],
    ['GX004', 'AOI检测', 0, 4],
    ['GX005', '插件', 0, 15],
    ['GX006', '波峰焊', 0, 6],
    ['GX007', '功能测试', 0, 12],
    ['GX008', '老化', 1, 240],
    ['GX009', '包装', 0, 5],
  ],
  workshops: [
    {
      name: 'SMT车间',
      lines: [
        {
          name: 'SMT一线',
          stations: [
            ['印刷机', ['GX001']],
            ['贴片机', ['GX002']],
            ['回流炉', ['GX003']],
            ['AOI', ['GX004']],
          ],
        },
      ],
    },
    {
      name: '组装车间',
      lines: [
        {
          name: 'DIP线',
          stations: [
            ['插件工位', ['GX005']],
            ['波峰焊工位', ['GX006']],
          ],
        },
        {
          name: '测试包装线',
          stations: [
            ['测试工位', ['GX007']],
            ['包装工位', ['GX009']],
          ],
        },
      ],
    },
  ],
  groups: [['质检组', ['zhijian01']]],
  userStations: { caozuo01: ['插件工位', '测试工位'], zhijian01: ['AOI'] },
};

export const demoFactories: Readonly<Record<string, FactoryModel>> = {
  transformer,
  machinery,
  demo: electronics,
};

const seq = (prefix: string, n: number) => `${prefix}${String(n).padStart(3, '0')}`;

/** Writes a factory model through the same services as the screens. */
export async function seedFactory(tx: Tx, adminId: number, m: FactoryModel): Promise<void> {
  // the rules on screen from the start, so a planner sees how codes are made and can change them
  for (const e of numberedEntities)
    if (e.autoCode) await codeRule.create(tx, adminId, { docType: e.name, resetPeriod: 0, ...e.autoCode });
  const procedureIds = new Map<string, number>();
  for (const [code, name, processType, standardMinutes] of m.procedures)
    procedureIds.set(code, await procedure.create(tx, adminId, { code, name, processType, standardMinutes }));
  const factoryId = await organization.create(tx, adminId, {
    code: 'ORG001',
    name: m.factory,
    level: 0,
    sort: 1,
  });
  const stationIds = new Map<string, number>();
  let org = 1;
  let line = 0;
  let st = 0;
  for (const [w, workshop] of m.workshops.entries()) {
    const workshopId = await organization.create(tx, adminId, {
      code: seq('ORG', ++org),
      name: workshop.name,
      level: 1,
      parentId: factoryId,
      sort: w + 1,
    });
    for (const [l, ln] of workshop.lines.entries()) {
      await organization.create(tx, adminId, {
        code: seq('ORG', ++org),
        name: ln.name,
        level: 2,
        parentId: workshopId,
        sort: l + 1,
      });
      const areaId = await area.create(tx, adminId, {
        code: seq('CX', ++line),
        name: ln.name,
        organizationId: workshopId,
      });
      for (const [name, codes] of ln.stations) {
        const procedureList = codes.map((c) => procedureIds.get(c) as number);
        stationIds.set(
          name,
          await station.create(tx, adminId, {
            code: seq('GW', ++st),
            name,
            areaId,
            procedureIds: procedureList,
          }),
        );
      }
    }
  }
  const userIds = new Map(
    (await tx.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]),
  );
  for (const [g, [name, members]] of m.groups.entries())
    await userGroup.create(tx, adminId, {
      code: seq('YHZ', g + 1),
      name,
      userIds: members.map((u) => userIds.get(u)).filter((id) => id !== undefined),
    });
  for (const [userName, names] of Object.entries(m.userStations)) {
    const id = userIds.get(userName);
    if (id)
      await setUserStations(
        tx,
        adminId,
        id,
        names.map((n) => stationIds.get(n) as number),
      );
  }
  // everyone starts in the factory (row-level security keeps this to the tenant's users)
  await tx.update(users).set({ organizationId: factoryId });
  if (m.peoplePerWorkshop) await seedPeople(tx, adminId, m.peoplePerWorkshop);
}
