import { dataType } from '../enums/index.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField } from './information.ts';

/** Data types (`dataType`) whose values are numbers kept between limits (整数, 小数); a text or date has none. */
export const NUMERIC_PARAM_TYPES: readonly number[] = [0, 1];

/**
 * A parameter's limits as its row holds them (a procedure's or an equipment class's): only a
 * numeric one has any, and its lower limit is not above its upper one.
 */
export function paramLimitProblems(row: Record<string, unknown>): { field: string; message: string }[] {
  const low = row.lowerLimit == null ? undefined : Number(row.lowerLimit);
  const high = row.upperLimit == null ? undefined : Number(row.upperLimit);
  if (!NUMERIC_PARAM_TYPES.includes(Number(row.dataType)) && (low !== undefined || high !== undefined))
    return [{ field: 'lowerLimit', message: '只有整数、小数类型的参数可以设置上下限' }];
  if (low !== undefined && high !== undefined && low > high)
    return [{ field: 'lowerLimit', message: '下限不能大于上限' }];
  return [];
}

/** Parameters recorded when a procedure is reported (information → params → procedure-params). */
export const procedureParamEntity = defineEntity({
  name: 'procedureParam',
  label: '工序参数',
  route: 'procedureParams',
  defaultOrder: '+code',
  api: { base: 'basicData/production/private/procedureParam/', name: 'ProcedureParam' },
  autoCode: { prefix: 'CS', seqLength: 4 },
  fields: {
    id: idField,
    code: codeField('参数编码', 130, true),
    name: { ...nameField('参数名称'), unique: false },
    procedureName: {
      label: '所属工序',
      type: 'string',
      required: true,
      ref: { entity: 'procedure', by: 'name', idField: 'procedureId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 150,
    },
    dataType: {
      label: '数据类型',
      type: 'enum',
      enum: dataType,
      required: true,
      filter: ['eq'],
      import: true,
      width: 100,
    },
    unitName: { label: '单位', type: 'string', maxLength: 20, import: true, width: 80 },
    standardValue: { label: '标准值', type: 'string', maxLength: 50, import: true, width: 100 },
    lowerLimit: { label: '下限', type: 'number', import: true, width: 90 },
    upperLimit: { label: '上限', type: 'number', import: true, width: 90 },
    required: { label: '必填', type: 'boolean', import: true, width: 70 },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Why parts are scrapped (information → params → scarp-reason; the route keeps the spec's spelling). */
export const scrapReasonEntity = defineEntity({
  name: 'scrapReason',
  label: '报废原因',
  route: 'scarpReason',
  defaultOrder: '+code',
  api: { base: 'basicData/production/private/scrapReason/', name: 'ScrapReason' },
  autoCode: { prefix: 'BF', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('原因编码', 130, true),
    name: nameField('报废原因'),
    category: {
      label: '原因分类',
      type: 'string',
      maxLength: 20,
      filter: ['eq', 'like'],
      sort: true,
      placeholder: '如：材料缺陷、工艺缺陷、设备原因、人为失误',
      width: 130,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
