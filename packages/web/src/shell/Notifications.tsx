import { ArrowLeftOutlined, BellOutlined, DeleteOutlined } from '@ant-design/icons';
import { NOTIFICATION_BADGE_MAX, notificationType } from '@factory/shared/api/notification';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, Popover, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../platform/session.ts';
import header from './Header.module.css';
import { myNotifications, notifications, type Task } from './myNotifications.ts';
import s from './Notifications.module.css';
import { type SocketStatus, useNotificationSocket } from './useNotificationSocket.ts';

const { queryKey: KEY } = myNotifications(true);
const STATUS_TEXT: Record<SocketStatus, string> = {
  connecting: '连接中',
  connected: '已连接',
  closed: '已断开',
};

/**
 * The header bell and its panel (spec 000 §2, §4): a badge of unread ones (hidden at 0, at most
 * 99), new and history lists, a detail view that marks the item read, read all, delete one and
 * clear the history; live pushes reload the list.
 */
export function NotificationBell() {
  const user = useSession((st) => st.user);
  const token = useSession((st) => st.token);
  const memberCode = useSession((st) => st.memberCode);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'new' | 'history'>('new');
  const [viewing, setViewing] = useState<Task>();

  const list = useQuery(myNotifications(Boolean(user)));
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });
  const status = useNotificationSocket(
    user && token && memberCode ? { memberCode, userId: user.id, token } : undefined,
    reload,
  );
  if (!user) return null;

  const all = list.data ?? [];
  const unread = all.filter((n) => !n.isReaded);
  const history = all.filter((n) => n.isReaded);

  const view = async (n: Task) => {
    setViewing(n);
    if (!n.isReaded) {
      await notifications.read({ id: n.id });
      await reload();
    }
  };
  const readAll = async () => {
    await notifications.readAll({ recipientId: user.id });
    message.success('更新成功');
    await reload();
  };
  const remove = async (n: Task) => {
    await notifications.remove({ id: n.id });
    message.success('删除成功');
    if (viewing?.id === n.id) setViewing(undefined);
    await reload();
  };
  const clear = async () => {
    await notifications.clearRead({ recipientId: user.id });
    message.success('清空成功');
    await reload();
  };

  const item = (n: Task) => (
    <li key={n.id} className={s.item}>
      <button type="button" className={s.itemMain} onClick={() => view(n)}>
        <span className={s.itemHead}>
          {!n.isReaded && <span className={s.dot} title="未读" />}
          <span className={s.type}>{notificationType.label(n.type, '通知')}</span>
          <span className={s.itemTitle}>{n.title}</span>
        </span>
        <span className={s.itemText}>{n.message}</span>
        <span className={s.itemMeta}>
          {n.creator} · {n.createTime}
        </span>
      </button>
      {n.isReaded === 1 && (
        <Tooltip title="删除">
          <Button
            type="text"
            size="small"
            className={s.remove}
            icon={<DeleteOutlined />}
            aria-label={`删除 ${n.title}`}
            onClick={() => remove(n)}
          />
        </Tooltip>
      )}
    </li>
  );

  const lists = (rows: Task[], empty: string) =>
    rows.length ? (
      <ul className={s.list}>{rows.map(item)}</ul>
    ) : (
      <Empty className={s.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
    );

  const detail = viewing && (
    <div className={s.detail}>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => setViewing(undefined)}
        className={s.back}
      >
        返回
      </Button>
      <div className={s.detailTitle}>{viewing.title}</div>
      <div className={s.itemMeta}>
        {notificationType.label(viewing.type, '通知')} · {viewing.creator} · {viewing.createTime}
      </div>
      <Typography.Paragraph className={s.detailText}>{viewing.message}</Typography.Paragraph>
    </div>
  );

  const panel = (
    <div className={s.panel} role="dialog" aria-label="消息通知">
      {detail || (
        <Spin spinning={list.isFetching && !list.data}>
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(k) => setTab(k as 'new' | 'history')}
            tabBarExtraContent={
              tab === 'new' ? (
                <Button type="link" size="small" disabled={!unread.length} onClick={readAll}>
                  全部已读
                </Button>
              ) : (
                <Button type="link" size="small" danger disabled={!history.length} onClick={clear}>
                  清空
                </Button>
              )
            }
            items={[
              {
                key: 'new',
                label: `新消息${unread.length ? `（${unread.length}）` : ''}`,
                children: lists(unread, '暂无新消息'),
              },
              { key: 'history', label: '历史消息', children: lists(history, '暂无历史消息') },
            ]}
          />
        </Spin>
      )}
      <div className={s.footer}>
        <span className={`${s.status} ${status === 'connected' ? s.live : ''}`} />
        消息推送{STATUS_TEXT[status]}
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setViewing(undefined);
      }}
      content={panel}
      arrow={false}
    >
      <button
        type="button"
        className={header.iconButton}
        aria-label={`消息通知${unread.length ? `，${unread.length}条未读` : ''}`}
      >
        <Badge count={unread.length} overflowCount={NOTIFICATION_BADGE_MAX} size="small" offset={[2, -2]}>
          <BellOutlined className={s.bellIcon} />
        </Badge>
      </button>
    </Popover>
  );
}
