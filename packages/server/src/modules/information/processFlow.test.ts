import { PROCEDURE_IN_USE_MESSAGE } from '@factory/shared/api/errors';
import type {
  BomRelationNode,
  FlowMaterial,
  ProcessStep,
  VersionDetail,
  VersionSummary,
} from '@factory/shared/api/processFlow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityFor } from '../../demo/roles.ts';
import { type Calls, callsAs, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let a: Calls;
let editor: Calls;
let outsider: Calls;
let other: Calls;
const P = 'basicData/production/private/';
const F = `${P}processFlow/`;
const V = `${P}processFlowVersion/`;
const C = `${P}processFlowClass/`;
const M = 'basicData/materials/private/';
type Flow = {
  id: number;
  code: string;
  name: string;
  materialId: number;
  materialName: string;
  materialCode: string;
  className: string | null;
  classId: number | null;
  isEnabled: number;
  mainVersionId: number;
  mainVersionName: string;
  versionCount: number;
  stepCount: number;
  versionList: VersionSummary[];
};
type Step = {
  id?: number;
  procedureId: number;
  processType: number;
  areaIds: number[];
  stationIds: number[];
};

const ids: Record<string, number> = {};
const add = async (url: string, body: unknown) => (await a.ok<{ id: number }>(a.post(url, body))).id;
const flowOf = (id: number) => a.ok<Flow>(a.get(`${F}getProcessFlowDetail`, { id }));
const detail = (id: number) => a.ok<VersionDetail>(a.get(`${V}getProcessFlowVersionDetail`, { id }));
const saveSteps = (id: number, steps: Step[], as = a) => as.put(`${V}updateOne`, { id, steps });
const saveMaterials = (versionId: number, items: unknown[]) =>
  a.post(`${F}updateBomListView`, { versionId, items });
const mains = async (flowId: number) =>
  (await flowOf(flowId)).versionList.filter((v) => v.isMain).map((v) => v.name);

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('pf', [
    { userName: 'editor', modules: ['processList'] },
    { userName: 'outsider', modules: ['procedureList'] },
  ]);
  await h.addTenant('other');
  // the editor may add and modify flows, not set the main version
  await h.db.systemQuery(
    sql`update roles set authority = ${authorityFor({ modules: ['processList'], actions: ['Add', 'Modify'] })} where name = 'editor的角色'`,
  );
  a = callsAs(h, await h.login('pf', 'admin'));
  editor = callsAs(h, await h.login('pf', 'editor'));
  outsider = callsAs(h, await h.login('pf', 'outsider'));
  other = callsAs(h, await h.login('other', 'admin'));

  const set = await add(`${M}unit/addUnit`, { code: 'TAI', name: '台' });
  const kg = await add(`${M}unit/addUnit`, { code: 'KG', name: 'kg' });
  for (const [code, name, materialType, unit, isVirtualMaterials] of [
    ['S13', '油浸式变压器', 2, set, false],
    ['SCB', '干式变压器', 2, set, false],
    ['QS', '器身', 1, set, false],
    ['CU', '漆包铜线', 0, kg, false],
    ['OIL', '变压器油', 0, kg, false],
    ['KIT', '附件包', 1, set, true],
  ] as const)
    ids[code] = await add(`${M}materials/addMaterials`, {
      code,
      name,
      materialType,
      mainUnitId: unit,
      isVirtualMaterials,
    });
  await a.ok(
    a.put(`${M}materials/updateBomList`, {
      parentId: ids.S13,
      items: [
        { childId: ids.QS, quantity: 1 },
        { childId: ids.OIL, quantity: 300, lossRate: 5 },
      ],
    }),
  );
  await a.ok(
    a.put(`${M}materials/updateBomList`, { parentId: ids.QS, items: [{ childId: ids.CU, quantity: 40 }] }),
  );
  ids.lineA = await add('basicData/private/area/addArea', { name: '绕线一线' });
  ids.lineB = await add('basicData/private/area/addArea', { name: '总装线' });
  const proc = (name: string) =>
    add(`${P}procedure/addProcedure`, { name, processType: 0, standardMinutes: 60 });
  ids.winding = await proc('绕线');
  ids.assembly = await proc('总装');
  ids.testing = await proc('试验');
  const station = (name: string, areaId: number, procedureIds: number[]) =>
    add('basicData/private/station/addStation', { name, areaId, procedureIds });
  ids.st1 = await station('绕线工位1', ids.lineA, [ids.winding]);
  ids.st2 = await station('总装工位', ids.lineB, [ids.assembly]);
  ids.st3 = await station('试验站', ids.lineB, [ids.testing]);
});
afterAll(() => h.close());

let flow: Flow;
let v1: number;

describe('process flow classes', () => {
  it('adds, lists, renames and offers classes; they have no copy, enable or import calls', async () => {
    ids.coil = await add(`${C}addProcessFlowClass`, { name: '油浸式' });
    ids.dry = await add(`${C}addProcessFlowClass`, { code: 'DRY', name: '干式' });
    const select = await a.ok<{ records: { name: string; code: string }[] }>(
      a.get(`${C}getProcessFlowClassList`, { page: 1, limit: 20 }),
    );
    expect(select.records.map((c) => [c.code, c.name])).toEqual([
      ['DRY', '干式'],
      ['GYFL001', '油浸式'],
    ]);
    const renamed = await a.ok<{ name: string }>(a.put(`${C}updateOne`, { id: ids.dry, name: '干式变压器' }));
    expect(renamed.name).toBe('干式变压器');
    const dup = await a.post(`${C}addProcessFlowClass`, { name: '油浸式' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '分类名称“油浸式”已存在' });
    for (const call of ['enable', 'export', 'importProcessFlowClass'])
      expect((await a.get(`${C}${call}`, { id: ids.dry })).status).toBe(404);
  });
});

describe('process flows', () => {
  it('adds a flow with a numbered code and a first version V1 as main, with no steps', async () => {
    expect(await a.ok(a.get(`${F}getMaxProcessFlowCode`))).toBe('GYLX0001');
    flow = await a.ok<Flow>(
      a.post(`${F}addProcessFlow`, { name: 'S13 油浸式变压器工艺', materialId: ids.S13, classId: ids.coil }),
    );
    expect(flow).toMatchObject({
      code: 'GYLX0001',
      materialName: '油浸式变压器',
      materialCode: 'S13',
      className: '油浸式',
      isEnabled: 1,
      mainVersionName: 'V1',
      versionCount: 1,
      stepCount: 0,
      versionList: [{ name: 'V1', isMain: true, stepCount: 0 }],
    });
    v1 = flow.mainVersionId;
    expect(await detail(v1)).toMatchObject({ name: 'V1', isMain: true, steps: [], materials: [] });
  });

  it('refuses a missing, raw or virtual product, a duplicate name and an unknown class', async () => {
    const missing = await a.post(`${F}addProcessFlow`, { name: '无产品' });
    expect(missing.body).toMatchObject({ errorCode: 1, errorMsg: '请选择产品' });
    for (const materialId of [ids.CU, ids.KIT]) {
      const raw = await a.post(`${F}addProcessFlow`, { name: '铜线工艺', materialId });
      expect(raw.body).toMatchObject({ errorCode: 1, errorMsg: '所选产品不存在或已被删除' });
    }
    const dup = await a.post(`${F}addProcessFlow`, { name: 'S13 油浸式变压器工艺', materialId: ids.S13 });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '工艺路线名称“S13 油浸式变压器工艺”已存在' });
    const cls = await a.post(`${F}addProcessFlow`, { name: 'X', materialId: ids.S13, classId: 999_999 });
    expect(cls.body).toMatchObject({ errorCode: 1, errorMsg: '所选分类不存在或已被删除' });
    expect((await a.page<Flow>(`${F}getProcessFlowListPage`)).total).toBe(1);
  });

  it('refuses deleting a class a flow uses, naming the flow', async () => {
    const res = await a.del(`${C}deleteOne`, ids.coil);
    expect(res.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“油浸式”已被工艺路线“S13 油浸式变压器工艺”使用，不能删除',
    });
  });
});

describe('steps of a version', () => {
  const good = (): Step[] => [
    { procedureId: ids.winding, processType: 0, areaIds: [ids.lineA], stationIds: [ids.st1] },
    { procedureId: ids.assembly, processType: 0, areaIds: [ids.lineB], stationIds: [ids.st2] },
    { procedureId: ids.testing, processType: 1, areaIds: [ids.lineB], stationIds: [] },
  ];

  it('saves ordered steps with their lines and stations, numbered 1…n', async () => {
    const steps = await a.ok<ProcessStep[]>(saveSteps(v1, good()));
    expect(steps.map((s) => [s.seq, s.procedureName, s.processType, s.areaList, s.stationList])).toEqual([
      [
        1,
        '绕线',
        0,
        [{ id: ids.lineA, name: '绕线一线' }],
        [{ id: ids.st1, name: '绕线工位1', areaId: ids.lineA }],
      ],
      [
        2,
        '总装',
        0,
        [{ id: ids.lineB, name: '总装线' }],
        [{ id: ids.st2, name: '总装工位', areaId: ids.lineB }],
      ],
      [3, '试验', 1, [{ id: ids.lineB, name: '总装线' }], []],
    ]);
    expect(await a.ok(a.post(`${F}getProcedureList`, { versionId: v1 }))).toEqual(steps);
    expect((await flowOf(flow.id)).stepCount).toBe(3);
  });

  it('refuses a station off the step’s lines or unable to do its procedure, and writes nothing', async () => {
    const before = await detail(v1);
    const offLine = good();
    offLine[1].stationIds = [ids.st1];
    const res1 = await saveSteps(v1, offLine);
    expect(res1.body).toMatchObject({
      errorCode: 1,
      errorMsg: '第2道工序“总装”：工位“绕线工位1”不在该工序所选的产线上',
      result: [{ field: 'steps.1.stationIds' }],
    });
    const cannot = good();
    cannot[1].stationIds = [ids.st3];
    const res2 = await saveSteps(v1, cannot);
    expect(res2.body.errorMsg).toBe('第2道工序“总装”：工位“试验站”不能做该工序，请先在工位中设置其可做工序');
    const badLine = good();
    badLine[2].areaIds = [999_999];
    expect((await saveSteps(v1, badLine)).body.errorMsg).toBe('第3道工序“试验”：所选产线不存在或已被删除');
    const badProc = good();
    badProc[0].procedureId = 999_999;
    expect((await saveSteps(v1, badProc)).body.errorMsg).toBe('第1道工序：所选工序不存在或已被删除');
    const badType = good();
    badType[0].processType = 2;
    expect((await saveSteps(v1, badType)).body.errorMsg).toBe('加工类型不能大于1');
    expect(await detail(v1)).toEqual(before);
  });

  it('reorders kept steps by id: their materials stay with them', async () => {
    const [wind, assemble, test] = (await detail(v1)).steps;
    await a.ok(saveMaterials(v1, [{ materialId: ids.CU, stepId: wind.id, quantity: 40 }]));
    const reordered = await a.ok<ProcessStep[]>(
      saveSteps(v1, [
        { id: assemble.id, procedureId: ids.assembly, processType: 0, areaIds: [ids.lineB], stationIds: [] },
        {
          id: wind.id,
          procedureId: ids.winding,
          processType: 0,
          areaIds: [ids.lineA],
          stationIds: [ids.st1],
        },
        { procedureId: ids.testing, processType: 0, areaIds: [], stationIds: [] },
      ]),
    );
    expect(reordered.map((s) => [s.id === assemble.id, s.id === wind.id, s.seq])).toEqual([
      [true, false, 1],
      [false, true, 2],
      [false, false, 3],
    ]);
    expect(reordered[2].id).not.toBe(test.id);
    const [line] = (await detail(v1)).materials;
    expect(line).toMatchObject({ code: 'CU', stepId: wind.id, stepSeq: 2, procedureName: '绕线' });
    // back to the three steps the rest of the file expects
    await a.ok(saveSteps(v1, good()));
  });
});

describe('BOM views of a version', () => {
  it('replaces the BOM list view as a whole and shows it by step', async () => {
    const [wind, assemble] = (await detail(v1)).steps;
    const saved = await a.ok<FlowMaterial[]>(
      saveMaterials(v1, [
        { materialId: ids.OIL, stepId: assemble.id, quantity: 315, remark: ' 含补油 ' },
        { materialId: ids.QS, quantity: 1 },
        { materialId: ids.CU, stepId: wind.id, quantity: 40.5 },
      ]),
    );
    expect(saved.map((m) => [m.code, m.stepSeq, m.procedureName, m.quantity, m.remark])).toEqual([
      ['CU', 1, '绕线', 40.5, null],
      ['OIL', 2, '总装', 315, '含补油'],
      ['QS', null, null, 1, null],
    ]);
    expect(await a.ok(a.get(`${F}getBomListView`, { id: v1 }))).toEqual(saved);
  });

  it('refuses bad lines and leaves the old list (all or nothing)', async () => {
    const before = await a.ok<FlowMaterial[]>(a.get(`${F}getBomListView`, { id: v1 }));
    const foreignStep =
      (await h.db.systemQuery<{ id: number }>(sql`select max(id)::int as id from process_flow_step`))[0].id +
      1000;
    const cases: [unknown[], string][] = [
      [[{ materialId: ids.CU, quantity: 0 }], '用量必须大于0'],
      [
        [
          { materialId: ids.CU, quantity: 1 },
          { materialId: ids.CU, quantity: 2 },
        ],
        '物料“漆包铜线”重复',
      ],
      [[{ materialId: ids.S13, quantity: 1 }], '“油浸式变压器”是本工艺路线的产品，不能作为其物料'],
      [[{ materialId: ids.KIT, quantity: 1 }], '“附件包”是虚拟物料，请改用其下的实际物料'],
      [
        [
          { materialId: ids.CU, quantity: 1 },
          { materialId: ids.OIL, stepId: foreignStep, quantity: 1 },
        ],
        '物料“变压器油”所选的工序不属于该版本，请刷新后重试',
      ],
      [[{ materialId: 999_999, quantity: 1 }], '所选物料不存在或已被删除'],
    ];
    for (const [items, message] of cases) {
      const res = await saveMaterials(v1, items);
      expect(res.body.errorCode, message).toBe(1);
      expect(res.body.errorMsg).toBe(message);
      expect(await a.ok(a.get(`${F}getBomListView`, { id: v1 }))).toEqual(before);
    }
  });

  it('shows the product’s BOM tree with the step consuming each material', async () => {
    const nodes = await a.ok<BomRelationNode[]>(a.get(`${F}getBomRelationView`, { id: v1 }));
    expect(nodes.map((n) => [n.level, n.code, n.procedureName, n.flowQuantity])).toEqual([
      [0, 'S13', null, null],
      [1, 'QS', null, 1],
      [2, 'CU', '绕线', 40.5],
      [1, 'OIL', '总装', 315],
    ]);
  });

  it('exports the BOM list view', async () => {
    const rows = await a.exported(`${F}exportBomListView`, { id: v1 });
    expect(rows[0]).toEqual([
      '序号',
      '物料编码',
      '物料名称',
      '规格型号',
      '物料类型',
      '单位',
      '工序',
      '单位用量',
      '备注',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[6], r[7]])).toEqual([
      [1, 'CU', '原材料', '1. 绕线', 40.5],
      [2, 'OIL', '原材料', '2. 总装', 315],
      [3, 'QS', '半成品', undefined, 1],
    ]);
  });
});

describe('versions', () => {
  let v2: VersionSummary;
  let v3: VersionSummary;

  it('generates V2 as a copy of the main version: steps, lines, stations and materials', async () => {
    v2 = await a.ok<VersionSummary>(a.get(`${F}generateNewVersion`, { id: flow.id }));
    expect(v2).toMatchObject({ name: 'V2', isMain: false, stepCount: 3 });
    const [one, two] = [await detail(v1), await detail(v2.id)];
    const shape = (d: VersionDetail) => ({
      steps: d.steps.map(({ id: _, ...s }) => s),
      materials: d.materials.map(({ id: _i, stepId: _s, ...m }) => m),
    });
    expect(shape(two)).toEqual(shape(one));
    // the copy's materials point at the copy's own steps
    expect(two.materials[0].stepId).toBe(two.steps[0].id);
    expect(two.steps[0].id).not.toBe(one.steps[0].id);
  });

  it('adds versions empty or copied, with unique names per flow', async () => {
    v3 = await a.ok<VersionSummary>(a.post(`${F}addProcessFlowVersion`, { flowId: flow.id, name: '试制' }));
    expect(v3).toMatchObject({ name: '试制', isMain: false, stepCount: 0 });
    const copied = await a.ok<VersionSummary>(
      a.post(`${F}addProcessFlowVersion`, { flowId: flow.id, copyFromId: v1 }),
    );
    expect(copied).toMatchObject({ name: 'V4', stepCount: 3 });
    const dup = await a.post(`${F}addProcessFlowVersion`, { flowId: flow.id, name: 'v2' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '版本名称“v2”已存在' });
    const otherFlow = await a.ok<Flow>(
      a.post(`${F}addProcessFlow`, { name: 'SCB 干式变压器工艺', materialId: ids.SCB }),
    );
    const foreign = await a.post(`${F}addProcessFlowVersion`, { flowId: otherFlow.id, copyFromId: v1 });
    expect(foreign.body.errorMsg).toBe('要复制的版本不存在或不属于该工艺路线');
    expect(await a.ok(a.del(`${F}deleteVersion`, copied.id))).toBe(true);
  });

  it('renames a version, refusing a name the flow already has', async () => {
    const renamed = await a.ok<VersionSummary>(a.get(`${F}reNameVersion`, { id: v3.id, name: ' V3 ' }));
    expect(renamed.name).toBe('V3');
    const dup = await a.get(`${F}reNameVersion`, { id: v3.id, name: 'V1' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '版本名称“V1”已存在' });
    const empty = await a.get(`${F}reNameVersion`, { id: v3.id, name: '' });
    expect(empty.body).toMatchObject({ errorCode: 1, errorMsg: '请输入版本名称' });
  });

  it('sets the main version: exactly one main afterwards', async () => {
    expect(await a.ok(a.del(`${F}setVersionToMain`, v2.id))).toBe(true);
    expect(await mains(flow.id)).toEqual(['V2']);
    expect((await flowOf(flow.id)).mainVersionName).toBe('V2');
    // setting the main again changes nothing
    await a.ok(a.del(`${F}setVersionToMain`, v2.id));
    expect(await mains(flow.id)).toEqual(['V2']);
  });

  it('keeps exactly one main under concurrent set-main calls', async () => {
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        a.del(`${F}setVersionToMain`, v1),
        a.del(`${F}setVersionToMain`, v3.id),
        a.del(`${F}setVersionToMain`, v2.id),
      ]);
      for (const r of results) expect(r.body.errorCode, JSON.stringify(r.body)).toBe(0);
      expect(await mains(flow.id)).toHaveLength(1);
    }
    await a.ok(a.del(`${F}setVersionToMain`, v2.id));
  });

  it('refuses deleting the main version and the last one; deletes others with their steps', async () => {
    const main = await a.del(`${F}deleteVersion`, v2.id);
    expect(main.body).toMatchObject({
      errorCode: 7,
      errorMsg: '“V2”是主版本，不能删除；请先把其他版本设为主版本',
    });
    expect(await a.ok(a.del(`${F}deleteVersion`, v1))).toBe(true);
    expect(await a.ok(a.del(`${F}deleteVersion`, v3.id))).toBe(true);
    expect((await a.get(`${V}getProcessFlowVersionDetail`, { id: v1 })).body.errorCode).toBe(4);
    const last = await a.del(`${F}deleteVersion`, v2.id);
    expect(last.body).toMatchObject({ errorCode: 7, errorMsg: '“V2”是该工艺路线唯一的版本，不能删除' });
    expect((await flowOf(flow.id)).versionList.map((v) => [v.name, v.isMain])).toEqual([['V2', true]]);
    // the next generated version continues past the highest number
    const next = await a.ok<VersionSummary>(a.get(`${F}generateNewVersion`, { id: flow.id }));
    expect(next.name).toBe('V3');
    await a.ok(a.del(`${F}deleteVersion`, next.id));
  });
});

describe('what uses a flow’s parts', () => {
  it('refuses deleting a procedure a step uses with code 5 and the spec’s message', async () => {
    const res = await a.del(`${P}procedure/deleteOne`, ids.testing);
    expect(res.body).toEqual({
      errorCode: 5,
      result: PROCEDURE_IN_USE_MESSAGE,
      errorMsg: PROCEDURE_IN_USE_MESSAGE,
    });
  });

  it('refuses deleting a line, a station or a product the flow uses', async () => {
    const line = await a.del('basicData/private/area/deleteOne', ids.lineA);
    expect(line.body.errorCode).toBe(5);
    const station = await a.del('basicData/private/station/deleteOne', ids.st1);
    expect(station.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“绕线工位1”已被工艺路线的工序使用，不能删除',
    });
    const product = await a.del(`${M}materials/deleteOne`, ids.S13);
    expect(product.body.errorCode).toBe(5);
  });
});

describe('copy, enable, import, export, batch delete', () => {
  let copy: Flow;

  it('copies a flow: its main version’s steps, lines, stations and materials become the copy’s V1', async () => {
    copy = await a.ok<Flow>(
      a.post(`${F}addProcessFlow`, { name: 'S13 工艺（副本）', materialId: ids.S13, copyFromId: flow.id }),
    );
    expect(copy).toMatchObject({ code: 'GYLX0003', mainVersionName: 'V1', versionCount: 1, stepCount: 3 });
    const [source, copied] = [
      await detail((await flowOf(flow.id)).mainVersionId),
      await detail(copy.mainVersionId),
    ];
    expect(copied.steps.map((s) => [s.procedureName, s.areaList, s.stationList])).toEqual(
      source.steps.map((s) => [s.procedureName, s.areaList, s.stationList]),
    );
    expect(copied.materials.map((m) => [m.code, m.stepSeq, m.quantity])).toEqual(
      source.materials.map((m) => [m.code, m.stepSeq, m.quantity]),
    );
    const onEdit = await a.put(`${F}updateOne`, { id: copy.id, copyFromId: flow.id });
    expect(onEdit.body.errorCode).toBe(1);
  });

  it('disables (gone from the select list) and enables again', async () => {
    await a.ok(a.get(`${F}disable`, { id: copy.id }));
    const select = await a.ok<{ records: Flow[] }>(a.get(`${F}getProcessFlowList`, { page: 1, limit: 20 }));
    expect(select.records.map((f) => f.code)).toEqual(['GYLX0001', 'GYLX0002']);
    await a.ok(a.get(`${F}enable`, { id: copy.id }));
    const found = await a.page<Flow>(`${F}getProcessFlowListPage`, [
      { fieldName: 'materialCode', operator: 'like', fieldValue: 'SCB' },
    ]);
    expect(found.content.map((f) => f.name)).toEqual(['SCB 干式变压器工艺']);
  });

  it('imports flow headers (product by code), each with a V1 main, all or nothing', async () => {
    const header = ['工艺路线编码', '工艺路线名称', '产品编码', '分类', '状态', '备注'];
    const bad = await workbook(header, [
      ['', '导入工艺一', 'S13', '油浸式', '启用', ''],
      ['', '导入工艺二', 'CU', '', '', ''],
      ['', '导入工艺三', 'NOPE', '', '', ''],
    ]);
    const checked = (await a.upload(`${F}importProcessFlow`, 'check', bad)).result as {
      errors: { row: number; column: string }[];
    };
    expect(checked.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '产品编码'],
      [4, '产品编码'],
    ]);
    const good = await workbook(header, [
      ['', '导入工艺一', 'S13', '油浸式', '启用', ''],
      ['IMP-2', '导入工艺二', 'SCB', '干式变压器', '停用', '试产'],
    ]);
    expect(await a.upload(`${F}importProcessFlow`, 'write', good)).toMatchObject({
      errorCode: 0,
      result: { written: 2 },
    });
    const imported = await a.page<Flow>(
      `${F}getProcessFlowListPage`,
      [{ fieldName: 'name', operator: 'like', fieldValue: '导入' }],
      '+name',
    );
    expect(
      imported.content.map((f) => [f.name, f.materialCode, f.className, f.isEnabled, f.mainVersionName]),
    ).toEqual([
      ['导入工艺一', 'S13', '油浸式', 1, 'V1'],
      ['导入工艺二', 'SCB', '干式变压器', 0, 'V1'],
    ]);
  });

  it('exports the list', async () => {
    const rows = await a.exported(`${F}export`, {
      columns: 'code,name,materialCode,mainVersionName',
      order: '+code',
    });
    expect(rows[0]).toEqual(['工艺路线编码', '工艺路线名称', '产品编码', '主版本']);
    expect(rows[1]).toEqual(['GYLX0001', 'S13 油浸式变压器工艺', 'S13', 'V2']);
  });

  it('batch-deletes all or nothing, and deletes one', async () => {
    const before = (await a.page<Flow>(`${F}getProcessFlowListPage`)).total;
    const missing = await a.post(`${F}batchDelete`, { ids: [copy.id, 999_999] });
    expect(missing.body.errorCode).toBe(4);
    expect((await a.page<Flow>(`${F}getProcessFlowListPage`)).total).toBe(before);
    expect(await a.ok(a.post(`${F}batchDelete`, { ids: [copy.id, copy.id] }))).toBe(true);
    expect((await a.get(`${V}getProcessFlowVersionDetail`, { id: copy.mainVersionId })).body.errorCode).toBe(
      4,
    );
    const empty = await a.post(`${F}batchDelete`, { ids: [] });
    expect(empty.body.errorCode).toBe(1);
    const scb = (
      await a.page<Flow>(`${F}getProcessFlowListPage`, [
        { fieldName: 'code', operator: 'eq', fieldValue: 'GYLX0002' },
      ])
    ).content[0];
    expect(await a.ok(a.del(`${F}deleteOne`, scb.id))).toBe(true);
    expect((await a.page<Flow>(`${F}getProcessFlowListPage`)).total).toBe(before - 2);
  });
});

describe('permissions and tenants', () => {
  it('answers code 3 without the keys: no process list, no SetMainVersion', async () => {
    expect(
      (await outsider.get(`${F}getProcessFlowListPage`, { currentPage: 1, pageSize: 20 })).body.errorCode,
    ).toBe(3);
    expect(
      (await outsider.get(`${V}getProcessFlowVersionDetail`, { id: flow.mainVersionId })).body.errorCode,
    ).toBe(3);
    const v = await editor.ok<VersionSummary>(editor.get(`${F}generateNewVersion`, { id: flow.id }));
    expect((await editor.del(`${F}setVersionToMain`, v.id)).body.errorCode).toBe(3);
    expect((await editor.del(`${F}deleteVersion`, v.id)).body.errorCode).toBe(0);
    expect((await editor.post(`${F}batchDelete`, { ids: [flow.id] })).body.errorCode).toBe(3);
  });

  it('shows another tenant nothing', async () => {
    expect((await other.page(`${F}getProcessFlowListPage`)).total).toBe(0);
    expect((await other.get(`${F}getProcessFlowDetail`, { id: flow.id })).body.errorCode).toBe(4);
    const main = (await flowOf(flow.id)).mainVersionId;
    for (const url of [`${V}getProcessFlowVersionDetail`, `${F}getBomListView`, `${F}getBomRelationView`])
      expect((await other.get(url, { id: main })).body.errorCode, url).toBe(4);
    expect((await other.del(`${F}setVersionToMain`, main)).body.errorCode).toBe(4);
    expect((await other.put(`${V}updateOne`, { id: main, steps: [] })).body.errorCode).toBe(4);
    expect((await detail(main)).steps).toHaveLength(3);
  });
});
