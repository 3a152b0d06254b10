import { codeRuleEntity, datePartsOf, formatCode } from '@factory/shared/entities/numbering';
import { Space, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ExtraColumn } from '../../platform/list/types.ts';

type CodeRule = {
  id: number;
  docType: string;
  prefix: string;
  dateFormat: string;
  seqLength: number;
  resetPeriod: number;
} & Record<string, unknown>;

/** What the next code of a rule looks like today. */
function example(r: CodeRule): string {
  const now = new Date();
  const { dateText } = datePartsOf(r, { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });
  return formatCode(r, dateText, 1);
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
    <CrudPage<CodeRule>
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
