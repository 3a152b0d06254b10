import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { Button, Card, Col, Flex, Form, type FormInstance, Row, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

const WAREHOUSES = entityEndpoints(warehouseEntity).list;

/** Warehouses chosen in a filter, as the stock calls take them ('1,2'); all when none. */
export const warehouseIdStr = (ids: readonly number[] | undefined) =>
  ids?.length ? ids.join(',') : undefined;

/** Several warehouses to look at; none means all. */
export function WarehousesSelect(props: { value?: number[]; onChange?(v: number[]): void; id?: string }) {
  return (
    <RemoteSelect
      {...props}
      mode="multiple"
      endpoint={WAREHOUSES}
      placeholder="全部仓库"
      allowClear
      maxTagCount="responsive"
      onChange={(v) => props.onChange?.(Array.isArray(v) ? v.map(Number) : [])}
    />
  );
}

/** The filter card of a stock report: its items in a grid, 重置 and 查询 at the end. */
export function FilterCard<V extends object>({
  form,
  name,
  initialValues,
  onSearch,
  children,
}: {
  form: FormInstance<V>;
  name: string;
  initialValues: V;
  onSearch(values: V): void;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless" styles={{ body: { padding: '20px 24px 0' } }}>
      <Form<V>
        form={form}
        name={name}
        initialValues={initialValues}
        labelCol={{ flex: '90px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        onFinish={onSearch}
      >
        <Row gutter={24}>
          {children}
          <Col flex="auto">
            <Form.Item>
              <Flex justify="flex-end" gap={8}>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    form.resetFields();
                    onSearch(initialValues);
                  }}
                >
                  重置
                </Button>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
              </Flex>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** One filter item in the card's grid (four to a row on a wide screen). */
export function FilterItem({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <Col xs={24} sm={12} lg={wide ? 12 : 8} xxl={wide ? 12 : 6}>
      {children}
    </Col>
  );
}

/** The head of a report's table card: its title, a note, and its buttons. */
export function TableHead({
  title,
  note,
  fetching,
  onReload,
  onExport,
  exporting,
}: {
  title: string;
  note?: ReactNode;
  fetching: boolean;
  onReload(): void;
  onExport?(): void;
  exporting?: boolean;
}) {
  return (
    <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: '14px 20px' }}>
      <Flex align="baseline" gap={12} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      </Flex>
      <Flex gap={8}>
        {onExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
            导出
          </Button>
        )}
        <Tooltip title="刷新">
          <Button icon={<ReloadOutlined spin={fetching} />} aria-label="刷新" onClick={onReload} />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
