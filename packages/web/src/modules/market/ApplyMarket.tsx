import { PlusCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { MARKET_TABS, type MarketCard, type MarketType } from '@factory/shared/api/market';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Skeleton, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import AddApplicationModal from './AddApplicationModal.tsx';
import { MarketPicture, MarketShell, Price, useConsult, useMarketRights } from './MarketShell.tsx';
import s from './market.module.css';
import { marketTab } from './marketApi.ts';

/** The application market (route ApplyMarket, /apply): ten tabs of groups of application cards. */
export default function ApplyMarket() {
  const [tableId, setTableId] = useState(1);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState<MarketType | undefined>();
  const rights = useMarketRights();
  const consult = useConsult();

  const list = useQuery({
    queryKey: ['market', tableId, keyword],
    queryFn: () => marketTab(tableId, keyword),
  });
  const groups = list.data?.marketTypeList ?? [];

  // the name is the card's link and stretches over the whole card; 获取 sits above it
  const card = (app: MarketCard) => (
    <article key={app.id} className={s.card} data-testid="market-card">
      <div className={s.cardTop}>
        <MarketPicture src={app.picture} name={app.name} className={s.picture} />
        <div className={s.cardText}>
          <Link to={`/applyDetails?id=${app.id}`} className={`${s.cardName} ${s.cardLink}`} title={app.name}>
            {app.name}
          </Link>
          <div className={s.cardDesc} title={app.description}>
            {app.description}
          </div>
        </div>
      </div>
      <div className={s.cardFoot}>
        <Price cost={app.cost} />
        <Button type="primary" shape="round" ghost className={s.cardAction} onClick={() => consult(app.name)}>
          获取
        </Button>
      </div>
    </article>
  );

  const content = list.isPending ? (
    <Skeleton active paragraph={{ rows: 6 }} style={{ paddingTop: 20 }} />
  ) : groups.length === 0 ? (
    <Empty
      className={s.empty}
      description={keyword ? `没有找到名称包含“${keyword}”的应用` : '该分类下暂无应用'}
    />
  ) : (
    groups.map((group) => (
      <section key={group.id} className={s.group} aria-label={group.name}>
        <div className={s.groupHead}>
          <span>{group.name}</span>
          <span className={s.groupCount}>{group.marketDetailList.length} 个应用</span>
          {rights.add && (
            <Tooltip title="新增应用">
              <button
                type="button"
                className={s.addIcon}
                aria-label={`在“${group.name}”中新增应用`}
                onClick={() => setAdding(group)}
              >
                <PlusCircleOutlined />
              </button>
            </Tooltip>
          )}
        </div>
        {group.marketDetailList.length ? (
          <div className={s.grid}>{group.marketDetailList.map(card)}</div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该分组下暂无应用" />
        )}
      </section>
    ))
  );

  return (
    <MarketShell>
      <div className={s.hero}>
        <h1 className={s.heroTitle}>选择您的应用</h1>
        <p className={s.heroSub}>精选工业应用，按需开通，让生产管理更高效</p>
        <Input
          className={s.search}
          size="large"
          allowClear
          maxLength={50}
          placeholder="请输入应用名称"
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            // clearing the box shows the whole tab again
            if (!e.target.value) setKeyword('');
          }}
          onPressEnter={() => setKeyword(input.trim())}
          suffix={
            <SearchOutlined
              role="button"
              aria-label="搜索"
              style={{ color: '#5878fc', fontSize: 18, cursor: 'pointer' }}
              onClick={() => setKeyword(input.trim())}
            />
          }
        />
      </div>
      <div className={s.body}>
        <div className={s.panel}>
          <Tabs
            size="large"
            activeKey={String(tableId)}
            onChange={(key) => setTableId(Number(key))}
            items={MARKET_TABS.map((name, i) => ({ key: String(i + 1), label: name }))}
          />
          {content}
        </div>
      </div>
      <AddApplicationModal
        group={adding}
        onClose={() => setAdding(undefined)}
        onAdded={() => {
          setAdding(undefined);
          void list.refetch();
        }}
      />
    </MarketShell>
  );
}
