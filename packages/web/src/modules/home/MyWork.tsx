import {
  CheckCircleOutlined,
  HistoryOutlined,
  ProfileOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { homeApi, type RecentItem, type TodoItem, type TodoKind } from '@factory/shared/api/home';
import { queryOptions, type UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/call.ts';
import styles from './Workbench.module.css';

const { Text } = Typography;

/**
 * The workbench's one call: the user's to-dos and recent records, kept per user (another account
 * signed in on the same tab never sees the last one's). Asked again when the page is opened after
 * a short while (the user went to a list and worked it off), not on every render.
 */
export const workbenchQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: [homeApi.workbench.path, userId],
    queryFn: ({ signal }) => call(homeApi.workbench, { signal }),
    staleTime: 10_000,
  });

type WorkbenchQuery = Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'refetch' | 'isFetching'>;

/** A to-do's tag: red when late, blue when waiting for the user, cyan while under way; grey at 0. */
export const TODO_TONES: Record<TodoKind, string> = { overdue: 'red', waiting: 'blue', doing: 'cyan' };

/** A card's body while the call runs or after it failed; the content once it answered. */
function Loaded({
  query,
  rows,
  children,
}: {
  query: WorkbenchQuery;
  rows: number;
  children: () => ReactNode;
}) {
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        className={styles.failed}
        title="加载失败"
        extra={
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => query.refetch()}>
            重试
          </Button>
        }
      />
    );
  return <>{children()}</>;
}

/** A card of the workbench's own: its icon in the theme's colour before its title. */
function WorkCard({
  icon,
  title,
  extra,
  children,
}: {
  icon: ReactNode;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      className={styles.sideCard}
      style={{ height: '100%' }}
      title={
        <span>
          <span style={{ color: token.colorPrimary, marginRight: 8 }}>{icon}</span>
          {title}
        </span>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

function TodoRow({ todo, onOpen }: { todo: TodoItem; onOpen: (path: string) => void }) {
  return (
    <button
      type="button"
      className={styles.todoRow}
      data-todo={todo.key}
      title={`打开${todo.group}`}
      onClick={() => onOpen(todo.path)}
    >
      <span className={styles.todoTitle}>{todo.title}</span>
      <Tag color={todo.count > 0 ? TODO_TONES[todo.kind] : undefined} className={styles.todoCount}>
        {todo.count}
      </Tag>
      <RightOutlined className={styles.todoArrow} />
    </button>
  );
}

/** 我的待办: each count a row that opens its list on what it counts. */
export function TodoCard({
  query,
  todos,
  onOpen,
}: {
  query: WorkbenchQuery;
  todos: readonly TodoItem[] | undefined;
  onOpen: (path: string) => void;
}) {
  const { token } = theme.useToken();
  const list = todos ?? [];
  const waiting = list.reduce((n, t) => n + t.count, 0);
  return (
    <WorkCard
      icon={<ProfileOutlined />}
      title="我的待办"
      extra={
        waiting > 0 ? (
          <Text type="secondary" style={{ fontSize: 13 }}>
            共 {waiting} 项待处理
          </Text>
        ) : null
      }
    >
      <Loaded query={query} rows={4}>
        {() => (
          <>
            {waiting === 0 && (
              <Flex align="center" gap={10} className={styles.calm}>
                <CheckCircleOutlined style={{ color: token.colorSuccess, fontSize: 20 }} />
                <div>
                  <Text strong>无待办</Text>
                  <Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {list.length ? '当前没有等待您处理的事项' : '您的角色暂无需要跟进的单据'}
                  </Text>
                </div>
              </Flex>
            )}
            {list.length > 0 && (
              <div className={styles.todoGrid}>
                {list.map((t) => (
                  <TodoRow key={t.key} todo={t} onOpen={onOpen} />
                ))}
              </div>
            )}
          </>
        )}
      </Loaded>
    </WorkCard>
  );
}

/** Today's times by the hour, this year's by the day, older ones in full. */
export function whenText(time: string, now = dayjs()): string {
  const t = dayjs(time);
  if (!t.isValid()) return time;
  if (t.isSame(now, 'day')) return `今天 ${t.format('HH:mm')}`;
  if (t.isSame(now.subtract(1, 'day'), 'day')) return `昨天 ${t.format('HH:mm')}`;
  return t.isSame(now, 'year') ? t.format('MM-DD HH:mm') : t.format('YYYY-MM-DD');
}

function RecentRow({ item }: { item: RecentItem }) {
  const name = item.name ?? `#${item.entityId}`;
  return (
    <Flex align="center" gap={8} className={styles.recentRow}>
      <Tag variant="filled" className={styles.recentLabel}>
        {item.label}
      </Tag>
      <span className={styles.recentName}>
        {item.path ? (
          <Link to={item.path} title={`查看${item.label}“${name}”`}>
            {name}
          </Link>
        ) : (
          <Text>{name}</Text>
        )}
      </span>
      <Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
        {item.actionLabel}
      </Text>
      <Text type="secondary" style={{ fontSize: 12, flex: 'none' }} title={item.time}>
        {whenText(item.time)}
      </Text>
    </Flex>
  );
}

/** 最近处理: the records the user changed lately, newest first, each opening its detail page. */
export function RecentCard({
  query,
  items,
}: {
  query: WorkbenchQuery;
  items: readonly RecentItem[] | undefined;
}) {
  return (
    <WorkCard icon={<HistoryOutlined />} title="最近处理">
      <Loaded query={query} rows={5}>
        {() =>
          items?.length ? (
            <Flex vertical>
              {items.map((r) => (
                <RecentRow key={`${r.entity}:${r.entityId}`} item={r} />
              ))}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无处理记录" />
          )
        }
      </Loaded>
    </WorkCard>
  );
}
