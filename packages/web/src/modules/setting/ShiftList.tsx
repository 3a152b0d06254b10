import type { RowOf } from '@factory/shared/entities/schema';
import { durationText, frequencyEntity, shiftSpan } from '@factory/shared/entities/setting';
import { Space, Tag, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';

type Shift = RowOf<typeof frequencyEntity>;

/** How long the shift lasts, and 跨天 when it ends the next day (22:00–06:00). */
function Span({ shift }: { shift: Shift }) {
  const span = shiftSpan(shift.startTime ?? '', shift.endTime ?? '');
  if (!span) return <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>;
  return (
    <Space size={6}>
      <span>{durationText(span.minutes)}</span>
      {span.overnight && (
        <Tag color="purple" variant="filled" title={`次日 ${shift.endTime} 下班`}>
          跨天
        </Tag>
      )}
    </Space>
  );
}

/** /setting/shift: the shifts users switch between (spec 001 §7.5). */
export default function ShiftList() {
  return (
    <CrudPage
      entity={frequencyEntity}
      suggestCode
      extraColumns={[
        { key: 'span', title: '时长', after: 'endTime', width: 130, render: (_, s) => <Span shift={s} /> },
      ]}
    />
  );
}
