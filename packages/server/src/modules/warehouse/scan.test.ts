import type { ScanCodeResult } from '@factory/shared/api/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { DOC, stockIn, type WarehouseFixture, warehouseFixture } from './testing.ts';

const SCAN = `${DOC}scanCode`;
const LABEL = 'basicData/label/private/';

let h: Harness;
let f: WarehouseFixture;
let viewer: Calls;
let packageId: number;
let palletCode: string;

const scan = (code: string, warehouseId?: number) =>
  f.a.ok<ScanCodeResult>(f.a.get(SCAN, warehouseId === undefined ? { code } : { code, warehouseId }));

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'scan', [{ userName: 'viewer', modules: [] }]);
  viewer = callsAs(h, await h.login('scan', 'viewer'));
  const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
  // 2.5 kg a box, 4 boxes a pallet
  packageId = await add('warehouse/private/packageInfo/addPackageInfo', {
    name: '硅钢片托装',
    materialId: f.ids.steel,
    levels: [
      { name: '箱', quantity: 2.5 },
      { name: '托', quantity: 4 },
    ],
  });
  const lot = await add(`${LABEL}batchNumber/addBatchNumber`, { code: 'B-SCAN-1', materialId: f.ids.steel });
  [palletCode] = await f.a.ok<string[]>(
    f.a.post(`${LABEL}packageCode/generatePackageCode`, {
      packageId,
      level: 2,
      count: 1,
      batchNumberId: lot,
    }),
  );
  await add(`${LABEL}packageCode/addPackageCode`, { code: 'BOX-1', packageId, level: 1 });
  // a code added by hand for a level the specification does not have
  await add(`${LABEL}packageCode/addPackageCode`, { code: 'CRATE-1', packageId, level: 3 });
});
afterAll(() => h.close());

describe('scanning a code into a stock document', () => {
  it('reads a package code as its material, batch and the main units of its levels', async () => {
    expect(await scan(palletCode)).toEqual({
      kind: 'package',
      code: palletCode,
      materialsId: f.ids.steel,
      materialsCode: 'GG-30Q120',
      materialsName: '硅钢片 30Q120',
      materialsSpecifications: null,
      unitName: 'kg',
      batchCode: 'B-SCAN-1',
      quantity: 10,
    });
    // trimmed; level 1 counts main units; a package without a batch names none
    expect(await scan('  BOX-1 ')).toMatchObject({
      kind: 'package',
      code: 'BOX-1',
      batchCode: null,
      quantity: 2.5,
    });
    // a level the specification lacks: the keeper types the quantity
    expect(await scan('CRATE-1')).toMatchObject({ kind: 'package', quantity: null });
  });

  it('reads a batch number as its material with no quantity, or what is available in a warehouse', async () => {
    expect(await scan('B-SCAN-1')).toEqual({
      kind: 'batch',
      code: 'B-SCAN-1',
      materialsId: f.ids.steel,
      materialsCode: 'GG-30Q120',
      materialsName: '硅钢片 30Q120',
      materialsSpecifications: null,
      unitName: 'kg',
      batchCode: 'B-SCAN-1',
      quantity: null,
    });
    await stockIn(f, [
      { materialsId: f.ids.steel, batchCode: 'B-SCAN-1', locationId: f.ids.a0101, quantity: 30 },
      { materialsId: f.ids.steel, batchCode: 'B-SCAN-1', locationId: f.ids.a0102, quantity: 12.25 },
      { materialsId: f.ids.steel, batchCode: 'B-OTHER', locationId: f.ids.a0101, quantity: 7 },
    ]);
    // summed over the warehouse's locations, this batch only
    expect((await scan('B-SCAN-1', f.ids.raw)).quantity).toBe(42.25);
    expect((await scan('B-SCAN-1', f.ids.finished)).quantity).toBe(0);
    // a package code still answers its own content in a warehouse
    expect((await scan(palletCode, f.ids.raw)).quantity).toBe(10);
  });

  it('refuses an unknown code (matched exactly), an empty one, and users who may not add documents', async () => {
    for (const code of ['NOPE-404', 'b-scan-1']) {
      const res = await f.a.get(SCAN, { code });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ errorCode: 4, errorMsg: `没有编码为“${code}”的包装码或批次号` });
    }
    expect((await f.a.get(SCAN, { code: '   ' })).body.errorMsg).toBe('请扫描或输入条码');
    expect((await viewer.get(SCAN, { code: 'B-SCAN-1' })).body.errorCode).toBe(3);
  });
});
