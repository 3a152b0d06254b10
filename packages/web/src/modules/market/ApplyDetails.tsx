import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ErrorCode } from '@factory/shared/api/errors';
import { type MarketDetail, marketMessages } from '@factory/shared/api/market';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../platform/request.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { MarketPicture, MarketShell, Price, useConsult, useMarketRights } from './MarketShell.tsx';
import s from './market.module.css';
import { market } from './marketApi.ts';

// the editor (Tiptap and ProseMirror) loads only when someone edits
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

type TabKey = 'introduction' | 'payment';
const TABS: { key: TabKey; label: string; empty: string }[] = [
  { key: 'introduction', label: '介绍', empty: '暂无介绍' },
  { key: 'payment', label: '付费方式', empty: '暂无付费方式说明' },
];

/** Rich text as the server stored it: sanitised there (allow-list of formatting, links, images, tables). */
function RichText({ html, empty }: { html: string; empty: string }) {
  if (!html) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises this HTML before storing it
  return <div className={s.richText} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Editing({ detail, onDone }: { detail: MarketDetail; onDone(saved: boolean): void }) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState({ introduction: detail.introduction, payment: detail.payment });
  const [tab, setTab] = useState<TabKey>('introduction');
  const { saving, run } = useSubmit();
  // a refusal leaves the draft for another try
  const submit = () =>
    run(async () => {
      await market.update({ id: detail.id, ...draft });
      message.success(marketMessages.saved);
      onDone(true);
    });
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          // both editors stay mounted, so switching tabs keeps each one's undo history
          forceRender: true,
          children: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <RichTextEditor
                label={t.label}
                value={draft[t.key]}
                onChange={(html) => setDraft((d) => ({ ...d, [t.key]: html }))}
              />
            </Suspense>
          ),
        }))}
      />
      <div className={s.editBar}>
        <Button onClick={() => onDone(false)} disabled={saving}>
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={submit}>
          提交
        </Button>
      </div>
    </>
  );
}

/** The application detail page (route applyDetails, /applyDetails?id=…). */
export default function ApplyDetails() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const consult = useConsult();
  const rights = useMarketRights();
  const [editing, setEditing] = useState(false);
  const detail = useQuery({
    queryKey: ['marketDetail', id],
    queryFn: () => market.detail({ id }),
    enabled: valid,
  });

  const remove = (app: MarketDetail) =>
    modal.confirm({
      title: '提示',
      content: '您确定要删除吗?',
      okType: 'danger',
      onOk: async () => {
        await market.remove({ id: app.id });
        message.success(marketMessages.deleted);
        navigate('/apply');
      },
    });

  const missing = !valid || (detail.error instanceof ApiError && detail.error.code === ErrorCode.notFound);
  let body: React.ReactNode;
  if (missing) {
    body = (
      <Result
        status="404"
        title="应用不存在"
        subTitle="该应用不存在或已被删除"
        extra={
          <Button type="primary" onClick={() => navigate('/apply')}>
            返回应用中心
          </Button>
        }
      />
    );
  } else if (!detail.data) {
    body = detail.isError ? (
      <Result
        status="error"
        title="加载失败"
        extra={<Button onClick={() => detail.refetch()}>重试</Button>}
      />
    ) : (
      <Skeleton active avatar paragraph={{ rows: 6 }} />
    );
  } else {
    const app = detail.data;
    body = (
      <>
        <div className={s.detailHero}>
          <MarketPicture src={app.picture} name={app.name} className={s.detailPicture} />
          <div className={s.detailMain}>
            <h1 className={s.detailName}>{app.name}</h1>
            <Space size={6}>
              <Tag color="blue">{app.tableName}</Tag>
              <Tag>{app.marketTypeName}</Tag>
            </Space>
            <p className={s.detailDesc}>{app.description}</p>
          </div>
          <div className={s.detailSide}>
            <Price cost={app.cost} className={s.detailPrice} />
            <Space>
              {rights.modify && !editing && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  编辑
                </Button>
              )}
              {rights.remove && !editing && (
                <Button danger icon={<DeleteOutlined />} onClick={() => remove(app)}>
                  删除
                </Button>
              )}
              <Button
                type="primary"
                size="large"
                shape="round"
                style={{ minWidth: 112 }}
                onClick={() => consult(app.name)}
              >
                获取
              </Button>
            </Space>
          </div>
        </div>
        <div className={s.detailTabs}>
          {editing ? (
            <Editing
              detail={app}
              onDone={async (saved) => {
                // back to the view only once it shows what was saved
                if (saved) await detail.refetch();
                setEditing(false);
              }}
            />
          ) : (
            <Tabs
              items={TABS.map((t) => ({
                key: t.key,
                label: t.label,
                children: <RichText html={app[t.key]} empty={t.empty} />,
              }))}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <MarketShell>
      <div className={s.detailBody}>
        <button type="button" className={s.crumb} onClick={() => navigate('/apply')}>
          <ArrowLeftOutlined /> 返回应用中心
        </button>
        {body}
      </div>
    </MarketShell>
  );
}
