import { encryptText } from '@factory/shared/crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';

let h: Harness;
let admin: string;
let other: string;
const CF = 'systemConfig/private/customField/';
const ST = 'basicData/private/station/';
type Env = { errorCode: number; result: unknown; errorMsg: string };
type Station = { id: number; code: string; name: string; custom: Record<string, unknown> };

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown, token = admin) => h.call('POST', url, { token, body });
const put = (url: string, body: unknown) => h.call('PUT', url, { token: admin, body });
const list = async (q: Record<string, unknown> = {}, filters: unknown[] = []) =>
  ok<{ content: Station[]; total: number }>(
    h.call('GET', `${ST}getStationListPage`, {
      token: admin,
      query: {
        currentPage: 1,
        pageSize: 20,
        ...(filters.length ? { searchVal: await encryptText(JSON.stringify(filters)) } : {}),
        ...q,
      } as Record<string, string | number>,
    }),
  );

let lineId: number;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('cf');
  await h.addTenant('cf2');
  admin = await h.login('cf', 'admin');
  other = await h.login('cf2', 'admin');
  lineId = (await ok<{ id: number }>(post('basicData/private/area/addArea', { name: '一线' }))).id;
});
afterAll(() => h.close());

describe('custom fields', () => {
  it('are defined per entity with their rules', async () => {
    const power = await ok<{ key: string }>(
      post(`${CF}addCustomField`, { entity: 'station', label: '额定功率', type: 0, required: true, sort: 1 }),
    );
    expect(power.key).toBe('cf1');
    const noOptions = await post(`${CF}addCustomField`, { entity: 'station', label: '班组', type: 2 });
    expect(noOptions.body).toMatchObject({ errorCode: 1, errorMsg: '请输入选项，多个选项用“、”分隔' });
    await ok(
      post(`${CF}addCustomField`, {
        entity: 'station',
        label: '班组',
        type: 2,
        options: '甲班、乙班',
        sort: 2,
      }),
    );
    await ok(
      post(`${CF}addCustomField`, {
        entity: 'station',
        label: '安全等级',
        type: 3,
        options: 'A、B、C',
        sort: 3,
      }),
    );
    await ok(post(`${CF}addCustomField`, { entity: 'station', label: '说明', type: 1, sort: 4 }));
    const dup = await post(`${CF}addCustomField`, { entity: 'station', label: '说明', type: 1 });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '字段名称“说明”已存在' });
    const retype = await put(`${CF}updateOne`, { id: 1, type: 1 });
    expect(retype.body.errorCode).not.toBe(0);
    const defs = await ok<{ key: string; label: string }[]>(
      h.call('GET', `${CF}getCustomFieldsOf`, { token: admin, query: { entity: 'station' } }),
    );
    expect(defs.map((d) => `${d.key}:${d.label}`)).toEqual([
      'cf1:额定功率',
      'cf2:班组',
      'cf3:安全等级',
      'cf4:说明',
    ]);
    const foreign = await ok<unknown[]>(
      h.call('GET', `${CF}getCustomFieldsOf`, { token: other, query: { entity: 'station' } }),
    );
    expect(foreign).toEqual([]);
  });

  it('are checked, stored and merged through the entity form calls', async () => {
    const missing = await post(`${ST}addStation`, { name: '甲', areaId: lineId, custom: { cf2: '甲班' } });
    expect(missing.body).toMatchObject({ errorCode: 1, errorMsg: '请输入额定功率' });
    const badChoice = await post(`${ST}addStation`, {
      name: '甲',
      areaId: lineId,
      custom: { cf1: 5, cf2: '丙班' },
    });
    expect(badChoice.body.errorMsg).toBe('班组不是有效的选项');
    const unknown = await post(`${ST}addStation`, {
      name: '甲',
      areaId: lineId,
      custom: { cf1: 5, cf99: 'x' },
    });
    expect(unknown.body.errorCode).toBe(1);
    const a = await ok<Station>(
      post(`${ST}addStation`, {
        name: '甲',
        areaId: lineId,
        custom: { cf1: 7.5, cf2: '甲班', cf3: ['A', 'C'], cf4: ' 靠窗 ' },
      }),
    );
    expect(a.custom).toEqual({ cf1: 7.5, cf2: '甲班', cf3: 'A、C', cf4: '靠窗' });
    await ok(post(`${ST}addStation`, { name: '乙', areaId: lineId, custom: { cf1: 30, cf2: '乙班' } }));
    await ok(post(`${ST}addStation`, { name: '丙', areaId: lineId, custom: { cf1: 12 } }));
    const changed = await ok<Station>(put(`${ST}updateOne`, { id: a.id, custom: { cf4: '' } }));
    expect(changed.custom).toEqual({ cf1: 7.5, cf2: '甲班', cf3: 'A、C', cf4: null });
  });

  it('filter and sort the list like declared fields', async () => {
    const range = await list({ order: '-cf1' }, [
      { fieldName: 'cf1', operator: 'between', fieldValue: [10, 40] },
    ]);
    expect(range.content.map((s) => s.name)).toEqual(['乙', '丙']);
    const choice = await list({}, [{ fieldName: 'cf2', operator: 'eq', fieldValue: '甲班' }]);
    expect(choice.content.map((s) => s.name)).toEqual(['甲']);
    const multi = await list({}, [{ fieldName: 'cf3', operator: 'like', fieldValue: 'C' }]);
    expect(multi.content.map((s) => s.name)).toEqual(['甲']);
    const sorted = await list({ order: '+cf1' });
    expect(sorted.content.map((s) => s.name)).toEqual(['甲', '丙', '乙']);
  });

  it('export and import with the entity', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/web/v1/${ST}export`,
      headers: { token: admin },
      query: { columns: 'name,cf1,cf2,cf3', order: '+name' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '工位名称', '额定功率', '班组', '安全等级']);
    expect(ws.getRow(4).values).toEqual([undefined, '甲', 7.5, '甲班', 'A、C']);

    const tpl = await h.app.inject({
      method: 'GET',
      url: `/api/web/v1/${ST}importTemplate`,
      headers: { token: admin },
    });
    const tb = new ExcelJS.Workbook();
    await tb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(JSON.stringify(tb.worksheets[0].getRow(1).values)).toContain('额定功率');

    const file = async (rows: unknown[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('工位');
      sheet.addRow(['工位名称', '所属产线', '额定功率', '班组', '说明']);
      for (const r of rows) sheet.addRow(r);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const good = ['导入甲', '一线', 3, '乙班', '新线'];
    const upload = async (mode: string, buf: Buffer) => {
      const body = multipart([{ name: 'file', filename: 's.xlsx', data: buf }]);
      return (
        await h.app.inject({
          method: 'POST',
          url: `/api/web/v1/${ST}importStation?mode=${mode}`,
          headers: { ...body.headers, token: admin },
          payload: body.payload,
        })
      ).json() as Env;
    };
    const bad = [good, ['导入乙', '一线', '', '乙班', ''], ['导入丙', '一线', 4, '丁班', '']];
    const checked = (await upload('check', await file(bad))).result as {
      errors: { row: number; column: string }[];
    };
    expect(checked.errors.map((e) => `${e.row}:${e.column}`)).toEqual(['3:额定功率', '4:班组']);
    const written = await upload('write', await file([good]));
    expect(written).toMatchObject({ errorCode: 0, result: { written: 1 } });
    const imported = await list({}, [{ fieldName: 'name', operator: 'eq', fieldValue: '导入甲' }]);
    expect(imported.content[0].custom).toEqual({ cf1: 3, cf2: '乙班', cf4: '新线' });
    expect(imported.content[0].code).toMatch(/^GW\d{3}$/);
  });
});
