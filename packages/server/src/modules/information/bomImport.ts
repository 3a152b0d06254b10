import { ErrorCode } from '@factory/shared/api/errors';
import { type ImportError, importMessages } from '@factory/shared/api/import';
import { bomApi } from '@factory/shared/api/materials';
import { importHeader } from '@factory/shared/entities/define';
import { bomImportEntity } from '@factory/shared/entities/materials';
import { materialType } from '@factory/shared/enums';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import {
  checkFile,
  errorWorkbook,
  receiveImportFile,
  tableLookups,
  type ValidRow,
} from '../../platform/excel/import.ts';
import { templateWorkbook } from '../../platform/excel/template.ts';
import { handle } from '../../platform/route.ts';
import { saveBomLines } from './bomRoutes.ts';
import { MADE_TYPES } from './materialsRoutes.ts';
import { bomItems, materials } from './schema.ts';

const F = bomImportEntity.fields;
const column = (key: keyof typeof F) => importHeader(F[key]);
/** Cycles named in one check; past that the file needs another look anyway. */
const MAX_CYCLES = 20;

/** A checked row: a reference field holds the referenced material's id. */
type Row = ValidRow & {
  data: { parentCode: number; childCode: number; quantity: number } & Record<string, unknown>;
};

/**
 * The rules across rows and the database that a cell-by-cell check cannot see: the parent is a
 * product (成品 or 半成品), a child is not its own parent nor twice under one parent, and the BOM
 * the file leaves behind — every other parent's lines as they are, the file's parents with the
 * file's lines — has no loop. A loop is found with the strongly connected components of that
 * graph (one pass, whatever the size) and named on the first file row that closes it.
 */
async function crossRowErrors(tx: Tx, rows: Row[]): Promise<ImportError[]> {
  const errors: ImportError[] = [];
  const parents = [...new Set(rows.map((r) => r.data.parentCode))];
  const ids = [...new Set(rows.flatMap((r) => [r.data.parentCode, r.data.childCode]))];
  const known = ids.length
    ? await tx
        .select({
          id: materials.id,
          code: materials.code,
          name: materials.name,
          type: materials.materialType,
        })
        .from(materials)
        .where(inArray(materials.id, ids))
    : [];
  const byId = new Map(known.map((m) => [m.id, m]));
  const seen = new Map<string, number>();
  const kept: Row[] = [];
  for (const r of rows) {
    const { parentCode: parentId, childCode: childId } = r.data;
    const parent = byId.get(parentId);
    const child = byId.get(childId);
    const bad = (key: keyof typeof F, value: string | undefined, reason: string) =>
      errors.push({ row: r.rowNumber, column: column(key), value, reason });
    if (parent && !MADE_TYPES.includes(parent.type)) {
      bad(
        'parentCode',
        parent.code,
        `“${parent.name}”是${materialType.label(parent.type)}，只有成品或半成品可以维护BOM`,
      );
      continue;
    }
    if (parentId === childId) {
      bad('childCode', child?.code, '子件不能是父件本身');
      continue;
    }
    const pair = `${parentId}:${childId}`;
    const first = seen.get(pair);
    if (first !== undefined) {
      bad('childCode', child?.code, `同一父件下子件重复（与第${first}行相同）`);
      continue;
    }
    seen.set(pair, r.rowNumber);
    kept.push(r);
  }

  // the graph the import leaves: the database's lines of the other parents, and the file's
  const existing = (await tx.execute(sql`
    select parent_id, child_id from bom_item where parent_id <> all(${sql.param(parents)}::int[])`)) as unknown as {
    rows: { parent_id: number; child_id: number }[];
  };
  const next = new Map<number, number[]>();
  const link = (a: number, b: number) => {
    const list = next.get(a);
    if (list) list.push(b);
    else next.set(a, [b]);
  };
  for (const e of existing.rows) link(e.parent_id, e.child_id);
  for (const r of kept) link(r.data.parentCode, r.data.childCode);
  const component = stronglyConnected(next);

  const named = new Set<number>();
  const looping: { row: Row; path: number[] }[] = [];
  for (const r of kept) {
    const { parentCode: parentId, childCode: childId } = r.data;
    const c = component.get(parentId);
    if (c === undefined || c !== component.get(childId) || named.has(c) || looping.length >= MAX_CYCLES)
      continue;
    named.add(c);
    looping.push({ row: r, path: [parentId, ...pathWithin(next, component, childId, parentId)] });
  }
  if (looping.length) {
    const loopIds = [...new Set(looping.flatMap((l) => l.path))];
    const names = new Map(
      (
        await tx
          .select({ id: materials.id, name: materials.name })
          .from(materials)
          .where(inArray(materials.id, loopIds))
      ).map((m) => [m.id, m.name]),
    );
    for (const { row, path } of looping)
      errors.push({
        row: row.rowNumber,
        column: column('childCode'),
        value: byId.get(row.data.childCode)?.code,
        reason: `BOM不能循环引用：${path.map((id) => names.get(id) ?? String(id)).join(' → ')}`,
      });
  }
  return errors;
}

/** Tarjan's strongly connected components, iteratively: node → component number (loops share one). */
function stronglyConnected(next: Map<number, number[]>): Map<number, number> {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const component = new Map<number, number>();
  let counter = 0;
  let components = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: number; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const out = next.get(top.node) ?? [];
      if (top.i < out.length) {
        const w = out[top.i++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node) ?? 0, index.get(w) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(top.node) ?? 0));
      if (low.get(top.node) === index.get(top.node)) {
        const members: number[] = [];
        let w: number | undefined;
        do {
          w = stack.pop() as number;
          onStack.delete(w);
          members.push(w);
        } while (w !== top.node);
        // a component of one node without a line to itself is no loop: leave it out
        if (members.length > 1) for (const m of members) component.set(m, components);
        components++;
      }
    }
  }
  return component;
}

/** A shortest path from → to inside one component (breadth first), to name the loop. */
function pathWithin(
  next: Map<number, number[]>,
  component: Map<number, number>,
  from: number,
  to: number,
): number[] {
  const c = component.get(from);
  const prev = new Map<number, number>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const n = queue.shift() as number;
    if (n === to) break;
    for (const w of next.get(n) ?? [])
      if (!prev.has(w) && component.get(w) === c) {
        prev.set(w, n);
        queue.push(w);
      }
  }
  const path = [to];
  for (let n = to; n !== from; n = prev.get(n) as number) path.unshift(prev.get(n) as number);
  return path;
}

async function checkBomFile(tx: Tx, file: Buffer, startRow: number | undefined) {
  const checked = await checkFile({
    file,
    decl: bomImportEntity,
    startRow,
    tx,
    hooks: {
      ...tableLookups(tx, {
        refs: {
          parentCode: { id: materials.id, code: materials.code },
          childCode: { id: materials.id, code: materials.code },
        },
      }),
      checkRow: (d) => (Number(d.quantity) > 0 ? [] : [{ key: 'quantity', message: '用量须大于0' }]),
    },
  });
  const extra = await crossRowErrors(tx, checked.valid as Row[]);
  const badRows = new Set(extra.map((e) => e.row));
  const errors = [...checked.errors, ...extra].sort((a, b) => a.row - b.row);
  const valid = (checked.valid as Row[]).filter((r) => !badRows.has(r.rowNumber));
  return { total: checked.total, valid, errors };
}

/** Bulk BOM load for the BOM list's 导入 (spec 000 §4 wizard): template, check, write, errors. */
export const bomImportRoutes = [
  handle(bomApi.importTemplate, {
    handler: async ({ reply }) => sendXlsx(reply, 'BOM导入模板', await templateWorkbook(bomImportEntity)),
  }),
  handle(bomApi.importErrors, {
    handler: async ({ body, reply }) =>
      sendXlsx(reply, 'BOM导入错误清单', await errorWorkbook(body, bomImportEntity)),
  }),
  handle(bomApi.import, {
    handler: async ({ tx, session, req, query }) => {
      const file = await receiveImportFile(req);
      const { total, valid, errors } = await checkBomFile(tx, file.buffer, query.startRow);
      const checked = { total, valid: valid.length, errors };
      if (query.mode === 'check') return checked;
      if (errors.length)
        throw new AppError(ErrorCode.validation, importMessages.hasErrors(errors.length), checked);
      const byParent = new Map<number, Row[]>();
      for (const r of valid) byParent.set(r.data.parentCode, [...(byParent.get(r.data.parentCode) ?? []), r]);
      // every parent's old lines go first, so no half-replaced state can look like a loop
      await tx.delete(bomItems).where(inArray(bomItems.parentId, [...byParent.keys()]));
      for (const [parentId, lines] of byParent)
        await saveBomLines(
          tx,
          session.userId,
          parentId,
          lines.map(({ data }) => ({
            childId: data.childCode,
            quantity: data.quantity,
            lossRate: (data.lossRate as number | undefined) ?? 0,
            sort: data.sort as number | undefined,
            remark: (data.remark as string | undefined) ?? null,
          })),
        );
      return { total, written: valid.length };
    },
  }),
];
