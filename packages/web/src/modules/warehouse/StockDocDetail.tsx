import { EditOutlined } from '@ant-design/icons';
import type { FilterItem } from '@factory/shared/api/list';
import type { FieldDecl } from '@factory/shared/entities/define';
import type { DetailOf } from '@factory/shared/entities/schema';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { productionSource, stockDocMachine } from '@factory/shared/machines/warehouse';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Table, Tabs, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { declaredLineTableColumns } from '../../platform/lines/declaredColumns.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { listQueryKey, searchHref } from '../../platform/list/useListQuery.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTags } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { LINES } from './stockDocLines.tsx';
import {
  formHref,
  isDraft,
  KindTag,
  LIST_HREF,
  MOVEMENTS,
  MovementList,
  STOCK_DOCS,
} from './stockDocParts.tsx';

type Detail = DetailOf<typeof stockDocEntity>;
type Line = Detail['lines'][number];

/** Shown in the heading, the figures or not at all, not among the plain fields. */
const APART = new Set(['id', 'code', 'kind', 'status', 'lineCount', 'totalQuantity']);

/** The head's fields a document of its kind has (a transfer has no stock type, only a stock-in a supplier). */
function fieldsOf(d: Detail): [string, FieldDecl][] {
  return Object.entries(stockDocEntity.fields).filter(([key]) => {
    if (APART.has(key)) return false;
    if (key === 'stockTypeName') return d.kind !== 2;
    if (key === 'targetWarehouseName') return d.kind === 2;
    if (key === 'supplierName') return d.kind === 0;
    return true;
  });
}

function HeadFields({ doc }: { doc: Detail }) {
  const byKey: Record<string, unknown> = doc;
  return (
    <Card variant="borderless" title="单据信息">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="单据类别">
          <KindTag kind={doc.kind} />
        </Descriptions.Item>
        {fieldsOf(doc).map(([key, f]) => {
          const v = byKey[key];
          const label = key === 'warehouseName' && doc.kind === 2 ? '调出仓库' : f.label;
          return (
            <Descriptions.Item key={key} label={label}>
              {v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v)}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}

/** The document's lines as declared (the unit beside the quantity), with the totals under them. */
function LinesTable({ doc }: { doc: Detail }) {
  const columns = useMemo(
    () =>
      declaredLineTableColumns<Line>(LINES, {
        materialsName: { width: 150 },
        materialsCode: { title: '物料编码', width: 120 },
        materialsSpecifications: { width: 130 },
        unitName: { hidden: true },
        batchCode: {
          width: 140,
          render: (v) => (v ? String(v) : doc.status === 0 || doc.status === 1 ? '过账时确定' : EMPTY_CELL),
        },
        locationName: { title: doc.kind === 2 ? '调出库位' : '库位', width: 110 },
        targetLocationName: doc.kind === 2 ? { width: 110 } : { hidden: true },
        quantity: {
          width: 120,
          render: (v, l) => `${formatNumber(v)}${l.unitName ? ` ${l.unitName}` : ''}`,
        },
        // the rest of the width
        remark: { width: undefined },
      }).filter((c) => !c.hidden),
    [doc.kind, doc.status],
  );
  const width = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 160), 60);
  const quantityAt = columns.findIndex((c) => c.key === 'quantity') + 1;
  const total = doc.totalQuantity ?? doc.lines.reduce((n, l) => n + (l.quantity ?? 0), 0);
  return (
    <Table<Line>
      rowKey="id"
      size="middle"
      columns={[
        { key: '__seq', title: '序号', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
        ...columns,
      ]}
      dataSource={doc.lines}
      pagination={false}
      scroll={{ x: width }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={quantityAt}>
            <Typography.Text strong>合计 {doc.lines.length} 行</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={quantityAt} align="right">
            <Typography.Text strong>{formatNumber(total)}</Typography.Text>
          </Table.Summary.Cell>
          {columns.length > quantityAt && (
            <Table.Summary.Cell index={quantityAt + 1} colSpan={columns.length - quantityAt} />
          )}
        </Table.Summary.Row>
      )}
    />
  );
}

/**
 * Where 冲销 would be on a document production made: what made it, linked to its list searched
 * for its number, and what undoes it instead.
 */
function MadeBySource({ doc }: { doc: Detail }) {
  const made = productionSource(doc);
  if (!made) return null;
  const code = made.source.code?.(made.number) ?? made.number;
  return (
    <Typography.Text type="secondary">
      {made.before} <Link to={searchHref(routeHref(made.source.route), { code })}>{made.number}</Link>{' '}
      {made.after}
    </Typography.Text>
  );
}

/**
 * /warehouse/inventory-info/warehouse-operate-detail/:id: a stock document — its head, state and
 * the actions allowed now (submit, approve and post, reverse with a reason …; on a document
 * production made, what undoes it instead of 冲销), its lines, the movements it posted, and its
 * audit trail.
 */
export default function StockDocDetail() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = usePermission();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [STOCK_DOCS.detail.path, id],
    queryFn: ({ signal }) => call(STOCK_DOCS.detail, { id }, { signal }),
    enabled: valid,
  });
  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: [STOCK_DOCS.detail.path, id] });
    void client.invalidateQueries({ queryKey: auditQueryKey(stockDocMachine, id) });
    void client.invalidateQueries({ queryKey: listQueryKey(MOVEMENTS.listPage) });
  }, [client, id]);
  const doc = query.data;
  const actions = useMachineActions(stockDocMachine, doc, reload);
  const byDoc = useMemo<FilterItem[]>(
    () => [{ fieldName: 'docCode', fieldType: 'string', operator: 'like', fieldValue: doc?.code ?? '' }],
    [doc?.code],
  );
  if (!valid)
    return <Result status="404" title="单据不存在" extra={<Link to={LIST_HREF}>返回出入库记录</Link>} />;
  const posted = doc && (doc.status === 2 || doc.status === 3);
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="出入库单" />
      {doc && (
        <>
          <DetailHeader
            backTo={LIST_HREF}
            backLabel="返回出入库记录"
            title={`${doc.kind === 0 ? '入库单' : doc.kind === 1 ? '出库单' : '调拨单'}`}
            extra={
              <Flex gap={8} align="center" wrap>
                <CodeText label="单据编号" code={doc.code ?? ''} />
                {isDraft(doc) && can(stockDocEntity.route, 'Modify') && (
                  <Button icon={<EditOutlined />} onClick={() => navigate(formHref(doc.id))}>
                    编辑
                  </Button>
                )}
                {actions.buttons}
                {actions.held.some((h) => h.action === 'reverse') && <MadeBySource doc={doc} />}
              </Flex>
            }
          >
            <StateTags machine={stockDocMachine} row={doc} />
          </DetailHeader>
          <HeadFields doc={doc} />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'lines',
                  label: `${LINES.label}（${doc.lines.length}）`,
                  children: <LinesTable doc={doc} />,
                },
                {
                  key: 'movements',
                  label: '库存流水',
                  children: posted ? (
                    <MovementList
                      fixed={byDoc}
                      title="本单过账的库存流水"
                      prefsKey="warehouseOperateDetail.movements"
                      search={false}
                      hidden={['docCode', 'stockTypeName']}
                    />
                  ) : (
                    <Result status="info" title="单据审核过账后，才会产生库存流水" />
                  ),
                },
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={stockDocMachine} id={id} />,
                },
              ]}
            />
          </Card>
          {actions.holder}
        </>
      )}
    </Flex>
  );
}
