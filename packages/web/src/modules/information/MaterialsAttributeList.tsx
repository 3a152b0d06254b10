import { materialsAttributeEntity } from '@factory/shared/entities/materials';
import { Flex, Tag, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';

type Attribute = { id: number; options: string | null } & Record<string, unknown>;

const columns: Partial<Record<string, ColumnOverride<Attribute>>> = {
  options: {
    ellipsis: false,
    render: (v) =>
      v ? (
        <Flex wrap gap={4}>
          {String(v)
            .split('、')
            .map((o) => (
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
  return <CrudPage<Attribute> entity={materialsAttributeEntity} suggestCode columns={columns} />;
}
