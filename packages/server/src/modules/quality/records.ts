import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { repairRecordEntity, reportWasteRecordEntity } from '@factory/shared/entities/qualityRecords';
import { and, asc, desc, eq, getTableColumns, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { crudContext, detailCalls, exportCalls, listCalls, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { exportColumns, exportQuery, pageRows, streamXlsx } from '../../platform/excel/export.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import {
  defaultOrderOf,
  type ListPageQueryInput,
  listFieldsOf,
  listPage,
  lookedUp,
  lookupValue,
  selectPage,
} from '../../platform/list.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { materials, procedures, scrapReasons, stations } from '../information/index.ts';
import { produceWorkOrders, reportWorkDefects, reportWorks, reportWorkUsers } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { dispositions, nonconformings } from './schema.ts';

/**
 * The value of `value`'s row whose id is `key` (an expression, not a column of the listed table:
 * the material of a record's or a report's work order), marked as a look-up so a filter on it
 * searches that table by its own index (`lookupValue`).
 */
function through(key: SQL, value: PgColumn): SQL<string | null> {
  const table = value.table as PgTable;
  const id = (getTableColumns(table) as Record<string, PgColumn>).id;
  return lookupValue(
    sql<
      string | null
    >`(select r.${sql.identifier(value.name)} from ${table} r where r.${sql.identifier(id.name)} = ${key})`,
    { key, table, id, value },
  );
}

// —— 返修记录: the repair dispositions ——

const d = dispositions;
/** disposition 0: a repair (see nonconforming.ts). */
const REPAIR = 0;

/** A column of the non-conforming record the disposition belongs to. */
const ofRecord = (column: PgColumn) =>
  sql`(select n.${sql.identifier(column.name)} from ${nonconformings} n where n.id = ${qualified(d.ncId)})`;

const repairRecords = crudContext({
  entity: repairRecordEntity,
  table: d,
  scope: { where: eq(d.disposition, REPAIR), values: {} },
  columns: {
    ncId: d.ncId,
    materialsId: sql<number | null>`${ofRecord(nonconformings.materialsId)}`,
    workOrderId: sql<number | null>`${ofRecord(nonconformings.workOrderId)}`,
    reworkWorkOrderId: d.reworkWorkOrderId,
    code: lookedUp(d.ncId, nonconformings.code),
    source: sql<number>`${ofRecord(nonconformings.source)}`,
    sourceCode: lookedUp(d.ncId, nonconformings.sourceCode),
    materialsName: through(ofRecord(nonconformings.materialsId), materials.name),
    materialsCode: through(ofRecord(nonconformings.materialsId), materials.code),
    workOrderCode: through(ofRecord(nonconformings.workOrderId), produceWorkOrders.code),
    procedureName: through(ofRecord(nonconformings.procedureId), procedures.name),
    reworkWorkOrderCode: lookedUp(d.reworkWorkOrderId, produceWorkOrders.code),
    reworkStatus: sql<number | null>`(select w.status from ${produceWorkOrders} w
      where w.id = ${qualified(d.reworkWorkOrderId)})`,
    handledByName: lookedUp(d.handledBy as PgColumn, users.name),
  },
  idFilters: { ncId: d.ncId, reworkWorkOrderId: d.reworkWorkOrderId },
});

// —— 报工报废记录: a report's defects by reason ——

const r = reportWorks;
const line = reportWorkDefects;

/**
 * Reports that stand: with a defect quantity, neither a reversal (negated, pointing at its
 * original) nor reversed. A reversed report took its non-conforming record with it, so neither
 * side of a reversal is waste any more.
 */
const standing = and(gt(r.defectQuantity, '0'), isNull(r.reversalOf), isNull(r.reversedAt)) as SQL;

/** The line's place among its report's reasons, by reason id (0: a report naming no reason). */
const lineNo = sql`(select count(*) from ${reportWorkDefects} x
  where x.report_id = ${qualified(r.id)} and x.scrap_reason_id <= ${qualified(line.scrapReasonId)})`;
/** Row ids: a line has none of its own (see reportWasteRecordEntity); reasons per report ≤ 50. */
const PLACES = 100;

/**
 * A column of the record the report's defects opened (source 0 报工不良): of the report's records,
 * the one that is not its repair quantity's (born handled by the rework work order the report made).
 */
const ofDefectRecord = (column: PgColumn) =>
  sql`(select n.${sql.identifier(column.name)} from ${nonconformings} n
    where n.source = 0 and n.source_id = ${qualified(r.id)}
      and not exists (select 1 from ${dispositions} x
        where x.nc_id = n.id and x.rework_work_order_id = ${qualified(r.reworkWorkOrderId)})
    order by n.id limit 1)`;

const productOfReport = sql`(select w.material_id from ${produceWorkOrders} w
  where w.id = ${qualified(r.workOrderId)})`;

const wasteColumns = {
  id: sql<number>`(${qualified(r.id)} * ${PLACES} + ${lineNo})`.mapWith(Number),
  reportId: r.id,
  workOrderId: r.workOrderId,
  materialsId: sql<number | null>`${productOfReport}`,
  scrapReasonId: line.scrapReasonId,
  ncId: sql<number | null>`${ofDefectRecord(nonconformings.id)}`,
  reportCode: r.code,
  reportedAt: factoryTimeText(qualified(r.createdAt)),
  workOrderCode: lookedUp(r.workOrderId, produceWorkOrders.code),
  materialsName: through(productOfReport, materials.name),
  materialsCode: through(productOfReport, materials.code),
  procedureName: lookedUp(r.procedureId, procedures.name),
  stationName: lookedUp(r.stationId, stations.name),
  userNames: sql<string | null>`(select string_agg(u.name, '、' order by u.id) from ${reportWorkUsers} ru
    join ${users} u on u.id = ru.user_id where ru.report_id = ${qualified(r.id)})`,
  scrapReasonName: lookedUp(line.scrapReasonId, scrapReasons.name),
  scrapReasonCategory: lookedUp(line.scrapReasonId, scrapReasons.category),
  // a report naming no reason: its whole defect quantity
  quantity: sql<number>`coalesce(${qualified(line.quantity)}, ${qualified(r.defectQuantity)})::float8`,
  ncCode: sql<string | null>`${ofDefectRecord(nonconformings.code)}`,
  handlingStatus: sql<number | null>`${ofDefectRecord(nonconformings.handlingStatus)}`,
};

const wasteFields = listFieldsOf(reportWasteRecordEntity, {
  ...wasteColumns,
  reportedAt: r.createdAt,
});
const wasteOrder = [
  ...defaultOrderOf(reportWasteRecordEntity, wasteFields),
  desc(r.id),
  asc(line.scrapReasonId),
];
const wasteEndpoints = entityEndpoints(reportWasteRecordEntity);

// biome-ignore lint/suspicious/noExplicitAny: a drizzle select builder of the rows
const wasteRows = (tx: Tx, extra: Record<string, SQL> = {}): any =>
  tx
    .select({ ...wasteColumns, ...extra })
    .from(r)
    .leftJoin(line, eq(line.reportId, r.id));

const wasteList = (tx: Tx, query: ListPageQueryInput) =>
  listPage(({ total }) => wasteRows(tx, { __total: total }), wasteFields, query, {
    where: standing,
    defaultOrder: wasteOrder,
  });

async function wasteDetail(tx: Tx, id: number) {
  const [row] = await wasteRows(tx).where(
    and(standing, eq(r.id, Math.floor(id / PLACES)), sql`${lineNo} = ${id % PLACES}`),
  );
  if (!row) throw notFound(reportWasteRecordEntity.label);
  return row as Record<string, unknown>;
}

const wasteExport = wasteEndpoints.export;
if (!wasteExport) throw new Error('reportWasteRecord: the route has no Export');

/** 返修记录 and 报工报废记录 (docs/quality.md "Repair and report-waste records"): read only. */
export const recordRoutes: RouteDef[] = [
  ...listCalls(repairRecords).routes,
  ...detailCalls(repairRecords).routes,
  ...exportCalls(repairRecords).routes,
  handle(wasteEndpoints.listPage, { handler: ({ tx, query }) => wasteList(tx, query) }),
  handle(wasteEndpoints.list, {
    handler: ({ tx, query }) =>
      selectPage(({ total }) => wasteRows(tx, { __total: total }), wasteFields, query, {
        where: standing,
        order: wasteOrder,
      }),
  }),
  handle(wasteEndpoints.detail, { handler: ({ tx, query }) => wasteDetail(tx, query.id) }),
  handle(wasteExport, {
    handler: async ({ tx, query, reply }) => {
      const { where, orderBy } = await exportQuery(wasteFields, query, {
        where: standing,
        defaultOrder: wasteOrder,
      });
      await streamXlsx(reply, {
        fileName: `${reportWasteRecordEntity.label}列表`,
        sheetName: reportWasteRecordEntity.label,
        columns: exportColumns(reportWasteRecordEntity, query.columns),
        rows: pageRows((limit, offset) =>
          wasteRows(tx)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        ),
      });
    },
  }),
];
