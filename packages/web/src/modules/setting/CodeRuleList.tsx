import type { AutoCodeRule } from '@factory/shared/entities/define';
import { codeRuleEntity, datePartsOf, formatCode } from '@factory/shared/entities/numbering';
import type { RowOf } from '@factory/shared/entities/schema';
import { Space, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ExtraColumn } from '../../platform/list/types.ts';

type CodeRule = RowOf<typeof codeRuleEntity>;

/** What the next code of a rule looks like today (a value the row lacks counts as none). */
function example(r: CodeRule): string {
  const rule: AutoCodeRule = {
    prefix: r.prefix ?? '',
    dateFormat: r.dateFormat ?? '',
    seqLength: r.seqLength ?? 0,
    resetPeriod: r.resetPeriod ?? 0,
  };
  const now = new Date();
  const { dateText } = datePartsOf(rule, { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });
  return formatCode(rule, dateText, 1);
}

const extraColumns: ExtraColumn<CodeRule>[] = [
  {
    key: 'example',
    title: '示例',
    after: 'resetPeriod',
    width: 200,
    render: (_, r) => <Typography.Text code>{example(r)}</Typography.Text>,
  },
];

/** /setting/system-setting-info/code-setting: how each kind of record is numbered. */
export default function CodeRuleList() {
  return (
    <CrudPage
      entity={codeRuleEntity}
      title={
        <Space size={12}>
          编码规则
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
            新增时编码留空，系统按规则生成；未设置规则的单据使用系统默认规则
          </Typography.Text>
        </Space>
      }
      extraColumns={extraColumns}
    />
  );
}
