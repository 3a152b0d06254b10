import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../platform/db.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { type Posting, post } from './index.ts';
import { type WarehouseFixture, warehouseFixture } from './testing.ts';

/**
 * The posting statement against what posting the keys one by one means (docs/warehouse.md "The
 * ledger"): a key given several times in one document, a key it opens, the order the movements
 * are answered in, and the shortage named as the first out that finds too little.
 */
let h: Harness;
let f: WarehouseFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'ledger');
});
afterAll(() => h.close());

const source = (code: string) => ({
  docId: null,
  docCode: code,
  docKind: 0,
  bookAs: null,
  stockTypeId: null,
});

/** Postings in one transaction; answers the movements as written, in the order of the ids answered. */
async function posted(code: string, postings: Posting[]) {
  return h.db.withTenant(f.tenant.id, async (tx: Tx) => {
    const ids = await post(tx, source(code), postings, null);
    const res = await tx.execute(sql`
      select id, materials_id, quantity::text as quantity, balance_after::text as balance_after
      from stock_movement where doc_code = ${code}`);
    const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
    return ids.map((id) => {
      const r = rows.find((x) => Number(x.id) === id);
      return {
        materialsId: Number(r?.materials_id),
        quantity: Number(r?.quantity),
        after: Number(r?.balance_after),
      };
    });
  });
}

const refused = (code: string, postings: Posting[]) =>
  posted(code, postings).then(
    () => 'posted',
    (e: Error) => e.message,
  );

async function onHand(k: Omit<Posting, 'quantity'>) {
  return h.db.withTenant(f.tenant.id, async (tx) => {
    const res = await tx.execute(sql`
      select on_hand::text as on_hand from stock_balance where materials_id = ${k.materialsId}
        and warehouse_id = ${k.warehouseId} and location_id = ${k.locationId} and batch_id = ${k.batchId}`);
    const rows = (res as unknown as { rows: { on_hand: string }[] }).rows;
    return rows[0] ? Number(rows[0].on_hand) : null;
  });
}

describe('posting', () => {
  it('posts a key given several times in order, each movement with the balance it left, exact to the decimal', async () => {
    const steel = { materialsId: f.ids.steel, warehouseId: f.ids.raw, locationId: f.ids.a0101, batchId: 0 };
    const copper = { materialsId: f.ids.copper, warehouseId: f.ids.raw, locationId: f.ids.a0101, batchId: 0 };
    // given out of key order (copper after steel by id): the ids answer in the given order
    expect(
      await posted('T-1', [
        { ...copper, quantity: '0.1' },
        { ...steel, quantity: '10' },
        { ...copper, quantity: '0.2' },
        { ...steel, quantity: '-4' },
        { ...copper, quantity: '-0.3' },
      ]),
    ).toEqual([
      { materialsId: f.ids.copper, quantity: 0.1, after: 0.1 },
      { materialsId: f.ids.steel, quantity: 10, after: 10 },
      { materialsId: f.ids.copper, quantity: 0.2, after: 0.3 },
      { materialsId: f.ids.steel, quantity: -4, after: 6 },
      { materialsId: f.ids.copper, quantity: -0.3, after: 0 },
    ]);
    expect(await onHand(steel)).toBe(6);
    expect(await onHand(copper)).toBe(0);
    // on a key that holds stock: outs pass while there is enough at each step
    expect(
      await posted('T-2', [
        { ...steel, quantity: '-2' },
        { ...steel, quantity: '1' },
        { ...steel, quantity: '-5' },
      ]),
    ).toEqual([
      { materialsId: f.ids.steel, quantity: -2, after: 4 },
      { materialsId: f.ids.steel, quantity: 1, after: 5 },
      { materialsId: f.ids.steel, quantity: -5, after: 0 },
    ]);
  });

  it('refuses the first out that finds too little, naming what was available then, and writes nothing', async () => {
    const key = { materialsId: f.ids.steel, warehouseId: f.ids.raw, locationId: f.ids.a0102, batchId: 0 };
    const place = '“硅钢片 30Q120”在“原材料仓/A-01-02”';
    // a key this document opens: its outs take from its own ins before them
    expect(
      await refused('T-3', [
        { ...key, quantity: '5' },
        { ...key, quantity: '-3' },
        { ...key, quantity: '-4' },
      ]),
    ).toBe(`库存不足：${place}可用 2 kg，需要 4 kg`);
    // an out before any in, on a key not there
    expect(
      await refused('T-4', [
        { ...key, quantity: '-1' },
        { ...key, quantity: '5' },
      ]),
    ).toBe(`库存不足：${place}可用 0 kg，需要 1 kg`);
    expect(await onHand(key)).toBeNull();
    await posted('T-5', [{ ...key, quantity: '3' }]);
    // the key now holds 3: the second out finds 1
    expect(
      await refused('T-6', [
        { ...key, quantity: '-2' },
        { ...key, quantity: '-1.5' },
      ]),
    ).toBe(`库存不足：${place}可用 1 kg，需要 1.5 kg`);
    expect(await onHand(key)).toBe(3);
  });

  it('names the first key in key order when several are short', async () => {
    const at = (materialsId: number) => ({
      materialsId,
      warehouseId: f.ids.raw,
      locationId: f.ids.b0101,
      batchId: 0,
    });
    await posted('T-7', [
      { ...at(f.ids.copper), quantity: '1' },
      { ...at(f.ids.steel), quantity: '1' },
    ]);
    expect(
      await refused('T-8', [
        { ...at(f.ids.copper), quantity: '-9' },
        { ...at(f.ids.steel), quantity: '-9' },
      ]),
    ).toBe('库存不足：“硅钢片 30Q120”在“原材料仓/B-01-01”可用 1 kg，需要 9 kg');
    expect([await onHand(at(f.ids.copper)), await onHand(at(f.ids.steel))]).toEqual([1, 1]);
  });
});
