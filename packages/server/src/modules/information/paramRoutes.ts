import { type PackageCodeBatch, packageCodeApi } from '@factory/shared/api/information';
import { batchNumberEntity, packageCodeEntity } from '@factory/shared/entities/labels';
import { paramLimitProblems, procedureParamEntity, scrapReasonEntity } from '@factory/shared/entities/params';
import { and, eq, ne } from 'drizzle-orm';
import type { Static } from 'typebox';
import { audit } from '../../platform/audit.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { insertRows } from '../../platform/excel/import.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle } from '../../platform/route.ts';
import {
  batchNumbers,
  materials,
  packageCodes,
  packageLevels,
  packages,
  procedureParams,
  procedures,
  scrapReasons,
  suppliers,
} from './schema.ts';

export const procedureParam = crud({
  entity: procedureParamEntity,
  table: procedureParams,
  refs: { procedureName: { id: procedures.id, name: procedures.name, code: procedures.code } },
  hooks: {
    checkRow: paramLimitProblems,
    // the same name twice on one procedure would be ambiguous when reporting
    async validate(tx, values, id) {
      if (values.name === undefined && values.procedureId === undefined) return;
      const current = id === null ? undefined : await procedureParam.detail(tx, id);
      const name = String(values.name ?? current?.name);
      const procedureId = Number(values.procedureId ?? current?.procedureId);
      const [same] = await tx
        .select({ id: procedureParams.id })
        .from(procedureParams)
        .where(
          and(
            eq(procedureParams.procedureId, procedureId),
            eq(procedureParams.name, name),
            id === null ? undefined : ne(procedureParams.id, id),
          ),
        )
        .limit(1);
      if (same) throw conflict(`该工序已有参数“${name}”`, 'name');
    },
  },
});

export const scrapReason = crud({ entity: scrapReasonEntity, table: scrapReasons });

export const batchNumber = crud({
  entity: batchNumberEntity,
  table: batchNumbers,
  refs: {
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
    supplierName: { id: suppliers.id, name: suppliers.name, code: suppliers.code },
  },
  usedBy: [{ column: packageCodes.batchNumberId, label: '包装码' }],
});

export const packageCode = crud({
  entity: packageCodeEntity,
  table: packageCodes,
  refs: {
    packageName: { id: packages.id, name: packages.name, code: packages.code },
    batchNumberName: { id: batchNumbers.id, name: batchNumbers.code, code: batchNumbers.code },
  },
});

export const paramRoutes = [
  ...procedureParam.routes,
  ...scrapReason.routes,
  ...batchNumber.routes,
  ...packageCode.routes,
  handle(packageCodeApi.generate, {
    handler: ({ tx, session, body }) => generatePackageCodes(tx, session.userId, body),
  }),
];

/**
 * Numbers `count` package codes of one level of a package specification, for a lot when given:
 * all of them or none (生成包装码, and the demo's labels).
 */
export async function generatePackageCodes(tx: Tx, userId: number, body: Static<typeof PackageCodeBatch>) {
  const [spec] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, body.packageId));
  if (!spec) throw notFound('包装规格');
  const [level] = await tx
    .select({ level: packageLevels.level })
    .from(packageLevels)
    .where(and(eq(packageLevels.packageId, body.packageId), eq(packageLevels.level, body.level)));
  if (!level) throw fieldError('level', `该包装规格没有第${body.level}层`);
  if (body.batchNumberId) {
    const [lot] = await tx
      .select({ id: batchNumbers.id })
      .from(batchNumbers)
      .where(eq(batchNumbers.id, body.batchNumberId));
    if (!lot) throw fieldError('batchNumberId', '所选批次号不存在或已被删除');
  }
  const codes = await takeCodes(tx, 'packageCode', body.count);
  await insertRows(
    tx,
    packageCodes,
    codes.map((code) => ({
      code,
      packageId: body.packageId,
      level: body.level,
      batchNumberId: body.batchNumberId ?? null,
      createdBy: userId,
    })),
  );
  await audit(tx, userId, 'packageCode', null, 'generate', { count: body.count, packageId: body.packageId });
  return codes;
}
