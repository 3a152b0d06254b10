import { ErrorCode } from '@factory/shared/api/errors';
import {
  type ApplyBody,
  OVER_QUOTA_FIELD,
  type OverQuotaRefusal,
  type Proposal,
  type ProposedLine,
  type QuotaVariance,
  quotaApi,
} from '@factory/shared/api/quota';
import { fromMicro, micro } from '@factory/shared/decimal';
import { quotaApplyEntity, quotaEntity } from '@factory/shared/entities/quota';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { actionKey } from '@factory/shared/machines/define';
import { stateOf } from '@factory/shared/machines/endpoints';
import { quotaApplyMachine, quotaMachine } from '@factory/shared/machines/quota';
import { ADMIN_USER_NAME, parseAuthority } from '@factory/shared/permissions';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { nowOf } from '../../platform/clock.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import { lookedUp } from '../../platform/list.ts';
import {
  type ActInput,
  type Actor,
  type DocRow,
  machineService,
  writeTrail,
} from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { type Ctx, handle, type RouteDef } from '../../platform/route.ts';
import type { SessionInfo } from '../../platform/session.ts';
import {
  bomItems,
  materials,
  processFlowMaterials,
  processFlows,
  processFlowVersions,
  units,
} from '../information/index.ts';
import { asNumber, produceWorkOrders, productColumns } from '../plans/index.ts';
import { roles, userRoles, users } from '../setting/index.ts';
import {
  type IssueEvent,
  materialPrepLines,
  materialPreps,
  onIssue,
  stockDocs,
  stockMovements,
} from '../warehouse/index.ts';
import { quotaApplications, quotaLines, quotaOverruns, quotas } from './schema.ts';

/** What a quota is for: finished and semi-finished products, not virtual (as production orders). */
const MADE_TYPES = [1, 2];
const ONE = 1_000_000n;
/** Phantoms deeper than this are a BOM loop, not a design. */
const MAX_DEPTH = 20;

const ceilDiv = (a: bigint, b: bigint) => (a <= 0n ? a / b : (a + b - 1n) / b);
/** A percentage with up to 4 decimals as a factor in millionths: 2 → 1 020 000. */
const factorOf = (pct: string | number) => ONE + BigInt(Math.round(Number(pct) * 10_000));

const label = (status: number) => quotaMachine.states.status.enum.label(status, '');

/** Only a draft is edited or deleted: an effective quota is withdrawn first. */
async function refuseUnlessDraft(tx: Tx, id: number, what: string) {
  const [row] = await tx
    .select({ code: quotas.code, status: quotas.status })
    .from(quotas)
    .where(eq(quotas.id, id));
  if (!row) throw notFound('生产定额');
  if (row.status === 0) return;
  throw conflict(
    `生产定额“${row.code}”${label(row.status)}，不能${what}${row.status === 1 ? '，请先撤回' : ''}`,
  );
}

/** 生产定额: the declared calls; edited and deleted only while a draft (docs/quota.md). */
export const quota = crud({
  entity: quotaEntity,
  table: quotas,
  document: { number: quotas.code },
  refs: {
    materialsName: {
      id: materials.id,
      name: materials.name,
      code: materials.code,
      where: and(inArray(materials.materialType, MADE_TYPES), eq(materials.isVirtual, false)),
    },
  },
  columns: {
    version: quotas.version,
    processFlowVersionId: quotas.processFlowVersionId,
    ...productColumns(quotas.materialsId),
    versionName: lookedUp(quotas.processFlowVersionId, processFlowVersions.name),
    createdByName: lookedUp(quotas.createdBy, users.name),
  },
  lines: {
    table: quotaLines,
    docId: quotaLines.quotaId,
    refs: {
      materialsName: {
        id: materials.id,
        name: materials.name,
        code: materials.code,
        where: eq(materials.isVirtual, false),
      },
    },
    columns: productColumns(quotaLines.materialsId),
  },
  hooks: {
    async validate(tx, values, id, body) {
      if (id !== null) await refuseUnlessDraft(tx, id, '修改');
      const productId = (values.materialsId ?? (await productOf(tx, id))) as number | undefined;
      if (Object.hasOwn(body, 'processFlowVersionId')) {
        const versionId = (body.processFlowVersionId ?? null) as number | null;
        if (versionId !== null && productId !== undefined) {
          const versions = await versionsOf(tx, productId);
          if (!versions.some((v) => v.id === versionId))
            throw fieldError('processFlowVersionId', '所选工艺版本不是该产品的工艺版本');
        }
        values.processFlowVersionId = versionId;
      }
      const lines = Array.isArray(body.lines) ? (body.lines as { materialsId?: unknown }[]) : [];
      const seen = new Set<unknown>();
      for (const [i, l] of lines.entries()) {
        if (l.materialsId === productId)
          throw fieldError(`lines.${i}.materialsId`, `第${i + 1}行物料不能是产品本身`);
        if (seen.has(l.materialsId)) throw fieldError(`lines.${i}.materialsId`, `第${i + 1}行物料重复`);
        seen.add(l.materialsId);
      }
    },
    async saved(tx, id, _body, isNew, actorId) {
      await tx
        .update(quotas)
        .set({
          lineCount: sql`(select count(*)::int from ${quotaLines} l where l.quota_id = ${id})`,
          ...(isNew ? { createdBy: actorId } : {}),
        })
        .where(eq(quotas.id, id));
    },
    async removing(tx, id) {
      await refuseUnlessDraft(tx, id, '删除');
      const [used] = await tx
        .select({ id: quotaOverruns.id })
        .from(quotaOverruns)
        .where(eq(quotaOverruns.quotaId, id))
        .limit(1);
      if (used) throw conflict('该生产定额已有超定额领料记录，不能删除，请生效后作废');
    },
  },
});

async function productOf(tx: Tx, id: number | null) {
  if (id === null) return undefined;
  const [row] = await tx.select({ id: quotas.materialsId }).from(quotas).where(eq(quotas.id, id));
  return row?.id;
}

/** The versions of the product's process flows, the main first. */
function versionsOf(tx: Tx, productId: number) {
  return tx
    .select({
      id: processFlowVersions.id,
      name: processFlowVersions.name,
      isMain: processFlowVersions.isMain,
    })
    .from(processFlowVersions)
    .innerJoin(processFlows, eq(processFlows.id, processFlowVersions.flowId))
    .where(eq(processFlows.materialId, productId))
    .orderBy(desc(processFlowVersions.isMain), asc(processFlowVersions.id));
}

/**
 * The quota's actions (quotaMachine). 生效 obsoletes the product's effective quota of the same
 * version (or of no version) first, in the same transaction, so one stays effective.
 */
export const quotaActions = machineService({
  machine: quotaMachine,
  table: quotas,
  number: quotas.code,
  hooks: {
    effect: {
      async guard(tx, row) {
        const [line] = await tx
          .select({ id: quotaLines.id })
          .from(quotaLines)
          .where(eq(quotaLines.quotaId, row.id))
          .limit(1);
        if (!line) throw conflict(`生产定额“${row.code}”没有定额明细，不能生效`);
      },
      async effect(tx, row) {
        const before = await tx
          .select({ id: quotas.id })
          .from(quotas)
          .where(
            and(
              eq(quotas.materialsId, row.materialsId as number),
              eq(quotas.status, 1),
              sql`${quotas.processFlowVersionId} is not distinct from ${row.processFlowVersionId ?? null}::int`,
            ),
          )
          .for('update');
        for (const b of before) await quotaActions.act(tx, 'system', 'obsolete', { id: b.id });
        return undefined;
      },
    },
  },
});

interface BomChild {
  childId: number;
  quantity: string;
  lossRate: string;
  isVirtual: boolean;
  name: string;
}

/** The BOM lines of a parent, in the BOM's order, with whether each child is a phantom. */
function bomOf(tx: Tx, parentId: number): Promise<BomChild[]> {
  return tx
    .select({
      childId: bomItems.childId,
      quantity: bomItems.quantity,
      lossRate: bomItems.lossRate,
      isVirtual: materials.isVirtual,
      name: materials.name,
    })
    .from(bomItems)
    .innerJoin(materials, eq(materials.id, bomItems.childId))
    .where(eq(bomItems.parentId, parentId))
    .orderBy(asc(bomItems.sort), asc(bomItems.id));
}

/** One material's proposal in millionths, before it is named. */
interface Need {
  materialsId: number;
  qtyPer: bigint;
  lossRate: string;
  quota: bigint;
  via: string | null;
}

/**
 * 按BOM生成定额 (DOMAIN "Production quota"): per material, quotaPerUnit = qtyPer × (1 + lossRate %),
 * rounded up to the millionth. The source is what the product's plans explode (plans/flowRules):
 * the chosen version's BOM list view when it has lines (the loss rate the product's BOM gives the
 * material, else none), else the product's BOM one level down. A virtual material (phantom) is
 * never picked, so it is exploded through: its parts at its own quantity with its loss.
 */
export async function proposeQuota(
  tx: Tx,
  productId: number,
  versionId: number | null = null,
): Promise<Proposal> {
  const [product] = await tx
    .select({ materialType: materials.materialType, isVirtual: materials.isVirtual })
    .from(materials)
    .where(eq(materials.id, productId));
  if (!product || !MADE_TYPES.includes(product.materialType ?? -1) || product.isVirtual)
    throw fieldError('materialsId', '所选产品不存在或不是自制的成品、半成品');
  const versions = await versionsOf(tx, productId);
  if (versionId !== null && !versions.some((v) => v.id === versionId))
    throw fieldError('processFlowVersionId', '所选工艺版本不是该产品的工艺版本');
  const needs: Need[] = [];

  async function explode(parentId: number, per: bigint, via: string | null, depth: number) {
    if (depth > MAX_DEPTH) throw conflict('产品的BOM虚拟件层级超过20层，请检查BOM是否循环');
    for (const c of await bomOf(tx, parentId)) {
      const qtyPer = ceilDiv(per * micro(c.quantity), ONE);
      const withLoss = ceilDiv(qtyPer * factorOf(c.lossRate), ONE);
      if (c.isVirtual) await explode(c.childId, withLoss, c.name, depth + 1);
      else needs.push({ materialsId: c.childId, qtyPer, lossRate: c.lossRate, quota: withLoss, via });
    }
  }

  const viewed =
    versionId === null
      ? []
      : await tx
          .select({
            materialsId: processFlowMaterials.materialId,
            quantity: processFlowMaterials.quantity,
            isVirtual: materials.isVirtual,
            name: materials.name,
            lossRate: sql<
              string | null
            >`(select b.loss_rate from ${bomItems} b where b.parent_id = ${productId} and b.child_id = ${processFlowMaterials.materialId})`,
          })
          .from(processFlowMaterials)
          .innerJoin(materials, eq(materials.id, processFlowMaterials.materialId))
          .where(eq(processFlowMaterials.versionId, versionId))
          .orderBy(asc(processFlowMaterials.id));
  for (const v of viewed) {
    const qtyPer = micro(v.quantity);
    const lossRate = v.lossRate ?? '0';
    const withLoss = ceilDiv(qtyPer * factorOf(lossRate), ONE);
    if (v.isVirtual) await explode(v.materialsId, withLoss, v.name, 1);
    else needs.push({ materialsId: v.materialsId, qtyPer, lossRate, quota: withLoss, via: null });
  }
  if (!viewed.length) await explode(productId, ONE, null, 0);

  // one line per material, in the order first met
  const merged = new Map<number, Need>();
  for (const n of needs) {
    const m = merged.get(n.materialsId);
    if (m) {
      m.qtyPer += n.qtyPer;
      m.quota += n.quota;
    } else merged.set(n.materialsId, { ...n });
  }
  const named = merged.size
    ? await tx
        .select({
          id: materials.id,
          code: materials.code,
          name: materials.name,
          specifications: materials.specifications,
          unitName: units.name,
        })
        .from(materials)
        .leftJoin(units, eq(units.id, materials.mainUnitId))
        .where(inArray(materials.id, [...merged.keys()]))
    : [];
  const byId = new Map(named.map((m) => [m.id, m]));
  const lines: ProposedLine[] = [...merged.values()].map((n) => {
    const m = byId.get(n.materialsId);
    return {
      materialsId: n.materialsId,
      materialsCode: m?.code ?? '',
      materialsName: m?.name ?? '',
      materialsSpecifications: m?.specifications ?? null,
      unitName: m?.unitName ?? null,
      qtyPer: Number(fromMicro(n.qtyPer)),
      lossRate: Number(n.lossRate),
      quotaPerUnit: Number(fromMicro(n.quota)),
      via: n.via,
    };
  });
  return { versions, lines, source: viewed.length ? 'version' : 'bom' };
}

/** The effective quota a work order is held to: its version's, else the product's for every version. */
async function quotaOfWorkOrder(tx: Tx, productId: number, versionId: number | null) {
  const [row] = await tx
    .select({ id: quotas.id, code: quotas.code })
    .from(quotas)
    .where(
      and(
        eq(quotas.materialsId, productId),
        eq(quotas.status, 1),
        versionId === null
          ? isNull(quotas.processFlowVersionId)
          : or(eq(quotas.processFlowVersionId, versionId), isNull(quotas.processFlowVersionId)),
      ),
    )
    .orderBy(sql`${quotas.processFlowVersionId} is null`)
    .limit(1);
  return row;
}

/** What a work order may be issued of a quota line: quantity × quotaPerUnit × (1 + tolerance %), rounded up. */
const allowedOf = (woQuantity: string, quotaPerUnit: string, tolerancePct: string) =>
  ceilDiv(ceilDiv(micro(woQuantity) * micro(quotaPerUnit), ONE) * factorOf(tolerancePct), ONE);

/**
 * 超定额领料 (DOMAIN "Production quota", check "issue"): after a pick to a work order, Σ issued to
 * it of each material its effective quota lists stays within the allowance — the quota's own plus
 * the work order's passed applications for the material. Beyond it the pick is refused naming the
 * material, the allowance, what was issued before and what was asked, with what an application
 * needs; a pick beyond the quota's own allowance that the applications cover is recorded
 * (quota_overrun) with the pick's document and the applications.
 */
async function checkIssue(tx: Tx, e: IssueEvent) {
  const [wo] = await tx
    .select({
      code: produceWorkOrders.code,
      materialsId: produceWorkOrders.materialsId,
      quantity: produceWorkOrders.quantity,
      flowVersionId: produceWorkOrders.flowVersionId,
    })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, e.workOrderId));
  if (!wo) return;
  const q = await quotaOfWorkOrder(tx, wo.materialsId, wo.flowVersionId ?? null);
  if (!q) return;
  const asked = new Map(e.lines.map((l) => [l.materialsId, micro(l.quantity)]));
  const lines = await tx
    .select({
      materialsId: quotaLines.materialsId,
      name: materials.name,
      unitName: units.name,
      quotaPerUnit: quotaLines.quotaPerUnit,
      tolerancePct: quotaLines.tolerancePct,
    })
    .from(quotaLines)
    .innerJoin(materials, eq(materials.id, quotaLines.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(and(eq(quotaLines.quotaId, q.id), inArray(quotaLines.materialsId, [...asked.keys()])))
    .orderBy(asc(quotaLines.lineNo));
  if (!lines.length) return;
  // the order's issued quantities already count this pick
  const issued = new Map(
    (
      await tx
        .select({
          materialsId: materialPrepLines.materialsId,
          issued: sql<string>`sum(${materialPrepLines.issuedQuantity})`,
        })
        .from(materialPrepLines)
        .innerJoin(materialPreps, eq(materialPreps.id, materialPrepLines.prepId))
        .where(eq(materialPreps.workOrderId, e.workOrderId))
        .groupBy(materialPrepLines.materialsId)
    ).map((r) => [r.materialsId, micro(r.issued)]),
  );
  const applications = await tx
    .select({
      id: quotaApplications.id,
      code: quotaApplications.code,
      materialsId: quotaApplications.materialsId,
      quantity: quotaApplications.quantity,
      reason: quotaApplications.reason,
      auditStatus: quotaApplications.auditStatus,
    })
    .from(quotaApplications)
    .where(
      and(
        eq(quotaApplications.workOrderId, e.workOrderId),
        inArray(
          quotaApplications.materialsId,
          lines.map((l) => l.materialsId),
        ),
        inArray(quotaApplications.auditStatus, [0, 1]),
      ),
    )
    .orderBy(asc(quotaApplications.id));
  for (const l of lines) {
    const now = asked.get(l.materialsId) ?? 0n;
    const after = issued.get(l.materialsId) ?? now;
    const base = allowedOf(wo.quantity, l.quotaPerUnit, l.tolerancePct);
    if (after <= base) continue;
    const own = applications.filter((a) => a.materialsId === l.materialsId);
    const passed = own.filter((a) => a.auditStatus === 1);
    const extra = passed.reduce((n, a) => n + micro(a.quantity), 0n);
    if (after > base + extra) {
      const unit = l.unitName ? ` ${l.unitName}` : '';
      const pending = own.filter((a) => a.auditStatus === 0).map((a) => a.code);
      const message = `超定额领料：“${l.name}”定额 ${fromMicro(base)}${unit}${extra ? `，已批准超定额 ${fromMicro(extra)}${unit}` : ''}，已领 ${fromMicro(after - now)}${unit}，本次 ${fromMicro(now)}${unit}；${
        pending.length
          ? `超定额申请“${pending.join('、')}”待审核，请审核通过后再领料`
          : '请先提交超定额申请并经审核通过'
      }`;
      const refusal: OverQuotaRefusal = {
        field: OVER_QUOTA_FIELD,
        message,
        workOrderId: e.workOrderId,
        workOrderCode: wo.code,
        materialsId: l.materialsId,
        materialsName: l.name,
        unitName: l.unitName,
        excess: Number(fromMicro(after - base - extra)),
        pendingCodes: pending,
      };
      throw new AppError(ErrorCode.conflict, message, [refusal]);
    }
    await tx.insert(quotaOverruns).values({
      quotaId: q.id,
      workOrderId: e.workOrderId,
      materialsId: l.materialsId,
      stockDocId: e.stockDocId,
      allowedQuantity: fromMicro(base),
      issuedBefore: fromMicro(after - now),
      quantity: fromMicro(now),
      reason: passed.map((a) => a.reason).join('；'),
      applicationIds: passed.map((a) => a.id),
      createdBy: e.userId || null,
    });
  }
}

onIssue('picked', 'purchase.quota', checkIssue);

/** Work orders the variance shows at most (the newest). */
const VARIANCE_LIMIT = 200;

/**
 * 定额差异: the product's work orders (of the quota's version, when it names one), newest first,
 * each material of the quota with its quota quantity (work-order quantity × quotaPerUnit), the
 * allowance, what was issued — the stock movements of the work order's preparation order out of
 * the issuing warehouses, reversals netted — and what report work backflushed of it.
 */
async function variance(tx: Tx, id: number): Promise<QuotaVariance> {
  const [q] = await tx.select().from(quotas).where(eq(quotas.id, id));
  if (!q) throw notFound('生产定额');
  const lines = await tx
    .select({
      materialsId: quotaLines.materialsId,
      materialsCode: materials.code,
      materialsName: materials.name,
      unitName: units.name,
      quotaPerUnit: quotaLines.quotaPerUnit,
      tolerancePct: quotaLines.tolerancePct,
    })
    .from(quotaLines)
    .innerJoin(materials, eq(materials.id, quotaLines.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(quotaLines.quotaId, id))
    .orderBy(asc(quotaLines.lineNo));
  const found = await tx
    .select({
      id: produceWorkOrders.id,
      code: produceWorkOrders.code,
      quantity: produceWorkOrders.quantity,
      completed: produceWorkOrders.completedQuantity,
    })
    .from(produceWorkOrders)
    .where(
      and(
        eq(produceWorkOrders.materialsId, q.materialsId),
        q.processFlowVersionId === null
          ? undefined
          : eq(produceWorkOrders.flowVersionId, q.processFlowVersionId),
      ),
    )
    .orderBy(desc(produceWorkOrders.id))
    .limit(VARIANCE_LIMIT + 1);
  const truncated = found.length > VARIANCE_LIMIT;
  const wos = found.slice(0, VARIANCE_LIMIT);
  const ids = wos.map((w) => w.id);
  const key = (wo: number, m: number) => `${wo}/${m}`;
  const issued = new Map<string, bigint>();
  const consumed = new Map<string, bigint>();
  if (ids.length && lines.length) {
    const materialIds = lines.map((l) => l.materialsId);
    for (const r of await tx
      .select({
        workOrderId: materialPreps.workOrderId,
        materialsId: stockMovements.materialsId,
        q: sql<string>`sum(-${stockMovements.quantity})`,
      })
      .from(stockMovements)
      .innerJoin(stockDocs, eq(stockDocs.id, stockMovements.docId))
      .innerJoin(materialPreps, eq(materialPreps.code, stockDocs.sourceNumber))
      .where(
        and(
          inArray(materialPreps.workOrderId, ids),
          inArray(stockMovements.materialsId, materialIds),
          // a pick to the line side moves twice: only the issuing side counts
          sql`${stockMovements.warehouseId} is distinct from ${materialPreps.targetWarehouseId}`,
        ),
      )
      .groupBy(materialPreps.workOrderId, stockMovements.materialsId))
      issued.set(key(r.workOrderId, r.materialsId), micro(r.q));
    for (const r of await tx
      .select({
        workOrderId: materialPreps.workOrderId,
        materialsId: materialPrepLines.materialsId,
        direct: sql<boolean>`${materialPreps.targetWarehouseId} is null`,
        consumed: sql<string>`sum(${materialPrepLines.consumedQuantity})`,
      })
      .from(materialPrepLines)
      .innerJoin(materialPreps, eq(materialPreps.id, materialPrepLines.prepId))
      .where(
        and(inArray(materialPreps.workOrderId, ids), inArray(materialPrepLines.materialsId, materialIds)),
      )
      .groupBy(materialPreps.workOrderId, materialPrepLines.materialsId, materialPreps.targetWarehouseId)) {
      const k = key(r.workOrderId, r.materialsId);
      // issued straight to the work (no line side): what was issued is what was used
      consumed.set(k, r.direct ? (issued.get(k) ?? 0n) : micro(r.consumed));
    }
  }
  const rows = wos.flatMap((w) =>
    lines.map((l) => {
      const k = key(w.id, l.materialsId);
      const quota = ceilDiv(micro(w.quantity) * micro(l.quotaPerUnit), ONE);
      const out = issued.get(k) ?? 0n;
      const diff = out - quota;
      return {
        workOrderId: w.id,
        workOrderCode: w.code,
        workOrderQuantity: Number(w.quantity),
        completedQuantity: Number(w.completed),
        materialsId: l.materialsId,
        materialsCode: l.materialsCode,
        materialsName: l.materialsName,
        unitName: l.unitName,
        quotaQuantity: Number(fromMicro(quota)),
        allowedQuantity: Number(fromMicro(allowedOf(w.quantity, l.quotaPerUnit, l.tolerancePct))),
        issuedQuantity: Number(fromMicro(out)),
        consumedQuantity: Number(fromMicro(consumed.get(k) ?? 0n)),
        variance: Number(fromMicro(diff)),
        variancePct: quota > 0n ? Math.round((Number(diff) / Number(quota)) * 10_000) / 100 : null,
      };
    }),
  );
  const overruns = await tx
    .select({
      id: quotaOverruns.id,
      workOrderCode: produceWorkOrders.code,
      materialsName: materials.name,
      stockDocCode: stockDocs.code,
      allowedQuantity: asNumber(quotaOverruns.allowedQuantity),
      issuedBefore: asNumber(quotaOverruns.issuedBefore),
      quantity: asNumber(quotaOverruns.quantity),
      reason: quotaOverruns.reason,
      applicationCodes: sql<
        string[]
      >`coalesce((select array_agg(a.code order by a.id) from ${quotaApplications} a where a.id = any(${quotaOverruns.applicationIds})), '{}')`,
      createdByName: users.name,
      createdAt: quotaOverruns.createdAt,
    })
    .from(quotaOverruns)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, quotaOverruns.workOrderId))
    .innerJoin(materials, eq(materials.id, quotaOverruns.materialsId))
    .leftJoin(stockDocs, eq(stockDocs.id, quotaOverruns.stockDocId))
    .leftJoin(users, eq(users.id, quotaOverruns.createdBy))
    .where(eq(quotaOverruns.quotaId, id))
    .orderBy(desc(quotaOverruns.id));
  return {
    rows,
    overruns: overruns.map((o) => ({ ...o, createdAt: formatFactoryTime(o.createdAt) })),
    truncated,
  };
}

/** 超定额申请: listed and read; filed through `apply`, passed or rejected on its machine. */
export const quotaApply = crud({
  entity: quotaApplyEntity,
  table: quotaApplications,
  document: { number: quotaApplications.code },
  refs: {
    workOrderCode: { id: produceWorkOrders.id, name: produceWorkOrders.code, code: produceWorkOrders.code },
    productName: { id: materials.id, name: materials.name, code: materials.code },
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
    applicantName: { id: users.id, name: users.name, code: users.userName },
    approverName: { id: users.id, name: users.name, code: users.userName },
  },
  columns: { version: quotaApplications.version, ...productColumns(quotaApplications.materialsId) },
});

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

/** The application's audit (quotaApplyMachine): who passed or rejected it and when; withdrawn only by its applicant. */
export const quotaApplyActions = machineService({
  machine: quotaApplyMachine,
  table: quotaApplications,
  number: quotaApplications.code,
  hooks: {
    approve: {
      effect: async (tx, _row, _input, actor) => ({ approvedBy: actorIdOf(actor), approvedAt: nowOf(tx) }),
    },
    reject: {
      effect: async (tx, _row, input, actor) => ({
        approvedBy: actorIdOf(actor),
        approvedAt: nowOf(tx),
        rejectReason: input.reason?.trim() ?? null,
      }),
    },
    withdraw: {
      async guard(_tx, row, _input, actor) {
        if (actor !== 'system' && row.applicantId !== actor.userId)
          throw forbidden(`超定额申请“${String(row.code)}”只能由申请人撤回`);
      },
    },
  },
});

/**
 * Who may pass an application: the enabled users an enabled role gives the approve key, and the
 * administrator; the applicant is left out.
 */
async function approversOf(tx: Tx, applicantId: number): Promise<number[]> {
  const key = actionKey(quotaApplyMachine, 'approve').toLowerCase();
  const rows = await tx
    .select({ id: users.id, userName: users.userName, authority: roles.authority })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
    .where(
      and(
        eq(users.enabled, true),
        or(eq(users.userName, ADMIN_USER_NAME), ilike(roles.authority, `%${key}%`)),
      ),
    );
  const ids = new Set<number>();
  for (const r of rows)
    if (
      r.id !== applicantId &&
      (r.userName === ADMIN_USER_NAME ||
        parseAuthority(r.authority).some((p) =>
          [...p.checked, ...p.half].some((k) => k.toLowerCase() === key),
        ))
    )
      ids.add(r.id);
  return [...ids].sort((a, b) => a - b);
}

/** An application's work order, material and quantity as its notices name them. */
async function named(tx: Tx, row: Pick<DocRow, 'id'>) {
  const [a] = await tx
    .select({
      code: quotaApplications.code,
      workOrderCode: produceWorkOrders.code,
      materialsName: materials.name,
      quantity: quotaApplications.quantity,
      unitName: units.name,
      reason: quotaApplications.reason,
      applicantId: quotaApplications.applicantId,
      rejectReason: quotaApplications.rejectReason,
    })
    .from(quotaApplications)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, quotaApplications.workOrderId))
    .innerJoin(materials, eq(materials.id, quotaApplications.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(quotaApplications.id, row.id));
  return { ...a, quantity: `${fromMicro(micro(a.quantity))}${a.unitName ? ` ${a.unitName}` : ''}` };
}

/**
 * 提交超定额申请: for a work order and a material its effective quota lists (else nothing limits
 * the picks); filed pending by the caller (the call below tells its approvers).
 */
export async function fileQuotaApplication(
  tx: Tx,
  session: Pick<SessionInfo, 'userId'>,
  body: Static<typeof ApplyBody>,
) {
  const reason = body.reason.trim();
  if (!reason) throw fieldError('reason', '请输入申请原因');
  const [wo] = await tx
    .select({
      code: produceWorkOrders.code,
      materialsId: produceWorkOrders.materialsId,
      flowVersionId: produceWorkOrders.flowVersionId,
    })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, body.workOrderId));
  if (!wo) throw fieldError('workOrderId', '工单不存在或已被删除');
  const q = await quotaOfWorkOrder(tx, wo.materialsId, wo.flowVersionId ?? null);
  const [line] = q
    ? await tx
        .select({ id: quotaLines.id })
        .from(quotaLines)
        .where(and(eq(quotaLines.quotaId, q.id), eq(quotaLines.materialsId, body.materialsId)))
    : [];
  if (!line)
    throw fieldError('materialsId', `工单“${wo.code}”适用的生产定额不含该物料，领料不受定额限制，无需申请`);
  const [code] = await takeCodes(tx, quotaApplyEntity.name);
  const now = nowOf(tx);
  const [row] = await tx
    .insert(quotaApplications)
    .values({
      code,
      workOrderId: body.workOrderId,
      productId: wo.materialsId,
      materialsId: body.materialsId,
      quantity: fromMicro(micro(String(body.quantity))),
      reason,
      applicantId: session.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({
      id: quotaApplications.id,
      code: quotaApplications.code,
      version: quotaApplications.version,
    });
  await writeTrail(tx, session.userId, quotaApplyMachine.name, row.id, 'add', { to: { auditStatus: 0 } });
  return row;
}

/** The application filed, and its approvers told. */
async function apply(ctx: Ctx<unknown, Static<typeof ApplyBody>>) {
  const row = await fileQuotaApplication(ctx.tx, ctx.session, ctx.body);
  const n = await named(ctx.tx, row);
  await emitEvent(ctx, 'quotaApply.submitted', {
    applyId: row.id,
    code: n.code,
    workOrderCode: n.workOrderCode,
    materialsName: n.materialsName,
    quantity: n.quantity,
    reason: ctx.body.reason.trim(),
    approverIds: await approversOf(ctx.tx, ctx.session.userId),
  });
  return row;
}

const applyEndpoints = quotaApplyActions.endpoints.actions;

/** 通过 / 驳回: the machine's action, then the applicant is told. */
const audit = (action: 'approve' | 'reject') =>
  handle(applyEndpoints[action], {
    handler: async (ctx) => {
      const row = await quotaApplyActions.act(ctx.tx, ctx.session, action, ctx.body as ActInput);
      const n = await named(ctx.tx, row);
      if (n.applicantId !== null)
        await emitEvent(ctx, 'quotaApply.audited', {
          applyId: row.id,
          code: n.code,
          workOrderCode: n.workOrderCode,
          materialsName: n.materialsName,
          quantity: n.quantity,
          passed: action === 'approve',
          ...(n.rejectReason ? { rejectReason: n.rejectReason } : {}),
          applicantId: n.applicantId,
        });
      return { id: row.id, version: row.version, ...stateOf(quotaApplyMachine, row) };
    },
  });

export const quotaRoutes: RouteDef[] = [
  ...quota.routes,
  ...quotaActions.routes,
  ...quotaApply.routes,
  handle(quotaApi.apply, { handler: apply }),
  audit('approve'),
  audit('reject'),
  ...quotaApplyActions.routes.filter(
    (r) => r.endpoint !== applyEndpoints.approve && r.endpoint !== applyEndpoints.reject,
  ),
  handle(quotaApi.propose, {
    handler: ({ tx, query }) => proposeQuota(tx, query.materialsId, query.processFlowVersionId ?? null),
  }),
  handle(quotaApi.variance, { handler: ({ tx, query }) => variance(tx, query.id) }),
];
