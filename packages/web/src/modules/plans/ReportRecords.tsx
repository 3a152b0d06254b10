import { workOrderApi } from '@factory/shared/api/workOrder';
import { reportWorkEntity } from '@factory/shared/entities/reportWork';
import type { RowOf } from '@factory/shared/entities/schema';
import { App, Flex, Form, Input, Tag, Typography, theme } from 'antd';
import { type CSSProperties, useMemo, useRef, useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

type Report = RowOf<typeof reportWorkEntity>;

const REASON_MAX = 200;

/** A reversal (冲销) is the negated copy of a withdrawn report, pointing at it. */
const isReversal = (r: Report) => r.reversalOf !== null || !!r.reversalOfCode;
const isWithdrawn = (r: Report) => !!r.reversedAt;

/**
 * /plans/report-records: every report of work, reversals included, searchable by date, line, work
 * order, procedure, station, operator and shift, and exportable. Reports are written at the
 * station terminal and the work-order detail, so there is no add or edit here; 撤销 writes a
 * reversal and keeps the original.
 */
export default function ReportRecords() {
  const { token } = theme.useToken();
  const list = useRef<ListPageHandle>(null);
  const [withdrawing, setWithdrawing] = useState<Report>();

  const columns = useMemo<Partial<Record<string, ColumnOverride<Report>>>>(
    () => ({
      code: {
        ellipsis: false,
        render: (v, r) => (
          <Flex gap={6} align="center" wrap>
            <span>{String(v ?? '')}</span>
            {isReversal(r) && (
              <Tag color="error" variant="filled" style={{ marginInlineEnd: 0 }}>
                冲销
              </Tag>
            )}
            {isWithdrawn(r) && (
              <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
                已撤销
              </Tag>
            )}
          </Flex>
        ),
      },
    }),
    [],
  );

  const rowStyle = (r: Report): CSSProperties | undefined =>
    isReversal(r)
      ? { color: token.colorError }
      : isWithdrawn(r)
        ? { color: token.colorTextTertiary }
        : undefined;

  const rowActions: RowAction<Report>[] = [
    {
      key: 'Withdraw',
      label: '撤销',
      action: 'Withdraw',
      danger: true,
      visible: (r) => !isReversal(r) && !isWithdrawn(r),
      onClick: (r) => setWithdrawing(r),
    },
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={reportWorkEntity}
        columns={columns}
        rowActions={rowActions}
        rowStyle={rowStyle}
      />
      <WithdrawModal
        report={withdrawing}
        onClose={() => setWithdrawing(undefined)}
        onDone={() => {
          setWithdrawing(undefined);
          list.current?.reload();
        }}
      />
    </>
  );
}

/** 撤销 asks first, with room for an optional reason kept on the reversal. */
function WithdrawModal({ report, onClose, onDone }: { report?: Report; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const { saving, run } = useSubmit();
  const submit = async () => {
    if (!report) return;
    // a refusal leaves the dialog for another try
    await run(async () => {
      const reason = form.getFieldValue('reason')?.trim() || undefined;
      await call(workOrderApi.reverse, { id: report.id, reason });
      message.success('撤销成功');
      form.resetFields();
      onDone();
    });
  };
  return (
    <AppModal
      open={!!report}
      title="撤销报工"
      width={520}
      okText="确定撤销"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
    >
      <Typography.Paragraph>
        确定撤销报工单“{report?.code}”吗？撤销将写一条数量相反的冲销记录，原记录保留并标记为已撤销。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="reportWithdraw">
        <Form.Item name="reason" label="撤销原因（选填）">
          <Input.TextArea maxLength={REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
