import { materialsAttributeEntity } from '@factory/shared/entities/materials';
import type { RowOf } from '@factory/shared/entities/schema';
import { Flex, Tag, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';

type Attribute = RowOf<typeof materialsAttributeEntity>;

const columns: Partial<Record<string, ColumnOverride<Attribute>>> = {
  options: {
    ellipsis: false,
    render: (_, { options }) =>
      options ? (
        <Flex wrap gap={4}>
          {options.split('、').map((o) => (
            <Tag key={o} variant="filled" style={{ marginInlineEnd: 0 }}>
              {o}
            </Tag>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">自由填写</Typography.Text>
      ),
  },
};

/** /information/materials-info/materials-attribute: attributes materials carry and their offered values. */
export default function MaterialsAttributeList() {
  return <CrudPage entity={materialsAttributeEntity} suggestCode columns={columns} />;
}
