import { type SalaryRow, workOrderApi } from '@factory/shared/api/workOrder';
import { pieceRateEntity } from '@factory/shared/entities/reportWork';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { streamXlsx } from '../../platform/excel/export.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { materials, procedures } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { pieceRates } from './schema.ts';

/** 计件单价: per procedure, or per procedure and product; one rate per pair. */
export const pieceRate = crud({
  entity: pieceRateEntity,
  table: pieceRates,
  refs: {
    procedureName: { id: procedures.id, name: procedures.name, code: procedures.code },
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
  },
  hooks: {
    async validate(tx, values, id) {
      const stored =
        id === null ? undefined : (await tx.select().from(pieceRates).where(eq(pieceRates.id, id)))[0];
      const procedureId = Number(values.procedureId ?? stored?.procedureId);
      const materialId = (values.materialsId === undefined ? stored?.materialsId : values.materialsId) as
        | number
        | null
        | undefined;
      const [same] = await tx
        .select({ id: pieceRates.id })
        .from(pieceRates)
        .where(
          and(
            eq(pieceRates.procedureId, procedureId),
            materialId ? eq(pieceRates.materialsId, materialId) : isNull(pieceRates.materialsId),
            id === null ? undefined : ne(pieceRates.id, id),
          ),
        )
        .limit(1);
      if (same)
        throw fieldError(
          materialId ? 'materialsId' : 'procedureId',
          materialId ? '该工序的此产品已有计件单价' : '该工序已有不分产品的计件单价',
        );
    },
  },
});

/**
 * Salary per operator over shift dates (DOMAIN "Piece rate"): each report line pays its share of
 * good × unit price less defect × deduction, the product's rate winning over the procedure's;
 * reversals are negated rows, so they net out; efficiency = standard hours ÷ work hours.
 */
async function salary(
  tx: Tx,
  q: { beginTime: string; endTime: string; userName?: string },
): Promise<SalaryRow[]> {
  const name = q.userName?.trim();
  const rows = await tx.execute(sql`
    with line as (
      select ru.user_id, ru.share, r.id, r.reversal_of, r.reversed_at,
        r.good_quantity as good, r.defect_quantity as defect, r.work_hours,
        t.standard_minutes,
        coalesce(rate.unit_price, 0) as unit_price, coalesce(rate.defect_deduction, 0) as deduction
      from report_work r
      join report_work_user ru on ru.report_id = r.id
      join produce_task t on t.id = r.task_id
      join produce_work_order w on w.id = r.work_order_id
      left join lateral (
        select pr.unit_price, pr.defect_deduction from piece_rate pr
        where pr.procedure_id = r.procedure_id and (pr.material_id = w.material_id or pr.material_id is null)
        order by pr.material_id nulls last limit 1
      ) rate on true
      where r.shift_date between ${q.beginTime}::date and ${q.endTime}::date
    )
    select u.id as "userId", u.name as "userName", u.job_number as "jobNumber",
      count(*) filter (where l.reversal_of is null and l.reversed_at is null)::int as "reportCount",
      round(sum(l.share * l.good), 6) as "goodQuantity",
      round(sum(l.share * l.defect), 6) as "defectQuantity",
      round(sum(l.share * l.good * l.unit_price), 2) as "goodAmount",
      round(sum(l.share * l.defect * l.deduction), 2) as "deduction",
      round(sum(l.share * (l.good * l.unit_price - l.defect * l.deduction)), 2) as "amount",
      round(sum(l.share * coalesce(l.standard_minutes, 0) * l.good) / 60, 3) as "standardHours",
      round(coalesce(sum(l.share * l.work_hours), 0), 3) as "workHours"
    from line l join ${users} u on u.id = l.user_id
    ${name ? sql`where u.name ilike ${`%${name.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
    group by u.id, u.name, u.job_number
    order by u.name, u.id`);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => {
    const standardHours = Number(r.standardHours);
    const workHours = Number(r.workHours);
    return {
      userId: Number(r.userId),
      userName: String(r.userName),
      jobNumber: (r.jobNumber as string | null) ?? null,
      reportCount: Number(r.reportCount),
      goodQuantity: Number(r.goodQuantity),
      defectQuantity: Number(r.defectQuantity),
      goodAmount: Number(r.goodAmount),
      deduction: Number(r.deduction),
      amount: Number(r.amount),
      standardHours,
      workHours,
      efficiency: workHours > 0 ? Math.round((standardHours / workHours) * 10_000) / 10_000 : 0,
    };
  });
}

const SALARY_COLUMNS: [keyof SalaryRow, string][] = [
  ['userName', '人员'],
  ['jobNumber', '工号'],
  ['reportCount', '报工次数'],
  ['goodQuantity', '合格数量'],
  ['defectQuantity', '不良数量'],
  ['goodAmount', '计件金额(元)'],
  ['deduction', '不良扣款(元)'],
  ['amount', '绩效工资(元)'],
  ['standardHours', '标准工时(小时)'],
  ['workHours', '实际工时(小时)'],
  ['efficiency', '效率'],
];

export const pieceRateRoutes: RouteDef[] = [
  ...pieceRate.routes,
  handle(workOrderApi.salary, { handler: ({ tx, query }) => salary(tx, query) }),
  handle(workOrderApi.salaryExport, {
    handler: async ({ tx, query, reply }) => {
      const rows = await salary(tx, query);
      await streamXlsx(reply, {
        fileName: `绩效工资${query.beginTime}至${query.endTime}`,
        sheetName: '绩效工资',
        columns: SALARY_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
        rows,
      });
    },
  }),
];
