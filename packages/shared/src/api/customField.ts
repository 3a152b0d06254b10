import { Type } from 'typebox';
import { endpoint } from './contract.ts';

/** A custom field as forms, lists, imports and exports take it (entities/custom CustomFieldDef). */
const CustomFieldDefRow = Type.Object({
  key: Type.String(),
  label: Type.String(),
  type: Type.Integer(),
  required: Type.Boolean(),
  options: Type.Union([Type.String(), Type.Null()]),
});

/** Field setting's own call, beside the generic ones of the custom field entity. */
export const customFieldApi = {
  of: endpoint({
    method: 'GET',
    path: 'systemConfig/private/customField/getCustomFieldsOf',
    summary: '某对象启用的自定义字段（表单、列表、导入导出用）',
    access: { session: true },
    query: Type.Object(
      { entity: Type.String({ maxLength: 40, title: '所属对象' }) },
      { additionalProperties: false },
    ),
    result: Type.Array(CustomFieldDefRow),
  }),
};
