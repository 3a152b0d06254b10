import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsAttributeEntity, materialsEntity } from '@factory/shared/entities/materials';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';

export type Material = RowOf<typeof materialsEntity>;

const ATTRIBUTES = entityEndpoints(materialsAttributeEntity).list;
/** Attributes are few (电压等级, 容量 …): one page holds them all. */
const ATTRIBUTE_PAGE = 100;

/** The material's attributes: each row an attribute and its value, chosen from the offered values if any. */
function AttributeItems() {
  const { data } = useQuery({
    queryKey: [ATTRIBUTES.path, 'all'],
    queryFn: ({ signal }) => call(ATTRIBUTES, { page: 1, limit: ATTRIBUTE_PAGE }, { signal }),
  });
  const attributes = data?.records ?? [];
  const form = Form.useFormInstance();
  const chosen: ({ attributeId?: number } | undefined)[] = Form.useWatch('attributes', form) ?? [];
  return (
    <Col xs={24}>
      <Form.Item label="物料属性" extra={attributes.length ? undefined : '可在“物料属性”中维护属性及可选值'}>
        <Form.List name="attributes">
          {(rows, { add, remove }) => (
            <Flex vertical gap={8}>
              {rows.map(({ key, name }) => {
                const attribute = attributes.find((a) => a.id === chosen[name]?.attributeId);
                const offered = attribute?.options ? attribute.options.split('、') : [];
                return (
                  <Flex key={key} gap={8} align="start">
                    <Form.Item
                      name={[name, 'attributeId']}
                      rules={[{ required: true, message: '请选择属性' }]}
                      style={{ width: 200, marginBottom: 0 }}
                    >
                      <Select
                        placeholder="请选择属性"
                        options={attributes.map((a) => ({
                          value: a.id,
                          label: a.name,
                          disabled: chosen.some((c, i) => i !== name && c?.attributeId === a.id),
                        }))}
                        onChange={() => form.setFieldValue(['attributes', name, 'value'], undefined)}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'value']}
                      rules={[{ required: true, whitespace: true, message: '请输入属性值' }]}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      {offered.length ? (
                        <Select
                          placeholder="请选择属性值"
                          options={offered.map((o) => ({ value: o, label: o }))}
                        />
                      ) : (
                        <Input placeholder="请输入属性值" maxLength={200} />
                      )}
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label="移除属性"
                      onClick={() => remove(name)}
                    />
                  </Flex>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({})}
                disabled={attributes.length > 0 && rows.length >= attributes.length}
                style={{ width: 200 }}
              >
                添加属性
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </Col>
  );
}

const limit = (v: unknown) => (v === null || v === undefined ? EMPTY_CELL : formatNumber(v));
const detail = (m: Material) => routeHref('materialsDetail', { id: m.id });

/** /information/materials-info/materials-list: materials with their units, limits and attributes. */
export default function MaterialsList() {
  const navigate = useNavigate();
  const columns = useMemo<Partial<Record<string, ColumnOverride<Material>>>>(
    () => ({
      code: { render: (v, m) => <Link to={detail(m)}>{String(v)}</Link> },
      // an empty limit is no limit: '—', not the 0 empty numbers show elsewhere
      lowerLimit: { render: limit },
      upperLimit: { render: limit },
      attributeText: {
        render: (v) => (v ? String(v) : <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>),
      },
    }),
    [],
  );
  const rowActions: RowAction<Material>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (m) => navigate(detail(m)) },
  ];
  return (
    <CrudPage
      entity={materialsEntity}
      suggestCode
      columns={columns}
      rowActions={rowActions}
      formItems={() => <AttributeItems />}
      formValues={(m) => ({
        attributes: m.attributes.map(({ attributeId, value }) => ({ attributeId, value })),
      })}
    />
  );
}
