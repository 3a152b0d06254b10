import {
  DeleteOutlined,
  EditOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { CHANGELOG_MESSAGES, type ChangelogEntry, changelogApi } from '@factory/shared/api/changelog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Empty, Form, Input, Spin, Timeline, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Static } from 'typebox';
import { AppModal } from '../platform/AppModal.tsx';
import { client } from '../platform/call.ts';
import { useSession } from '../platform/session.ts';
import { usePermission } from '../platform/usePermission.ts';
import { useSubmit } from '../platform/useSubmit.ts';
import s from './ChangelogDialog.module.css';
import { type ChangelogView, changelogOfNotices, myNotifications } from './myNotifications.ts';

type Entry = Static<typeof ChangelogEntry>;

const changelog = client(changelogApi);
const KEY = ['changelog'];
const DATE = 'YYYY-MM-DD';

/**
 * The changelog dialog of spec 000 §2, opened from the side menu: entries by update date, a
 * full-screen toggle, and — in the provider's console, with the changelog keys — add, edit and
 * delete. The list loads only where the tenant's changelogList flag says; elsewhere the dialog shows
 * the 系统更新 notices the bell brought, so both show the same entries.
 */
export function ChangelogDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const user = useSession((st) => st.user);
  const can = usePermission();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const [full, setFull] = useState(false);
  const [editing, setEditing] = useState<{ entry?: Entry } | undefined>();
  const flags = user?.companyInfo.flags ?? {};
  const listed = Boolean(flags.changelogList);
  // the changelog is the provider's: only its console may change it, whatever keys a tenant holds
  const writable = (action: string) => Boolean(flags.providerConsole) && can('changelog', action);

  const list = useQuery({
    queryKey: KEY,
    queryFn: () => changelog.list({}),
    enabled: open && listed,
  });
  // elsewhere the entries the bell has brought (the list itself loads only where the flag says)
  const notices = useQuery(myNotifications(open && !listed));
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });

  const remove = (e: Entry) =>
    modal.confirm({
      title: '提示',
      content: '您确定要删除吗?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await changelog.remove({ id: e.id });
        message.success('删除成功');
        await reload();
      },
    });

  const entries: (ChangelogView & { entry?: Entry })[] = listed
    ? (list.data ?? []).map((e) => ({
        key: String(e.id),
        updateTime: e.updateTime,
        content: e.content,
        entry: e,
      }))
    : changelogOfNotices(notices.data ?? []);
  return (
    <AppModal
      open={open}
      onCancel={onClose}
      footer={null}
      width={full ? '100vw' : undefined}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      className={full ? s.full : undefined}
      title={
        <div className={s.title}>
          <span>更新日志</span>
          <span className={s.tools}>
            {writable('Add') && (
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增
              </Button>
            )}
            <Tooltip title={full ? '退出全屏' : '全屏'}>
              <Button
                size="small"
                type="text"
                aria-label={full ? '退出全屏' : '全屏'}
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={() => setFull(!full)}
              />
            </Tooltip>
          </span>
        </div>
      }
    >
      <div className={s.body}>
        <Spin spinning={listed ? list.isLoading : notices.isLoading}>
          {entries.length ? (
            <Timeline
              className={s.timeline}
              items={entries.map((e) => ({
                key: e.key,
                children: (
                  <div className={s.entry}>
                    <div className={s.entryHead}>
                      <span className={s.date}>{e.updateTime}</span>
                      {e.entry && writable('Modify') && (
                        <Tooltip title="修改">
                          <Button
                            size="small"
                            type="text"
                            aria-label={`修改 ${e.updateTime}`}
                            icon={<EditOutlined />}
                            onClick={() => setEditing({ entry: e.entry })}
                          />
                        </Tooltip>
                      )}
                      {e.entry && writable('Del') && (
                        <Tooltip title="删除">
                          <Button
                            size="small"
                            type="text"
                            danger
                            aria-label={`删除 ${e.updateTime}`}
                            icon={<DeleteOutlined />}
                            onClick={() => e.entry && remove(e.entry)}
                          />
                        </Tooltip>
                      )}
                    </div>
                    <div className={s.content}>{e.content}</div>
                  </div>
                ),
              }))}
            />
          ) : (
            <Empty
              description={listed ? '暂无更新日志' : '暂无更新日志，产品更新发布后会通过消息通知推送给您'}
            />
          )}
        </Spin>
      </div>
      <ChangelogForm
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={async () => {
          setEditing(undefined);
          await reload();
        }}
      />
    </AppModal>
  );
}

function ChangelogForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: { entry?: Entry } | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<{ updateTime: Dayjs; content: string }>();
  const { message } = App.useApp();
  const { saving, run } = useSubmit();
  const entry = editing?.entry;

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const body = { updateTime: v.updateTime.format(DATE), content: v.content.trim() };
    await run(async () => {
      if (entry) await changelog.update({ id: entry.id, ...body });
      else await changelog.add(body);
      message.success(entry ? '修改成功' : '新增成功');
      onSaved();
    });
  };

  return (
    <AppModal
      open={Boolean(editing)}
      title={entry ? '修改更新日志' : '新增更新日志'}
      width={600}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      // the form starts afresh with each opening, its values there before anyone can type (filled
      // after the opening animation, they used to wipe what a quick hand had typed meanwhile)
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="changelogForm"
        style={{ marginTop: 16 }}
        initialValues={
          entry ? { updateTime: dayjs(entry.updateTime), content: entry.content } : { updateTime: dayjs() }
        }
      >
        <Form.Item
          name="updateTime"
          label="更新日期"
          rules={[{ required: true, message: CHANGELOG_MESSAGES.updateTime }]}
        >
          <DatePicker format={DATE} style={{ width: '100%' }} placeholder={CHANGELOG_MESSAGES.updateTime} />
        </Form.Item>
        <Form.Item
          name="content"
          label="更新内容"
          rules={[{ required: true, whitespace: true, message: CHANGELOG_MESSAGES.content }]}
        >
          <Input.TextArea rows={8} maxLength={5000} showCount placeholder={CHANGELOG_MESSAGES.content} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
