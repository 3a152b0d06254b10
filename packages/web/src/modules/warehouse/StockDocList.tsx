import { UploadOutlined } from '@ant-design/icons';
import { warehouseApi } from '@factory/shared/api/warehouse';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { ImportWizard } from '../../platform/list/ImportWizard.tsx';
import type { ColumnOverride, ListPageHandle, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { detailHref, formHref, isDraft, KindTag, MovementList, type StockDoc } from './stockDocParts.tsx';

const never = () => false;
/** 批量入库's dialog: the rows of one stock-in type and warehouse become one stock-in (docs/warehouse.md). */
const BATCH_STOCK_IN = {
  entityLabel: '入库明细',
  importPath: warehouseApi.stockInImport.path,
  templatePath: warehouseApi.stockInImportTemplate.path,
  errorsPath: warehouseApi.stockInImportErrors.path,
  documents: { label: '入库单', rule: '同一入库类型与仓库的行生成一张入库单，有提交权限时直接提交待审核' },
};
/** The step forward first, then going back, then the end of the document. */
const ORDER = ['submit', 'approve', 'reverse', 'withdraw', 'cancel'].map((a) => `machine-${a}`);

/** 出入库单: the documents, their states and actions; drafts are edited on the form page. */
function StockDocs() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<StockDoc, string>(stockDocMachine, undefined, reload);
  const log = useLogButton<StockDoc>(stockDocMachine, (d) => d.code ?? '');
  const flags = useTenantFlags();
  const [importing, setImporting] = useState(false);
  // the button's own permission (warehouseRecordBatchStockIn) is asked by the list
  const toolbar: ToolbarAction[] = flags?.batchStockIn
    ? [
        {
          key: 'batchStockIn',
          label: '批量入库',
          action: 'BatchStockIn',
          icon: <UploadOutlined />,
          onClick: () => setImporting(true),
        },
      ]
    : [];
  const columns = useMemo<Partial<Record<string, ColumnOverride<StockDoc>>>>(
    () => ({
      ...stateColumns<StockDoc>(stockDocMachine),
      code: { render: (v, d) => <Link to={detailHref(d)}>{String(v ?? '')}</Link> },
      kind: { render: (v) => <KindTag kind={v} /> },
      // a transfer reads from → to; the target column stays in the column settings
      warehouseName: {
        render: (v, d) =>
          d.kind === 2 ? `${String(v ?? '')} → ${d.targetWarehouseName ?? ''}` : String(v ?? ''),
      },
      targetWarehouseName: { list: false },
    }),
    [],
  );
  const rowActions: RowAction<StockDoc>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (d) => navigate(detailHref(d)) },
    {
      key: 'edit',
      label: '编辑',
      action: 'Modify',
      visible: isDraft,
      onClick: (d) => navigate(formHref(d.id)),
    },
    ...[...machine.rowActions].sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key)),
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={stockDocEntity}
        title="出入库单列表"
        columns={columns}
        toolbar={toolbar}
        rowActions={rowActions}
        maxRowActions={4}
        // edited on the form page (编辑), not in the dialog
        canModify={never}
        canDelete={isDraft}
        onAdd={() => navigate(formHref())}
      />
      <ImportWizard
        open={importing}
        {...BATCH_STOCK_IN}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          reload();
        }}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}

const TABS = ['docs', 'movements'] as const;
type Tab = (typeof TABS)[number];

/**
 * /warehouse/inventory-info/warehouse-record: the stock documents (出入库单) with their actions,
 * and on the second tab every movement they posted (库存流水).
 */
export default function StockDocList() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'movements' ? 'movements' : 'docs';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) =>
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            if (k === 'docs') next.delete('tab');
            else next.set('tab', k);
            return next;
          },
          { replace: true },
        )
      }
      items={[
        { key: 'docs', label: '出入库单', children: <StockDocs /> },
        {
          key: 'movements',
          label: '库存流水',
          children: <MovementList prefsKey="warehouseRecord.movements" />,
        },
      ]}
      destroyOnHidden
    />
  );
}
