import { encryptText } from '@factory/shared/crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';

let h: Harness;
let admin: string;
let viewer: string;
let otherAdmin: string;
let workerId: number;
const AREA = 'basicData/private/area/';
const PROC = 'basicData/production/private/procedure/';
const ST = 'basicData/private/station/';
type Env = { errorCode: number; result: unknown; errorMsg: string };
type Station = {
  id: number;
  code: string;
  name: string;
  areaId: number;
  areaName: string;
  procedureIds: number[];
  procedureNames: string;
  remark: string | null;
  createdAt: string;
};

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown, token = admin) => h.call('POST', url, { token, body });
const put = (url: string, body: unknown, token = admin) => h.call('PUT', url, { token, body });
const get = (url: string, query: Record<string, string | number> = {}, token = admin) =>
  h.call('GET', url, { token, query });
const search = (items: unknown[]) => encryptText(JSON.stringify(items));

let lineA: number;
let lineB: number;
let winding: number;
let drying: number;
let testing: number;

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('info', [
    { userName: 'viewer', modules: [] },
    { userName: 'worker', modules: ['information'] },
  ]);
  workerId = t.users.worker;
  await h.addTenant('other');
  admin = await h.login('info', 'admin');
  viewer = await h.login('info', 'viewer');
  otherAdmin = await h.login('other', 'admin');
  lineA = (await ok<{ id: number }>(post(`${AREA}addArea`, { code: 'CX001', name: '绕线一线' }))).id;
  lineB = (await ok<{ id: number }>(post(`${AREA}addArea`, { code: 'CX002', name: '总装线' }))).id;
  winding = (
    await ok<{ id: number }>(post(`${PROC}addProcedure`, { code: 'GX001', name: '绕线', processType: 0 }))
  ).id;
  drying = (
    await ok<{ id: number }>(
      post(`${PROC}addProcedure`, {
        code: 'GX002',
        name: '真空干燥',
        processType: 0,
        standardMinutes: 480.5,
      }),
    )
  ).id;
  testing = (
    await ok<{ id: number }>(post(`${PROC}addProcedure`, { code: 'GX003', name: '出厂试验', processType: 1 }))
  ).id;
});
afterAll(() => h.close());

describe('stations', () => {
  let st1: Station;

  it('adds a station on a line with its procedures, and shows names beside ids', async () => {
    st1 = await ok<Station>(
      post(`${ST}addStation`, {
        code: 'GW001',
        name: '绕线工位1',
        areaId: lineA,
        remark: '  靠窗  ',
        procedureIds: [drying, winding],
        efficiency: 1.25,
      }),
    );
    expect(st1).toMatchObject({
      code: 'GW001',
      name: '绕线工位1',
      efficiency: 1.25,
      areaId: lineA,
      areaName: '绕线一线',
      procedureIds: [winding, drying].sort((a, b) => a - b),
      procedureNames: '绕线、真空干燥',
      remark: '靠窗',
    });
    expect(st1.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await ok(get(`${ST}getStationDetail`, { id: st1.id }))).toEqual(st1);
  });

  it('refuses a missing field, a duplicate code and an unknown line with the field named', async () => {
    const missing = await post(`${ST}addStation`, { code: 'GW009', areaId: lineA });
    expect(missing.body.errorCode).toBe(1);
    expect(JSON.stringify(missing.body.result)).toContain('工位名称');
    const dup = await post(`${ST}addStation`, { code: 'GW001', name: '另一个', areaId: lineA });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '工位编码“GW001”已存在' });
    expect(dup.body.result).toEqual([{ field: 'code', message: '工位编码“GW001”已存在' }]);
    const badLine = await post(`${ST}addStation`, { code: 'GW010', name: '无线', areaId: 999_999 });
    expect(badLine.body).toMatchObject({ errorCode: 1, errorMsg: '所选所属产线不存在或已被删除' });
    const badProc = await post(`${ST}addStation`, {
      code: 'GW011',
      name: '坏工序',
      areaId: lineA,
      procedureIds: [999_999],
    });
    expect(badProc.body.errorCode).toBe(1);
    // nothing half-written: the refused station is not there
    const list = await ok<{ total: number }>(
      get(`${ST}getStationListPage`, { currentPage: 1, pageSize: 20 }),
    );
    expect(list.total).toBe(1);
  });

  it('copies, suggests the next code, updates and sets procedures', async () => {
    expect(await ok(get(`${ST}getMaxStationCode`))).toBe('GW002');
    const copy = await ok<Station>(
      post(`${ST}addStation`, { code: 'GW002', name: '总装工位', areaId: lineB, procedureIds: [testing] }),
    );
    expect(await ok(get(`${ST}getMaxStationCode`))).toBe('GW003');
    const changed = await ok<Station>(put(`${ST}updateOne`, { id: copy.id, name: '总装工位A', remark: '' }));
    expect(changed).toMatchObject({
      name: '总装工位A',
      remark: null,
      areaName: '总装线',
      procedureIds: [testing],
    });
    await ok(put(`${ST}setProcedureListForStation`, { stationId: copy.id, procedureIds: [testing, drying] }));
    const procs = await ok<{ name: string }[]>(
      get(`${ST}getProcedureListByStationId`, { stationId: copy.id }),
    );
    expect(procs.map((p) => p.name)).toEqual(['真空干燥', '出厂试验']);
    const byProc = await ok<Station[]>(get(`${ST}getStationListByProcedureId`, { procedureId: drying }));
    expect(byProc.map((s) => s.code)).toEqual(['GW001', 'GW002']);
    const byProcLine = await ok<Station[]>(
      get(`${ST}getStationListByProcedureId`, { procedureId: drying, areaId: lineB }),
    );
    expect(byProcLine.map((s) => s.code)).toEqual(['GW002']);
  });

  it('filters by name and line name, sorts, and pages for selects', async () => {
    const page = await ok<{ content: Station[]; total: number }>(
      get(`${ST}getStationListPage`, {
        currentPage: 1,
        pageSize: 20,
        order: '-code',
        searchVal: await search([{ fieldName: 'areaName', operator: 'like', fieldValue: '总装' }]),
      }),
    );
    expect(page.content.map((s) => s.code)).toEqual(['GW002']);
    const sorted = await ok<{ content: Station[] }>(
      get(`${ST}getStationListPage`, { currentPage: 1, pageSize: 20, order: '-code' }),
    );
    expect(sorted.content.map((s) => s.code)).toEqual(['GW002', 'GW001']);
    const select = await ok<{ records: Station[]; total: number }>(
      get(`${ST}getStationList`, {
        page: 1,
        limit: 20,
        searchVal: await search([{ fieldName: 'name', operator: 'like', fieldValue: '绕线' }]),
      }),
    );
    expect(select.records.map((s) => s.name)).toEqual(['绕线工位1']);
    const refused = await get(`${ST}getStationListPage`, {
      currentPage: 1,
      pageSize: 20,
      searchVal: await search([{ fieldName: 'tenant_id', operator: 'eq', fieldValue: 1 }]),
    });
    expect(refused.body.errorCode).toBe(1);
  });

  it('refuses deleting a line, procedure or station that something uses, naming the user', async () => {
    const line = await h.call('DELETE', `${AREA}deleteOne`, { token: admin, query: { id: lineA } });
    expect(line.body).toMatchObject({ errorCode: 5, errorMsg: '“绕线一线”已被工位使用，不能删除' });
    const proc = await h.call('DELETE', `${PROC}deleteOne`, { token: admin, query: { id: winding } });
    expect(proc.body).toMatchObject({ errorCode: 5, errorMsg: '“绕线”已被工位使用，不能删除' });
    await ok(put('authority/private/user/updateOneStation', { id: workerId, stationIds: [st1.id] }));
    const used = await h.call('DELETE', `${ST}deleteOne`, { token: admin, query: { id: st1.id } });
    expect(used.body).toMatchObject({ errorCode: 5, errorMsg: '“绕线工位1”已被用户使用，不能删除' });
    const mine = await ok<Station[]>(get(`${ST}getStationListByUserId`, { userId: workerId }));
    expect(mine.map((s) => s.code)).toEqual(['GW001']);
    await ok(put('authority/private/user/updateOneStation', { id: workerId, stationIds: [] }));
    await ok(h.call('DELETE', `${ST}deleteOne`, { token: admin, query: { id: st1.id } }));
    const gone = await get(`${ST}getStationDetail`, { id: st1.id });
    expect(gone.body).toMatchObject({ errorCode: 4, errorMsg: '工位不存在或已被删除' });
  });

  it('answers code 3 without the key and hides one tenant from another', async () => {
    const denied = await post(`${ST}addStation`, { code: 'X1', name: 'X', areaId: lineA }, viewer);
    expect(denied.body.errorCode).toBe(3);
    const foreign = await get(`${ST}getStationListPage`, { currentPage: 1, pageSize: 20 }, otherAdmin);
    expect((foreign.body.result as { total: number }).total).toBe(0);
    const foreignLine = await post(`${ST}addStation`, { code: 'X1', name: 'X', areaId: lineA }, otherAdmin);
    expect(foreignLine.body.errorMsg).toBe('所选所属产线不存在或已被删除');
  });
});

describe('station import and export', () => {
  async function book(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('工位');
    ws.addRow(['工位编码', '工位名称', '所属产线', '备注']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const upload = async (mode: 'check' | 'write', file: Buffer) => {
    const body = multipart([{ name: 'file', filename: 'stations.xlsx', data: file }]);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/web/v1/${ST}importStation?mode=${mode}`,
      headers: { ...body.headers, token: admin },
      payload: body.payload,
    });
    return res.json() as Env;
  };

  it('checks references and duplicates, then writes all rows or none', async () => {
    const bad = await book([
      ['GW101', '浸漆工位', '总装线', ''],
      ['GW102', '烘干工位', '不存在的线', ''],
      ['GW101', '重复', '总装线', ''],
      ['GW002', '库里已有', '总装线', ''],
    ]);
    const checked = (await upload('check', bad)).result as {
      total: number;
      valid: number;
      errors: unknown[];
    };
    expect(checked.total).toBe(4);
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: '所属产线', reason: '未找到名称为“不存在的线”的所属产线' }),
        expect.objectContaining({ row: 4, column: '工位编码' }),
        expect.objectContaining({ row: 5, column: '工位编码', reason: '已存在' }),
      ]),
    );
    const refused = await upload('write', bad);
    expect(refused.errorCode).toBe(1);
    const good = await book([
      ['GW101', '浸漆工位', '总装线', '烘房旁'],
      ['GW102', '烘干工位', '绕线一线', ''],
    ]);
    expect(await upload('write', good)).toMatchObject({ errorCode: 0, result: { total: 2, written: 2 } });
    const row = (
      await ok<{ content: Station[] }>(
        get(`${ST}getStationListPage`, {
          currentPage: 1,
          pageSize: 20,
          searchVal: await search([{ fieldName: 'code', operator: 'eq', fieldValue: 'GW101' }]),
        }),
      )
    ).content[0];
    expect(row).toMatchObject({ name: '浸漆工位', areaName: '总装线', remark: '烘房旁', procedureIds: [] });
  });

  it('exports the visible columns with the list filter', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/web/v1/${ST}export`,
      headers: { token: admin },
      query: { columns: 'code,name,areaName', order: '+code' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '工位编码', '工位名称', '所属产线']);
    expect(ws.getRow(2).values).toEqual([undefined, 'GW002', '总装工位A', '总装线']);
    expect(ws.rowCount).toBe(4);
  });
});
