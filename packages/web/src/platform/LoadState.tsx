import { ErrorCode } from '@factory/shared/api/errors';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from './request.ts';

/** Back where the user came from; a link opened on its own (a bookmark) goes to the home page. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign('/');
}

/**
 * The loading and failed states every screen has while its first query runs: a skeleton, then
 * either the content, or — the record is gone (deleted, or a stale link) — says so with a way back,
 * or a retry (the request client has already said why it failed).
 */
export function LoadState({
  query,
  title,
  rows = 8,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
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
  if (query.isError && query.error instanceof ApiError && query.error.code === ErrorCode.notFound) {
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title="记录不存在或已被删除"
          subTitle={`要查看的${title}可能已被删除，或链接有误。`}
          extra={
            <Button type="primary" onClick={goBack}>
              返回
            </Button>
          }
        />
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
