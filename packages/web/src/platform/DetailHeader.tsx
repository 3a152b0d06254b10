import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * The head card of a detail page: back to its list, the record's name, its tags, and on the right
 * what the page puts there (the code, an edit button).
 */
export function DetailHeader({
  backTo,
  backLabel,
  title,
  children,
  extra,
}: {
  backTo: string;
  backLabel: string;
  title: ReactNode;
  children?: ReactNode;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex align="center" gap={12}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={backLabel}
            onClick={() => navigate(backTo)}
          />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </Flex>
        {extra}
      </Flex>
    </Card>
  );
}

/** A record's code as the head shows it: labelled, copyable. */
export function CodeText({ label, code }: { label: string; code: string }) {
  return (
    <Typography.Text type="secondary">
      {label}{' '}
      <Typography.Text copyable strong>
        {code}
      </Typography.Text>
    </Typography.Text>
  );
}
