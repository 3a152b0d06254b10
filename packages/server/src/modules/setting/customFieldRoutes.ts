import { customFieldApi } from '@factory/shared/api/customField';
import { type CustomFieldDef, choicesOf } from '@factory/shared/entities/custom';
import { customFieldEntity } from '@factory/shared/entities/fieldSetting';
import { and, eq, ne, sql } from 'drizzle-orm';
import { crud } from '../../platform/crud.ts';
import { customFieldsOf } from '../../platform/customFields.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { customFields } from '../../platform/schema.ts';

const CHOICE_TYPES = [2, 3];

export const customField = crud({
  entity: customFieldEntity,
  table: customFields,
  hooks: {
    async validate(tx, values, id) {
      const current = id === null ? undefined : await customField.detail(tx, id);
      // a field's values are stored by its key and read by its type: neither may change later
      if (current && values.entity !== undefined && values.entity !== current.entity)
        throw fieldError('entity', '所属对象创建后不能修改');
      if (current && values.type !== undefined && values.type !== current.type)
        throw fieldError('type', '字段类型创建后不能修改');
      const entity = (values.entity ?? current?.entity) as string;
      const type = (values.type ?? current?.type) as number;
      if (CHOICE_TYPES.includes(type)) {
        const options = values.options === undefined ? (current?.options as string | null) : values.options;
        const choices = choicesOf(options as string | null);
        if (!choices.length) throw fieldError('options', '请输入选项，多个选项用“、”分隔');
        if (new Set(choices).size !== choices.length) throw fieldError('options', '选项不能重复');
        if (choices.some((c) => c.length > 50)) throw fieldError('options', '每个选项不能超过50个字符');
        if (values.options !== undefined) values.options = choices.join('、');
      } else values.options = null;
      if (values.label !== undefined) {
        const [same] = await tx
          .select({ id: customFields.id })
          .from(customFields)
          .where(
            and(
              eq(customFields.entity, entity),
              eq(customFields.label, String(values.label)),
              id === null ? undefined : ne(customFields.id, id),
            ),
          )
          .limit(1);
        if (same) throw conflict(`字段名称“${String(values.label)}”已存在`, 'label');
      }
      if (id === null) {
        const [row] = await tx
          .select({
            n: sql<number>`coalesce(max(substring(${customFields.key} from 3)::int), 0)`.mapWith(Number),
          })
          .from(customFields)
          .where(eq(customFields.entity, entity));
        values.key = `cf${(row?.n ?? 0) + 1}`;
      }
    },
  },
});

export const customFieldRoutes = [
  ...customField.routes,
  handle(customFieldApi.of, {
    handler: ({ tx, query }): Promise<CustomFieldDef[]> => customFieldsOf(tx, query.entity),
  }),
];
