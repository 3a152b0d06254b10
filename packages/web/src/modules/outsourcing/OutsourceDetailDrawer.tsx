import { outsourcingApi } from '@factory/shared/api/outsourcing';
import { outsourceOrderStatus } from '@factory/shared/enums';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AppDrawer, AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { StateTag } from '../../platform/machine/StateTags.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { OUTSOURCE_ORDERS, type OutsourceOrder } from './outsourcingParts.ts';

/**
 * 详情 of an outsourcing order: its head, what went out (发外) and what came back (收回, each with
 * the report it wrote); a receipt standing may be reversed (撤销收回) with a reason, which
 * reverses its report too.
 */
export function OutsourceDetailDrawer({
  order: listed,
  onClose,
  onChanged,
}: {
  order?: OutsourceOrder;
  onClose(): void;
  onChanged(): void;
}) {
  // read afresh, so an action taken here sends the version it now has
  const fresh = useQuery({
    queryKey: [OUTSOURCE_ORDERS.detail.path, listed?.id],
    queryFn: () => call(OUTSOURCE_ORDERS.detail, { id: listed?.id ?? 0 }),
    enabled: !!listed,
  });
  const order = listed && fresh.data?.id === listed.id ? fresh.data : listed;
  const can = usePermission();
  const client = useQueryClient();
  const [reversing, setReversing] = useState<number>();
  const { saving, run } = useSubmit();
  const [form] = Form.useForm<{ reason: string }>();
  const key = [outsourcingApi.trace.path, order?.id];
  const trace = useQuery({
    queryKey: key,
    queryFn: () => call(outsourcingApi.trace, { id: order?.id ?? 0 }),
    enabled: !!order,
  });
  const mayReverse = !!order && can('outSourceLists', 'Reverse') && [3, 4].includes(Number(order.status));
  const reverse = async () => {
    if (!order || reversing === undefined) return;
    const { reason } = await form.validateFields();
    await run(async () => {
      await call(outsourcingApi.unreceive, {
        id: order.id,
        version: order.version,
        receiptId: reversing,
        reason: reason.trim(),
      });
      setReversing(undefined);
      form.resetFields();
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: [OUTSOURCE_ORDERS.detail.path, order.id] });
      onChanged();
    });
  };
  return (
    <AppDrawer
      open={!!order}
      onClose={onClose}
      size={820}
      title={order ? `委外单详情 — ${order.code ?? ''}` : '委外单详情'}
    >
      {order && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="状态">
              <StateTag value={order.status} enumDecl={outsourceOrderStatus} />
              {order.isOverdue === 1 && (
                <Tag color="red" style={{ marginInlineStart: 8 }}>
                  逾期
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="委外供应商">{order.supplierName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="工单编号">{order.workOrderCode}</Descriptions.Item>
            <Descriptions.Item label="产品">{order.materialsName}</Descriptions.Item>
            <Descriptions.Item label="委外工序">{order.procedureName}</Descriptions.Item>
            <Descriptions.Item label="计划回厂日期">{order.planReturnDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="委外数量">{order.quantity}</Descriptions.Item>
            <Descriptions.Item label="单价 / 金额(元)">
              {order.unitPrice ?? 0} / {order.amount ?? 0}
            </Descriptions.Item>
            <Descriptions.Item label="已发外">{order.sentQuantity ?? 0}</Descriptions.Item>
            <Descriptions.Item label="收回 合格 / 不良">
              {order.receivedGoodQuantity ?? 0} / {order.receivedDefectQuantity ?? 0}
            </Descriptions.Item>
            <Descriptions.Item label="当前可发">{trace.data?.available ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="在外数量">{trace.data?.outstanding ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {order.remark ?? ''}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            发外记录
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={trace.isLoading}
            dataSource={trace.data?.sends ?? []}
            pagination={false}
            columns={[
              { title: '发外时间', dataIndex: 'createdAt', width: 170 },
              { title: '发外数量', dataIndex: 'quantity', width: 100 },
              {
                title: '委外发料单',
                dataIndex: 'stockDocCode',
                width: 160,
                render: (code: string | null) =>
                  code ?? <Typography.Text type="secondary">无物料</Typography.Text>,
              },
              { title: '经办人', dataIndex: 'createdByName', width: 100 },
              { title: '备注', dataIndex: 'remark' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            收回记录
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={trace.isLoading}
            dataSource={trace.data?.receipts ?? []}
            pagination={false}
            columns={[
              { title: '收回时间', dataIndex: 'createdAt', width: 170 },
              { title: '报工单号', dataIndex: 'reportCode', width: 150 },
              { title: '合格', dataIndex: 'goodQuantity', width: 70 },
              { title: '不良', dataIndex: 'defectQuantity', width: 70 },
              { title: '经办人', dataIndex: 'createdByName', width: 90 },
              {
                title: '状态',
                key: 'state',
                render: (_, r) =>
                  r.reversedAt ? (
                    <Typography.Text type="secondary">
                      已撤销（{r.reverseReason}）{r.reversedAt}
                    </Typography.Text>
                  ) : mayReverse ? (
                    <Button size="small" type="link" danger onClick={() => setReversing(r.id)}>
                      撤销收回
                    </Button>
                  ) : (
                    '有效'
                  ),
              },
            ]}
          />
        </>
      )}
      <AppModal
        open={reversing !== undefined}
        title="撤销收回"
        onCancel={() => setReversing(undefined)}
        onOk={reverse}
        confirmLoading={saving}
        okButtonProps={{ danger: true }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          该次收回的报工记录将一并撤销；下道工序已使用其合格数量时不能撤销。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="撤销原因"
            rules={[{ required: true, whitespace: true, message: '请输入撤销原因' }]}
          >
            <Input maxLength={150} />
          </Form.Item>
        </Form>
      </AppModal>
    </AppDrawer>
  );
}
