import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/**
 * The loading and failed states every screen has while its first query runs: a skeleton, then
 * either the content or a retry (the request client has already said why it failed).
 */
export function LoadState({
  query,
  title,
  rows = 8,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Names what failed: '{title}加载失败'. */
  title: string;
  rows?: number;
  /** Rendered once loaded; pages that return early (`if (q.isPending || q.isError)`) pass none. */
  children?: () => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows }} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title={`${title}加载失败`}
          extra={<Button onClick={() => query.refetch()}>重新加载</Button>}
        />
      </Card>
    );
  }
  return <>{children?.()}</>;
}
