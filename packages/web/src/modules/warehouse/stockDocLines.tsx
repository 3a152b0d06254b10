import type { FilterItem } from '@factory/shared/api/list';
import { type StockBalanceRow, warehouseApi } from '@factory/shared/api/warehouse';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Typography } from 'antd';
import { call } from '../../platform/call.ts';
import {
  type DocLine,
  declaredLineColumns,
  materialInfoKey,
  type RefColumnOptions,
} from '../../platform/lines/declaredColumns.tsx';
import type { CellContext, LineColumn } from '../../platform/lines/lines.ts';
import type { MaterialInfo } from '../../platform/lines/materialColumns.tsx';
import { formatNumber } from '../../platform/list/format.ts';

export type StockDocKind = 0 | 1 | 2;
export const LINES = stockDocEntity.lines;
const MATERIAL_INFO = materialInfoKey('materialsId');
/** A shown value level with the inputs beside it. */
const VIEW_CELL = { display: 'inline-block', paddingTop: 5 } as const;

/** What the lines depend on in the head of the document. */
export interface LinesContext {
  kind: StockDocKind;
  warehouseId?: number;
  targetWarehouseId?: number;
  /** The areas of the warehouse (its locations are those of its areas); undefined while they load. */
  areas?: readonly number[];
  targetAreas?: readonly number[];
}

/** The locations a line may name: those of the warehouse's areas, or why none can be chosen yet. */
export function locationOptions(
  warehouseId: number | undefined,
  areas: readonly number[] | undefined,
  noWarehouse: string,
): RefColumnOptions {
  const base = {
    optionLabel: (r: Record<string, unknown>) => String(r.code ?? r.name ?? ''),
    searchField: 'code',
  };
  if (warehouseId === undefined) return { ...base, blocked: noWarehouse };
  if (!areas) return { ...base, blocked: '正在加载库位…' };
  if (!areas.length) return { ...base, blocked: '该仓库没有库位' };
  const filters: FilterItem[] = [
    { fieldName: 'warehouseAreaId', fieldType: 'integer', operator: 'in', fieldValue: [...areas] },
  ];
  return { ...base, filters };
}

const unitOf = (line: DocLine) => (line[MATERIAL_INFO] as MaterialInfo | undefined)?.unitName ?? '';

/** A balance as a batch option says it: batch, location, what is available. */
export const balanceText = (b: StockBalanceRow, unit: string) =>
  `${b.batchCode ?? '无批次'}${b.locationName ? ` · ${b.locationName}` : ''} · 可用 ${formatNumber(b.available)}${unit ? ` ${unit}` : ''}`;

const optionKey = (b: Pick<StockBalanceRow, 'batchCode' | 'locationId'>) =>
  `${b.batchCode ?? ''}|${b.locationId ?? ''}`;

/**
 * The batch a stock-out or transfer line takes from: the material's available batches in the
 * warehouse, oldest first, each with its location and what is available; choosing one also names
 * its location. Left empty, the posting takes first in, first out.
 */
function BatchSelect({ cell, warehouseId }: { cell: CellContext<DocLine>; warehouseId?: number }) {
  const { id, value, line, index, disabled, status, set } = cell;
  const materialsId = typeof line.materialsId === 'number' ? line.materialsId : undefined;
  const ready = materialsId !== undefined && warehouseId !== undefined;
  const query = useQuery({
    queryKey: [warehouseApi.balances.path, materialsId, warehouseId],
    queryFn: ({ signal }) =>
      call(
        warehouseApi.balances,
        { materialsId: materialsId ?? 0, warehouseIdStr: String(warehouseId), availableOnly: 1 },
        { signal },
      ),
    enabled: ready,
    staleTime: 30_000,
  });
  const balances = ready ? (query.data ?? []) : [];
  const code = typeof value === 'string' && value ? value : undefined;
  const unit = unitOf(line);
  const location = typeof line.locationId === 'number' ? line.locationId : null;
  const chosen =
    code === undefined
      ? undefined
      : (balances.find((b) => b.batchCode === code && (location === null || b.locationId === location)) ??
        balances.find((b) => b.batchCode === code));
  const options = balances
    .filter((b) => b.batchCode)
    .map((b) => ({ value: optionKey(b), label: b.batchCode ?? '', balance: b }));
  // a typed or pasted batch the warehouse has none of (the server says so on approval)
  if (code !== undefined && !chosen)
    options.push({ value: `${code}|?`, label: code, balance: undefined as never });
  const placeholder = !materialsId
    ? '请先选择物料'
    : warehouseId === undefined
      ? '请先选择仓库'
      : '不选则先进先出';
  const quantity = typeof line.quantity === 'number' ? line.quantity : 0;
  const short = !!chosen && quantity > chosen.available;
  return (
    <Flex vertical gap={2}>
      <Select
        id={id}
        value={code === undefined ? undefined : chosen ? optionKey(chosen) : `${code}|?`}
        options={options}
        placeholder={placeholder}
        disabled={disabled || !ready}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={query.isFetching}
        status={status}
        style={{ width: '100%' }}
        aria-label={`第${index + 1}行批次号`}
        popupMatchSelectWidth={320}
        notFoundContent={query.isFetching ? '加载中…' : '该仓库没有此物料的可用库存'}
        optionRender={(o) => {
          const b = o.data.balance as StockBalanceRow | undefined;
          if (!b) return o.label;
          return (
            <Flex justify="space-between" gap={12}>
              <span>{b.batchCode}</span>
              <Typography.Text type="secondary">
                {b.locationName ?? '未指定库位'} · 可用 {formatNumber(b.available)} {unit}
              </Typography.Text>
            </Flex>
          );
        }}
        onChange={(_v, option) => {
          const o = Array.isArray(option) ? undefined : option;
          const b = o?.balance as StockBalanceRow | undefined;
          if (!o) return set(undefined);
          if (!b) return set(o.label);
          set(
            b.batchCode ?? undefined,
            b.locationId !== null ? { locationId: b.locationId, locationName: b.locationName } : undefined,
          );
        }}
      />
      {chosen && (
        <Typography.Text type={short ? 'warning' : 'secondary'} style={{ fontSize: 12, lineHeight: '18px' }}>
          可用 {formatNumber(chosen.available)} {unit}
          {short ? '，不足' : ''}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The lines of a stock document from its declaration, with what the document's kind and
 * warehouses make special: locations only of the chosen warehouse (target locations of the target
 * warehouse, for a transfer only); a stock-in's batch typed (empty: numbered on posting), a
 * stock-out's chosen from the available batches there (empty: first in, first out).
 */
export function stockDocColumns(ctx: LinesContext): LineColumn<DocLine>[] {
  const transfer = ctx.kind === 2;
  const batch: Partial<LineColumn<DocLine>> =
    ctx.kind === 0
      ? { width: 140, editor: { kind: 'text', maxLength: 64, placeholder: '留空自动编号' } }
      : {
          width: 180,
          editor: {
            kind: 'custom',
            render: (cell) => <BatchSelect cell={cell} warehouseId={ctx.warehouseId} />,
            paste: (text) => ({ value: text.trim() }),
          },
        };
  return declaredLineColumns<DocLine>(LINES, {
    columns: {
      materialsId: { width: 200 },
      // the select reads 编码 名称: beside it the specification is what tells materials apart
      materialsIdCode: {
        title: '规格型号',
        width: 120,
        editor: {
          kind: 'view',
          render: (l) => (
            <span style={VIEW_CELL}>
              {(l[MATERIAL_INFO] as MaterialInfo | undefined)?.specifications || '—'}
            </span>
          ),
        },
      },
      // what kind of material it is says nothing on a stock document
      materialsIdType: false,
      batchCode: batch,
      locationId: { title: transfer ? '调出库位' : '库位', width: 120 },
      targetLocationId: transfer
        ? {
            // a transfer within one warehouse moves between its locations
            required: ctx.targetWarehouseId !== undefined && ctx.targetWarehouseId === ctx.warehouseId,
            width: 120,
            validate: (v, line) =>
              ctx.targetWarehouseId === ctx.warehouseId && v === (line.locationId ?? undefined)
                ? '不能与调出库位相同'
                : undefined,
          }
        : false,
      quantity: { width: 130 },
      remark: { width: 110 },
    },
    refs: {
      locationId: locationOptions(ctx.warehouseId, ctx.areas, '请先选择仓库'),
      targetLocationId: locationOptions(ctx.targetWarehouseId, ctx.targetAreas, '请先选择调入仓库'),
    },
  });
}

/** A line of a document of `kind`, with what no longer fits it dropped (a target location outside a transfer). */
export function fitLine(line: DocLine, kind: StockDocKind): DocLine {
  if (kind === 2) return line;
  const { targetLocationId: _id, targetLocationName: _name, ...rest } = line;
  return rest;
}
