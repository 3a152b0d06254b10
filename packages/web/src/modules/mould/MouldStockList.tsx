import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { mouldHandleEntity, mouldStockEntity } from '@factory/shared/entities/mould';
import { mouldHandleMachine } from '@factory/shared/machines/mould';
import { routeHref } from '@factory/shared/routes';
import { Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { downloadFile, exportQuery } from '../../platform/list/download.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { MouldDetailDrawer } from './MouldDetailDrawer.tsx';
import { editHref, handleHref, isOpen, MOVES, type MouldHandle, type MouldStock } from './mouldParts.ts';

const STOCK = entityEndpoints(mouldStockEntity);

/** The moulds: where each is and its counter; each move its status allows opens its document form. */
function StockTab() {
  const navigate = useNavigate();
  const [showing, setShowing] = useState<MouldStock>();
  const rowActions: RowAction<MouldStock>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (m) => setShowing(m) },
    ...MOVES.map((move) => ({
      key: `move${move.type}`,
      label: move.label,
      action: 'Add',
      visible: (m: MouldStock) => move.from.includes(Number(m.status)),
      onClick: (m: MouldStock) => navigate(handleHref(m, move.type)),
    })),
  ];
  return (
    <>
      {/* the list itself (not CrudPage): its moves are the handling documents' Add, which the
          stock entity, having no add of its own, does not declare */}
      <ListPage
        entity={mouldStockEntity}
        routeName={mouldStockEntity.route}
        endpoint={STOCK.listPage}
        title="模具库存"
        rowActions={rowActions}
        maxRowActions={4}
        onExport={async (ctx) =>
          downloadFile(STOCK.export?.path ?? '', { query: await exportQuery(ctx) }, '模具库存列表.xlsx')
        }
      />
      <MouldDetailDrawer mould={showing} onClose={() => setShowing(undefined)} />
    </>
  );
}

/** The handling documents (模具处理单): edited while open, submitted, withdrawn, audited. */
function HandleTab() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<MouldHandle, string>(mouldHandleMachine, undefined, reload);
  const log = useLogButton<MouldHandle>(mouldHandleMachine, (d) => d.code ?? '');
  const columns = useMemo<Partial<Record<string, ColumnOverride<MouldHandle>>>>(
    () => ({ ...stateColumns<MouldHandle>(mouldHandleMachine) }),
    [],
  );
  const rowActions: RowAction<MouldHandle>[] = [
    {
      key: 'edit',
      label: '编辑',
      action: 'Modify',
      visible: isOpen,
      onClick: (d) => navigate(editHref(d.id)),
    },
    ...machine.rowActions,
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={mouldHandleEntity}
        title="模具处理单"
        urlState={false}
        prefsKey="mouldHandle"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
        canModify={() => false}
        canDelete={isOpen}
        onAdd={() => navigate(routeHref('mouldHandle'))}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}

/**
 * /mould/mould-stock: each mould's place and counter (模具库存), and the handling documents that
 * move them (借用, 归还, 送修, 修复, 报废; 入库 on its own page), audited before they apply.
 */
export default function MouldStockList() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'handle' ? 'handle' : 'stock';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === 'handle' ? { tab: 'handle' } : {})}
      items={[
        { key: 'stock', label: '模具库存', children: <StockTab /> },
        { key: 'handle', label: '模具处理单', children: <HandleTab /> },
      ]}
    />
  );
}
