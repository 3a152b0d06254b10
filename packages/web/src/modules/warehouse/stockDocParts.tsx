import type { FilterItem } from '@factory/shared/api/list';
import type { lineSideApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { stockMovementEntity } from '@factory/shared/entities/stockMovement';
import { stockDocKind } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { downloadFile, exportQuery } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';
import { searchHref } from '../../platform/list/useListQuery.ts';

export type StockDoc = RowOf<typeof stockDocEntity>;
export type Movement = RowOf<typeof stockMovementEntity>;

export const STOCK_DOCS = entityEndpoints(stockDocEntity);
export const MOVEMENTS = entityEndpoints(stockMovementEntity);

export const LIST_HREF = routeHref('warehouseRecord');
export const detailHref = (d: Pick<StockDoc, 'id'>) => routeHref('warehouseOperateDetail', { id: d.id });
/** The form: a new document, or with `id` the draft to edit. */
export const formHref = (id?: number) =>
  id === undefined ? routeHref('warehouseOperate') : `${routeHref('warehouseOperate')}?id=${id}`;

/** The record list searched for one document's number (a movement names its document by number). */
export const docByCode = (code: string) => searchHref(LIST_HREF, { code });

/** Only a draft is edited or deleted (the server refuses the rest). */
export const isDraft = (d: Pick<StockDoc, 'status'>) => d.status === 0;

/** 入库 green, 出库 orange, 调拨 blue: told apart at a glance in lists. */
const KIND_COLORS: Record<number, string> = { 0: 'green', 1: 'orange', 2: 'blue' };

export function KindTag({ kind }: { kind: unknown }) {
  return (
    <Tag color={KIND_COLORS[Number(kind)]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {stockDocKind.label(kind, '—')}
    </Tag>
  );
}

/** A movement's quantity signed and coloured: what came in green, what went out red. */
export function SignedQuantity({ value, unit }: { value: unknown; unit?: string | null }) {
  const n = Number(value ?? 0);
  const text = `${n > 0 ? '+' : ''}${formatNumber(n)}${unit ? ` ${unit}` : ''}`;
  return <span style={{ color: n > 0 ? '#389e0d' : n < 0 ? '#cf1322' : undefined }}>{text}</span>;
}

/**
 * Where a movement list reads: its call, the route whose buttons it offers (导出 by `<route>Export`)
 * and, when exported, the export call.
 */
export interface MovementSource {
  endpoint: typeof MOVEMENTS.listPage | typeof lineSideApi.movements;
  routeName: string;
  exportPath?: string;
}

/** The ledger's movements of every warehouse. */
export const LEDGER: MovementSource = {
  endpoint: MOVEMENTS.listPage,
  routeName: stockMovementEntity.route,
  exportPath: MOVEMENTS.export?.path,
};

/**
 * The ledger's movements (库存流水) under `fixed` filters: every posting on the record page, one
 * document's on its detail, one material's on the inventory pages. Searchable, exportable.
 * `source` narrows where they are read (the line-side screens read only line-side warehouses').
 */
export function MovementList({
  source = LEDGER,
  fixed,
  title = '库存流水',
  prefsKey,
  search = true,
  hidden = [],
}: {
  source?: MovementSource;
  fixed?: readonly FilterItem[];
  title?: string;
  /** Its own column settings, where it sits under something else. */
  prefsKey: string;
  search?: boolean;
  /** Columns not shown at first (what the filters already say). */
  hidden?: readonly string[];
}) {
  const hiddenKeys = hidden.join(',');
  const columns = useMemo<Partial<Record<string, ColumnOverride<Movement>>>>(() => {
    const own: Partial<Record<string, ColumnOverride<Movement>>> = {
      createdAt: { width: 150 },
      docCode: {
        width: 140,
        render: (v, m) => (m.docCode ? <Link to={docByCode(m.docCode)}>{String(v)}</Link> : '—'),
      },
      // the type says the kind (a transfer has none: its kind stands there); the kind column stays in the settings
      docKind: { list: false, render: (v) => <KindTag kind={v} /> },
      stockTypeName: { width: 120, render: (v, m) => (v ? String(v) : stockDocKind.label(m.docKind, '—')) },
      materialsName: { width: 130 },
      materialsCode: { width: 120 },
      warehouseName: { width: 100 },
      locationName: { width: 100 },
      batchCode: { width: 140 },
      // the quantity says its unit; the specification stays in the column settings
      materialsSpecifications: { list: false },
      unitName: { list: false },
      quantity: { render: (v, m) => <SignedQuantity value={v} unit={m.unitName} /> },
      balanceAfter: { render: (v, m) => `${formatNumber(v)}${m.unitName ? ` ${m.unitName}` : ''}` },
      isReversal: { render: (v) => (v ? <Tag color="red">冲销</Tag> : '') },
    };
    for (const k of hiddenKeys.split(',').filter(Boolean)) own[k] = { ...own[k], list: false };
    return own;
  }, [hiddenKeys]);
  return (
    <ListPage
      entity={stockMovementEntity}
      routeName={source.routeName}
      endpoint={source.endpoint}
      title={title}
      fixedFilters={fixed}
      urlState={false}
      search={search}
      prefsKey={prefsKey}
      columns={columns}
      onExport={
        source.exportPath
          ? async (ctx) => {
              const path = source.exportPath;
              if (path) await downloadFile(path, { query: await exportQuery(ctx) }, `${title}.xlsx`);
            }
          : undefined
      }
    />
  );
}
