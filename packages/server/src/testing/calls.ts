import { encryptText } from '@factory/shared/crypto';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';
import { multipart } from './multipart.ts';

export type Envelope = { errorCode: number; result: unknown; errorMsg: string };
type Query = Record<string, string | number>;

/** The encrypted searchVal of filter items. */
export const searchVal = (items: unknown[]) => encryptText(JSON.stringify(items));

/** A workbook of one sheet: the header row, then the rows. */
export async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The API as one user calls it, for tests of declared entities: each call answers the envelope;
 * `ok` expects success and gives the result.
 */
export function callsAs(h: Harness, token: string) {
  const post = (url: string, body: unknown) => h.call('POST', url, { token, body });
  const put = (url: string, body: unknown) => h.call('PUT', url, { token, body });
  const get = (url: string, query: Query = {}) => h.call('GET', url, { token, query });
  const del = (url: string, id: number) => h.call('DELETE', url, { token, query: { id } });
  return {
    post,
    put,
    get,
    del,
    async ok<T>(p: Promise<{ body: Envelope }>): Promise<T> {
      const { body } = await p;
      expect(body.errorCode, JSON.stringify(body)).toBe(0);
      return body.result as T;
    },
    /** The first page (20) of a list, optionally filtered. */
    async page<T>(url: string, filters: unknown[] = [], order?: string) {
      const query: Query = { currentPage: 1, pageSize: 20 };
      if (filters.length) query.searchVal = await searchVal(filters);
      if (order) query.order = order;
      const { body } = await get(url, query);
      expect(body.errorCode, JSON.stringify(body)).toBe(0);
      return body.result as { content: T[]; total: number };
    },
    /** An import call (mode check or write) with a workbook. */
    async upload(url: string, mode: 'check' | 'write', file: Buffer): Promise<Envelope> {
      const body = multipart([{ name: 'file', filename: 'import.xlsx', data: file }]);
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/web/v1/${url}?mode=${mode}`,
        headers: { ...body.headers, token },
        payload: body.payload,
      });
      return res.json() as Envelope;
    },
    /** An export call's rows (header first), each as its cell values. */
    async exported(url: string, query: Query): Promise<unknown[][]> {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/web/v1/${url}`,
        headers: { token },
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0].eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    },
  };
}
export type Calls = ReturnType<typeof callsAs>;
