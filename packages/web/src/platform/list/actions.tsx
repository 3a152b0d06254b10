import { DownOutlined } from '@ant-design/icons';
import { App, Button, Divider, Dropdown, Space } from 'antd';
import { useCallback, useState } from 'react';
import type { ActionBase, RowAction, Text } from './types.ts';

const textOf = <A extends unknown[]>(t: Text<A> | undefined, args: A): string | undefined =>
  typeof t === 'function' ? t(...args) : t;

const isPromise = (v: unknown): v is Promise<unknown> =>
  !!v && typeof (v as Promise<unknown>).then === 'function';

/**
 * Runs list actions: the '提示' confirmation, a spinner while a returned promise runs, the success
 * message and the list reload. Failures were shown by the request client.
 */
export function useActionRunner(reload: () => void) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState<string>();

  const run = useCallback(
    <A extends unknown[]>(a: ActionBase<A>, id: string, ...args: A) => {
      const exec = async () => {
        const result = a.onClick(...args);
        if (!isPromise(result)) return;
        setBusy(id);
        try {
          await result;
          const text = textOf(a.success, args);
          if (text) message.success(text);
          reload();
        } catch {
          // the request client has shown why
        } finally {
          setBusy(undefined);
        }
      };
      const confirm = textOf(a.confirm, args);
      if (!confirm) {
        void exec();
        return;
      }
      modal.confirm({
        title: '提示',
        content: confirm,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: a.danger },
        onOk: exec,
      });
    },
    [modal, message, reload],
  );

  return { run, busy };
}

const LINK = { type: 'link', size: 'small', style: { padding: 0, height: 'auto' } } as const;

/**
 * Pixel width of the 操作 column for these labels in a middle-size table: 14 px a character,
 * 17 px a separator, 50 px for 更多 with its arrow, 16 px cell padding and a little slack. Rows
 * show different actions (a state's own), so it fits the longest labels any row may show inline.
 */
export function actionsWidth(labels: readonly string[], max: number): number {
  const longest = [...labels].sort((a, b) => b.length - a.length);
  const text = (n: number) =>
    longest.slice(0, n).reduce((w, l) => w + l.length * 14, 0) +
    Math.max(0, Math.min(n, labels.length) - 1) * 17;
  // a row with more than `max` shows `max - 1` and 更多; one with `max` or fewer shows them all
  const widest = labels.length > max ? Math.max(text(max), text(max - 1) + 17 + 50) : text(labels.length);
  return Math.max(80, widest + 16 + 8);
}

interface Props<T> {
  row: T;
  rowId: string;
  actions: readonly RowAction<T>[];
  /** Inline at most this many; the rest go under 更多. */
  max: number;
  busy?: string;
  run: ReturnType<typeof useActionRunner>['run'];
}

/** The 操作 cell: permitted, visible actions as links, overflow in a 更多 menu. */
export function RowActions<T>({ row, rowId, actions, max, busy, run }: Props<T>) {
  const list = actions.filter((a) => a.visible?.(row) ?? true);
  const inline = list.length > max ? list.slice(0, max - 1) : list;
  const more = list.slice(inline.length);
  const id = (a: RowAction<T>) => `${a.key}:${rowId}`;
  return (
    <Space size={0} separator={<Divider orientation="vertical" />}>
      {inline.map((a) => (
        <Button
          key={a.key}
          {...LINK}
          danger={a.danger}
          loading={busy === id(a)}
          onClick={() => run(a, id(a), row)}
        >
          {a.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.key, label: a.label, danger: a.danger, icon: a.icon })),
            onClick: ({ key }) => {
              const a = more.find((m) => m.key === key);
              if (a) run(a, id(a), row);
            },
          }}
        >
          <Button {...LINK} loading={more.some((a) => busy === id(a))}>
            更多
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
