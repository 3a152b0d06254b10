import { equipmentParamEntity } from '@factory/shared/entities/equipmentParam';
import { paramLimitProblems } from '@factory/shared/entities/params';
import { and, eq, ne } from 'drizzle-orm';
import { crud } from '../../platform/crud.ts';
import { conflict } from '../../platform/errors.ts';
import { equipmentClasses } from '../information/index.ts';
import { equipmentParamStates, equipmentParams } from './readingSchema.ts';

/**
 * Equipment parameters (设备参数): the declared calls. The code is unique within its class (it is
 * the key a machine reports under); a parameter that has readings keeps its class, and is not
 * deleted, so the readings keep meaning what they meant.
 */
export const equipmentParam = crud({
  entity: equipmentParamEntity,
  table: equipmentParams,
  refs: {
    className: { id: equipmentClasses.id, name: equipmentClasses.name, code: equipmentClasses.code },
  },
  usedBy: [{ column: equipmentParamStates.paramId, label: '设备参数读数' }],
  hooks: {
    checkRow: paramLimitProblems,
    async validate(tx, values, id) {
      if (values.code === undefined && values.classId === undefined) return;
      const current = id === null ? undefined : await equipmentParam.detail(tx, id);
      const code = String(values.code ?? current?.code);
      const classId = Number(values.classId ?? current?.classId);
      const [same] = await tx
        .select({ id: equipmentParams.id })
        .from(equipmentParams)
        .where(
          and(
            eq(equipmentParams.classId, classId),
            eq(equipmentParams.code, code),
            id === null ? undefined : ne(equipmentParams.id, id),
          ),
        )
        .limit(1);
      if (same) throw conflict(`该设备分类已有参数编码“${code}”`, 'code');
      if (id !== null && current && classId !== Number(current.classId)) {
        const [read] = await tx
          .select({ id: equipmentParamStates.paramId })
          .from(equipmentParamStates)
          .where(eq(equipmentParamStates.paramId, id))
          .limit(1);
        if (read) throw conflict('该参数已有采集数据，不能改到其他设备分类；请新建参数', 'className');
      }
    },
  },
});
