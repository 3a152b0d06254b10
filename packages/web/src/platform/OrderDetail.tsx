import { EditOutlined } from '@ant-design/icons';
import type { Endpoint, ResultOf } from '@factory/shared/api/contract';
import type { EntityDecl } from '@factory/shared/entities/define';
import { allowedActions, type MachineDecl } from '@factory/shared/machines/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Flex,
  Result,
  Row,
  Statistic,
  type TableColumnType,
  Tabs,
  type TabsProps,
  Tag,
} from 'antd';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailFields } from './DetailFields.tsx';
import { CodeText, DetailHeader } from './DetailHeader.tsx';
import { formatNumber } from './list/format.ts';
import { AuditTimeline, auditQueryKey } from './machine/AuditTimeline.tsx';
import { StateTags } from './machine/StateTags.tsx';
import { type DocRow, useMachineActions, useTenantFlags } from './machine/useMachineActions.tsx';
import { request } from './request.ts';
import { usePermission } from './usePermission.ts';

/** An order's status once closed (关闭, with its reason), sales and purchase alike. */
const CLOSED = 3;

/** One declared `?id=` call's answer. */
const byId = <E extends Endpoint>(e: E, id: number, signal: AbortSignal) =>
  request<ResultOf<E>>(e.method, e.path, { query: { id }, signal });

/**
 * What an order's detail page (/…-detail/:id) reads: the order (`detail`) and what followed it
 * (`trace`) by the route's id; `reload` reads both anew with the audit trail; the machine's plain
 * actions for the head, and every action the state and the user allow now (the page's own too).
 */
export function useOrderDetail<D extends Endpoint, T extends Endpoint, A extends string>(
  machine: MachineDecl<string, A>,
  detail: D,
  trace: T,
  /** Who may take an action beyond its key (`useMachineActions`). */
  offered?: (action: A, row: ResultOf<D> & DocRow) => boolean,
) {
  const client = useQueryClient();
  const can = usePermission();
  const flags = useTenantFlags();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [detail.path, id],
    queryFn: ({ signal }) => byId(detail, id, signal),
    enabled: valid,
    // read anew each time the page opens: the form it comes back from has just changed the order
    refetchOnMount: 'always',
  });
  const traceQuery = useQuery({
    queryKey: [trace.path, id],
    queryFn: ({ signal }) => byId(trace, id, signal),
    enabled: valid,
    refetchOnMount: 'always',
  });
  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: [detail.path, id] });
    void client.invalidateQueries({ queryKey: [trace.path, id] });
    void client.invalidateQueries({ queryKey: auditQueryKey(machine, id) });
  }, [client, detail.path, trace.path, machine, id]);
  const order = query.data;
  // an order's detail is a row of its machine
  const row = order as (ResultOf<D> & DocRow) | undefined;
  const actions = useMachineActions(machine, row, reload, offered);
  const allowed = useMemo(
    () => (row ? allowedActions(machine, row, can, flags).filter((a) => offered?.(a, row) ?? true) : []),
    [machine, row, can, flags, offered],
  );
  return { id, valid, query, order: row, trace: traceQuery.data, reload, actions, allowed };
}

/** An order's head: back to the list, its name and state tags; its number, 编辑 while a draft, the page's own action and the machine's. */
export function OrderHead({
  machine,
  order,
  title,
  listHref,
  codeLabel,
  editHref,
  primary,
  actions,
}: {
  machine: MachineDecl;
  order: DocRow & { code?: string | null };
  /** The order's kind: 销售订单, 采购订单. */
  title: string;
  listHref: string;
  codeLabel: string;
  /** The form to edit it, while it is a draft (shown to who may modify). */
  editHref?: string;
  /** The page's own action (发货, 收货) before the machine's. */
  primary?: ReactNode;
  actions: ReactNode;
}) {
  const navigate = useNavigate();
  const can = usePermission();
  return (
    <DetailHeader
      backTo={listHref}
      backLabel={`返回${title}`}
      title={title}
      extra={
        <Flex gap={8} align="center" wrap>
          <CodeText label={codeLabel} code={order.code ?? ''} />
          {editHref && can(machine.route, 'Modify') && (
            <Button icon={<EditOutlined />} onClick={() => navigate(editHref)}>
              编辑
            </Button>
          )}
          {primary}
          {actions}
        </Flex>
      }
    >
      <StateTags machine={machine} row={order} />
    </DetailHeader>
  );
}

/**
 * An order's page below its loading state: the head (`OrderHead`), its figures, the head fields
 * (订单信息: all the entity declares but what the page shows elsewhere, `omit`, and the close
 * reason unless closed), the page's tabs and the 操作日志, then the page's dialogs and the machine's.
 */
export function OrderLayout({
  machine,
  entity,
  order,
  omit,
  figures,
  tabs,
  holder,
  children,
  ...head
}: Parameters<typeof OrderHead>[0] & {
  entity: EntityDecl;
  order: { status?: unknown };
  omit: readonly string[];
  figures: ReactNode;
  tabs: NonNullable<TabsProps['items']>;
  /** The machine's dialogs (`useMachineActions().holder`). */
  holder: ReactNode;
  /** The page's own dialogs. */
  children?: ReactNode;
}) {
  return (
    <>
      <OrderHead machine={machine} order={order} {...head} />
      {figures}
      <DetailFields
        entity={entity}
        row={order}
        title="订单信息"
        omit={order.status === CLOSED ? omit : [...omit, 'closeReason']}
      />
      <Card variant="borderless">
        <Tabs items={[...tabs, logTab(machine, order.id)]} />
      </Card>
      {children}
      {holder}
    </>
  );
}

/** The page of an id that cannot be an order's. */
export function OrderNotFound({ title, listHref }: { title: string; listHref: string }) {
  return <Result status="404" title={`${title}不存在`} extra={<Link to={listHref}>返回{title}</Link>} />;
}

/** An order's figures in a row of statistics (four on a wide screen, two on a narrow one). */
export function OrderFigures({
  items,
}: {
  items: readonly { key: string; title: ReactNode; value: string | number; suffix?: ReactNode }[];
}) {
  return (
    <Card variant="borderless">
      <Row gutter={24}>
        {items.map((f) => (
          <Col key={f.key} xs={12} md={24 / Math.max(1, items.length)}>
            <Statistic title={f.title} value={f.value} suffix={f.suffix} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The 操作日志 tab of a detail page's tabs. */
export const logTab = (machine: MachineDecl, id: number) => ({
  key: 'log',
  label: '操作日志',
  children: <AuditTimeline machine={machine} id={id} />,
});

/** What an order's line is priced by. */
interface PricedLine {
  quantity: number | null;
  unitPrice: number | null;
  taxRate?: number | null;
  amount?: number | null;
  unitName?: string | null;
}

/** An order's lines' quantity (titled `quantityTitle`, with its unit), 含税单价, 税率(%) and 金额 columns. */
export function pricedColumns<L extends PricedLine>(quantityTitle: string): TableColumnType<L>[] {
  return [
    {
      key: 'quantity',
      title: quantityTitle,
      align: 'right',
      width: 110,
      render: (_v, l) => `${formatNumber(l.quantity)}${l.unitName ? ` ${l.unitName}` : ''}`,
    },
    {
      key: 'unitPrice',
      title: '含税单价',
      align: 'right',
      width: 110,
      render: (_v, l) => formatNumber(l.unitPrice),
    },
    {
      key: 'taxRate',
      title: '税率(%)',
      align: 'right',
      width: 80,
      render: (_v, l) => formatNumber(l.taxRate),
    },
    { key: 'amount', title: '金额', align: 'right', width: 120, render: (_v, l) => formatNumber(l.amount) },
  ];
}

/** A line's quantity done (shipped, received), in green once the whole line is. */
export const doneQuantity = (quantity: number, whole: boolean) =>
  whole ? (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      {formatNumber(quantity)}
    </Tag>
  ) : (
    formatNumber(quantity)
  );
