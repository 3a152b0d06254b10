import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { RowOf } from '@factory/shared/entities/schema';
import { packageInfoEntity } from '@factory/shared/entities/warehouse';
import { routeHref } from '@factory/shared/routes';
import { Button, Col, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';

export type PackageInfo = RowOf<typeof packageInfoEntity>;

/** Most packages have two or three levels (箱, 托); six is more than any real one. */
const MAX_LEVELS = 6;

/** The levels, innermost first, each holding a quantity of the one before (the first: main units). */
export function LevelsItem() {
  const form = Form.useFormInstance();
  const levels: ({ name?: string; quantity?: number } | undefined)[] = Form.useWatch('levels', form) ?? [];
  const below = (i: number) => (i === 0 ? '主单位' : levels[i - 1]?.name || `第${i}层`);
  const total = levels.reduce((t, l) => t * (l?.quantity ?? 0), 1);
  return (
    <Col xs={24}>
      <Form.Item
        label="包装层级"
        required
        extra={
          levels.length > 0 && total > 0
            ? `一${levels[levels.length - 1]?.name || '整包'}合计 ${formatNumber(total)} 个主单位`
            : '由内向外：先填最小包装（如 箱），再填装它的外层（如 托）'
        }
      >
        <Form.List
          name="levels"
          rules={[
            {
              validator: async (_, v) => {
                if (!v?.length) throw new Error('请至少添加一层包装');
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {rows.map(({ key, name }, i) => (
                <Flex key={key} gap={8} align="start">
                  <Typography.Text type="secondary" style={{ width: 48, lineHeight: '32px' }}>
                    第{i + 1}层
                  </Typography.Text>
                  <Form.Item
                    name={[name, 'name']}
                    rules={[{ required: true, whitespace: true, message: '请输入层级名称' }]}
                    style={{ width: 160, marginBottom: 0 }}
                  >
                    <Input placeholder="如 箱、托" maxLength={20} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'quantity']}
                    rules={[{ required: true, message: '请输入数量' }]}
                    style={{ width: 220, marginBottom: 0 }}
                  >
                    <InputNumber
                      min={0.000001}
                      max={1_000_000_000}
                      placeholder="请输入数量"
                      addonBefore="含"
                      addonAfter={below(i)}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label="移除层级"
                    onClick={() => remove(name)}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({})}
                disabled={rows.length >= MAX_LEVELS}
                style={{ width: 200 }}
              >
                添加外层包装
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </Col>
  );
}

export const levelsOf = (p: PackageInfo) => p.levels.map(({ name, quantity }) => ({ name, quantity }));
const detail = (p: PackageInfo) => routeHref('packageDetail', { id: p.id });

/** /information/warehouse-info/package-info: how each material is packed, level by level. */
export default function PackageInfoList() {
  const navigate = useNavigate();
  const columns = useMemo<Partial<Record<string, ColumnOverride<PackageInfo>>>>(
    () => ({
      code: { render: (_, p) => <Link to={detail(p)}>{p.code}</Link> },
      materialName: { render: (_, p) => `${p.materialCode ?? ''} ${p.materialName ?? ''}` },
      materialCode: { list: false },
    }),
    [],
  );
  const rowActions: RowAction<PackageInfo>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (p) => navigate(detail(p)) },
  ];
  return (
    <CrudPage
      entity={packageInfoEntity}
      suggestCode
      columns={columns}
      rowActions={rowActions}
      formItems={() => <LevelsItem />}
      formValues={(p) => ({ levels: levelsOf(p) })}
      addValues={{ levels: [{ name: '箱' }] }}
    />
  );
}
