import { Flex, Typography } from 'antd';
import type { PurchaseOrderLine } from './purchaseParts.ts';

/** A material as a table cell: its name, its code and specification below in grey. */
export function MaterialCell({
  line,
}: {
  line: Pick<PurchaseOrderLine, 'materialsName' | 'materialsCode' | 'materialsSpecifications'>;
}) {
  return (
    <Flex vertical>
      <span>{line.materialsName}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[line.materialsCode, line.materialsSpecifications].filter(Boolean).join(' · ')}
      </Typography.Text>
    </Flex>
  );
}
