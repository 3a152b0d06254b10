import { Flex, Typography } from 'antd';

/** A material as a table cell: its name, its code and specification below in grey. */
export function MaterialCell({
  name,
  code,
  specification,
}: {
  name: string | null | undefined;
  code: string | null | undefined;
  specification: string | null | undefined;
}) {
  return (
    <Flex vertical>
      <span>{name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[code, specification].filter(Boolean).join(' · ')}
      </Typography.Text>
    </Flex>
  );
}

/** The cell of a document line naming its material by the usual fields. */
export const LineMaterialCell = ({
  line,
}: {
  line: {
    materialsName?: string | null;
    materialsCode?: string | null;
    materialsSpecifications?: string | null;
  };
}) => (
  <MaterialCell
    name={line.materialsName}
    code={line.materialsCode}
    specification={line.materialsSpecifications}
  />
);
