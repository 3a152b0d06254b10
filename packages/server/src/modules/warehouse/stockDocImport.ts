import { warehouseApi } from '@factory/shared/api/warehouse';
import { stockDocEntity, stockInImportEntity } from '@factory/shared/entities/stockDoc';
import { actionKeys } from '@factory/shared/machines/define';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { hasAnyKey } from '@factory/shared/permissions';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import {
  errorWorkbook,
  type ImportWritten,
  type RowProblem,
  receiveImportFile,
  runImport,
  tableLookups,
  type ValidRow,
} from '../../platform/excel/import.ts';
import { templateWorkbook } from '../../platform/excel/template.ts';
import { handle } from '../../platform/route.ts';
import type { SessionInfo } from '../../platform/session.ts';
import {
  batchNumbers,
  materials,
  stockTypes,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { stockDocs } from './schema.ts';
import { stockDoc, stockDocActions } from './stockDocs.ts';

/**
 * 批量入库 (docs/warehouse.md, "Batch stock-in"): a file of stock-in lines checked and written by
 * the platform's import (the wizard's three steps); the rows of one stock-in type and warehouse
 * become one stock-in, made by the service the stock-in form saves through, all in the route's
 * one transaction.
 */

const STOCK_IN = 0;
/** A document holds at most this many lines; a larger group is split into several. */
const MAX_LINES = stockDocEntity.lines.max;
/** A quantity as the shortest text of its number (what the cell shows): at most 6 decimals. */
const QUANTITY = /^\d+(\.\d{1,6})?$/;

/** A checked row: references hold their ids (stock type, material), the rest the cells' values. */
interface StockInRow {
  stockTypeName: number;
  warehouseName: string;
  locationCode?: string;
  materialsCode: number;
  batchCode?: string;
  quantity: number;
  remark?: string;
  /** Set by placesAndBatches. */
  warehouseId?: number;
  locationId?: number;
}
const rowOf = (r: ValidRow) => r.data as unknown as StockInRow;

function quantityRule(data: Record<string, unknown>): { key: string; message: string }[] {
  const q = data.quantity as number;
  if (!(q > 0)) return [{ key: 'quantity', message: '必须大于0' }];
  if (!QUANTITY.test(String(q))) return [{ key: 'quantity', message: '最多6位小数' }];
  return [];
}

const distinct = (values: (string | undefined)[]) => [
  ...new Set(values.filter((v): v is string => v !== undefined)),
];

/**
 * The rules a row alone cannot answer, looked up once for the whole file: the warehouse by name
 * (first) or code, enabled; the location by code, enabled and in that warehouse; a batch number
 * that already exists, or comes earlier in the file, for the same material only (approval would
 * refuse it). What is found goes into the row for the write.
 */
async function placesAndBatches(tx: Tx, rows: readonly ValidRow[]): Promise<RowProblem[]> {
  const data = rows.map(rowOf);
  const names = distinct(data.map((d) => d.warehouseName));
  const locationCodes = distinct(data.map((d) => d.locationCode));
  const batchCodes = distinct(data.map((d) => d.batchCode));
  const found = await tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, enabled: warehouses.enabled })
    .from(warehouses)
    .where(or(inArray(warehouses.name, names), inArray(warehouses.code, names)));
  const byName = new Map(found.map((w) => [w.name, w]));
  const byCode = new Map(found.map((w) => [w.code, w]));
  const locations = new Map(
    locationCodes.length
      ? (
          await tx
            .select({
              id: warehouseLocations.id,
              code: warehouseLocations.code,
              enabled: warehouseLocations.enabled,
              warehouseId: warehouseAreas.warehouseId,
            })
            .from(warehouseLocations)
            .innerJoin(warehouseAreas, eq(warehouseAreas.id, warehouseLocations.warehouseAreaId))
            .where(inArray(warehouseLocations.code, locationCodes))
        ).map((l) => [l.code, l])
      : [],
  );
  const batches = new Map(
    batchCodes.length
      ? (
          await tx
            .select({
              code: batchNumbers.code,
              materialId: batchNumbers.materialId,
              materialName: materials.name,
            })
            .from(batchNumbers)
            .innerJoin(materials, eq(materials.id, batchNumbers.materialId))
            .where(inArray(batchNumbers.code, batchCodes))
        ).map((b) => [b.code, b])
      : [],
  );

  const problems: RowProblem[] = [];
  const firstUse = new Map<string, { rowNumber: number; materialId: number }>();
  for (const [i, { rowNumber }] of rows.entries()) {
    const d = data[i];
    const bad = (key: keyof StockInRow, message: string) => problems.push({ rowNumber, key, message });
    const warehouse = byName.get(d.warehouseName) ?? byCode.get(d.warehouseName);
    if (!warehouse) bad('warehouseName', `没有名称或编码为“${d.warehouseName}”的仓库`);
    else if (!warehouse.enabled) bad('warehouseName', `仓库“${warehouse.name}”已停用`);
    else d.warehouseId = warehouse.id;
    if (d.locationCode !== undefined) {
      const location = locations.get(d.locationCode);
      if (!location) bad('locationCode', `没有编码为“${d.locationCode}”的库位`);
      else if (warehouse && location.warehouseId !== warehouse.id)
        bad('locationCode', `库位“${d.locationCode}”不在仓库“${warehouse.name}”中`);
      else if (!location.enabled) bad('locationCode', `库位“${d.locationCode}”已停用`);
      else d.locationId = location.id;
    }
    if (d.batchCode !== undefined) {
      const batch = batches.get(d.batchCode);
      const first = firstUse.get(d.batchCode);
      if (batch && batch.materialId !== d.materialsCode)
        bad('batchCode', `批次号“${d.batchCode}”已用于物料“${batch.materialName}”`);
      else if (first && first.materialId !== d.materialsCode)
        bad('batchCode', `批次号“${d.batchCode}”在第${first.rowNumber}行已用于另一物料`);
      else if (!first) firstUse.set(d.batchCode, { rowNumber, materialId: d.materialsCode });
    }
  }
  return problems;
}

/**
 * One stock-in per stock type × warehouse, in the order the file first names them, lines in file
 * order (split at MAX_LINES). Submitted (待审核) when the user may submit stock documents, as the
 * form's 保存并提交; drafts otherwise, as its 保存草稿 (docs/warehouse.md).
 */
async function writeDocuments(tx: Tx, session: SessionInfo, rows: ValidRow[]): Promise<ImportWritten> {
  const groups = new Map<string, StockInRow[]>();
  for (const d of rows.map(rowOf)) {
    const key = `${d.stockTypeName}:${d.warehouseId}`;
    const group = groups.get(key);
    if (group) group.push(d);
    else groups.set(key, [d]);
  }
  const submit = hasAnyKey(session, actionKeys(stockDocMachine, 'submit'));
  const made: { id: number; lines: number }[] = [];
  for (const group of groups.values())
    for (let from = 0; from < group.length; from += MAX_LINES) {
      const part = group.slice(from, from + MAX_LINES);
      const id = await stockDoc.create(tx, session.userId, {
        kind: STOCK_IN,
        stockTypeId: part[0].stockTypeName,
        warehouseId: part[0].warehouseId,
        lines: part.map((d) => ({
          materialsId: d.materialsCode,
          batchCode: d.batchCode ?? null,
          locationId: d.locationId ?? null,
          quantity: d.quantity,
          remark: d.remark ?? null,
        })),
      });
      if (submit) await stockDocActions.act(tx, session, 'submit', { id });
      made.push({ id, lines: part.length });
    }
  const codes = new Map(
    (
      await tx
        .select({ id: stockDocs.id, code: stockDocs.code })
        .from(stockDocs)
        .where(
          inArray(
            stockDocs.id,
            made.map((d) => d.id),
          ),
        )
    ).map((d) => [d.id, d.code]),
  );
  return { written: rows.length, documents: made.map((d) => ({ ...d, code: codes.get(d.id) ?? '' })) };
}

/** 批量入库's calls: its template, the check and the write of a file, and a check's errors as a workbook. */
export const stockInImportRoutes = [
  handle(warehouseApi.stockInImportTemplate, {
    handler: async ({ reply }) => {
      return sendXlsx(
        reply,
        `${stockInImportEntity.label}导入模板`,
        await templateWorkbook(stockInImportEntity),
      );
    },
  }),
  handle(warehouseApi.stockInImportErrors, {
    handler: async ({ body, reply }) => {
      return sendXlsx(
        reply,
        `${stockInImportEntity.label}导入错误清单`,
        await errorWorkbook(body, stockInImportEntity),
      );
    },
  }),
  handle(warehouseApi.stockInImport, {
    handler: async ({ tx, session, req, query }) => {
      const file = await receiveImportFile(req);
      return runImport({
        mode: query.mode,
        file: file.buffer,
        decl: stockInImportEntity,
        startRow: query.startRow,
        tx,
        hooks: {
          ...tableLookups(tx, {
            refs: {
              stockTypeName: {
                id: stockTypes.id,
                name: stockTypes.name,
                where: and(eq(stockTypes.direction, STOCK_IN), eq(stockTypes.enabled, true)),
              },
              materialsCode: { id: materials.id, code: materials.code, where: eq(materials.enabled, true) },
            },
          }),
          checkRow: quantityRule,
          checkRows: (rows) => placesAndBatches(tx, rows),
        },
        write: (tx, rows) => writeDocuments(tx, session, rows),
      });
    },
  }),
];
