import { type FilterItem, PAGE_SIZES } from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialPrepEntity } from '@factory/shared/entities/materialPrep';
import type { RowOf } from '@factory/shared/entities/schema';
import { materialPreparationStatus } from '@factory/shared/enums';
import { allowedActions } from '@factory/shared/machines/define';
import { materialPrepMachine } from '@factory/shared/machines/warehouse';
import { routeHref } from '@factory/shared/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Flex, Tabs, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useListQuery } from '../../platform/list/useListQuery.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { PickModal } from './PickModal.tsx';

type Prep = RowOf<typeof materialPrepEntity>;

const PREPS = entityEndpoints(materialPrepEntity);
const ALL = 'all';
const TAB = 'tab';
/** The states a keeper works on: their tabs count what waits in them. */
const COUNTED = [0, 1, 2];

/** The tabs say the status, so the search form does not ask for it again. */
const { filter: _byStatus, ...status } = materialPrepEntity.fields.status;
const PREP_LIST = { ...materialPrepEntity, fields: { ...materialPrepEntity.fields, status } };

export const prepHref = (p: Pick<Prep, 'id'>) => routeHref('warehouseAssignDetail', { id: p.id });

/** The tab's filter: one preparation status, or none. */
export function statusFilters(tab: string): FilterItem[] {
  const value = Number(tab);
  return tab !== ALL && materialPreparationStatus.has(value)
    ? [{ fieldName: 'status', fieldType: 'integer', operator: 'eq', fieldValue: value }]
    : [];
}

/**
 * /warehouse/inventory-info/warehouse-assign: the preparation orders releases made, in tabs by
 * status (the open ones with how many wait), with their actions: 下发 to the warehouse, 领料 and
 * 取消; 详情 opens the order with its lines and trail.
 */
export default function PrepList() {
  const navigate = useNavigate();
  const can = usePermission();
  const flags = useTenantFlags();
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB) ?? ALL;
  const fixed = useMemo(() => statusFilters(tab), [tab]);
  // the list's own call (same key as the list below, so no second request): its search filters
  const { filters, query: page } = useListQuery(PREP_LIST, PREPS.listPage, { fixed });
  const searched = filters.filter((f) => f.fieldName !== 'status');
  // how many wait in each open state under the same search, after every load of the list (one
  // query, so the counts stay while the next ones load)
  const counts = useQuery({
    queryKey: ['prepCounts', searched, page.dataUpdatedAt],
    enabled: page.dataUpdatedAt > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      Promise.all(
        COUNTED.map(async (value) => {
          const by = [...searched, ...statusFilters(String(value))];
          const result = await call(
            PREPS.listPage,
            { currentPage: 1, pageSize: PAGE_SIZES[0], searchVal: await encryptText(JSON.stringify(by)) },
            { signal },
          );
          return [value, result.total] as const;
        }),
      ),
  });

  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<Prep, string>(materialPrepMachine, undefined, reload);
  const log = useLogButton<Prep>(materialPrepMachine, (p) => p.code ?? '');
  const [picking, setPicking] = useState<{ row?: Prep; open: boolean }>({ open: false });

  const columns = useMemo<Partial<Record<string, ColumnOverride<Prep>>>>(
    () => ({
      ...stateColumns<Prep>(materialPrepMachine),
      code: { render: (v, p) => <Link to={prepHref(p)}>{String(v ?? '')}</Link> },
      preparedCount: {
        title: '已备齐/物料数',
        width: 110,
        align: 'right',
        render: (v, p) => {
          const done = Number(v ?? 0);
          const all = Number(p.lineCount ?? 0);
          return (
            <Typography.Text type={all > 0 && done >= all ? 'success' : undefined}>
              {done} / {all}
            </Typography.Text>
          );
        },
      },
      lineCount: { list: false },
      targetWarehouseName: {
        render: (v) => (v ? String(v) : <Typography.Text type="secondary">直接领用</Typography.Text>),
      },
    }),
    [],
  );

  const rowActions: RowAction<Prep>[] = [
    // the detail's key is the route warehouseAssignDetail itself
    { key: 'detail', label: '详情', action: 'Detail', onClick: (p) => navigate(prepHref(p)) },
    ...machine.rowActions.filter((a) => a.key === 'machine-send'),
    {
      key: 'pick',
      label: materialPrepMachine.actions.pick.label,
      visible: (p) =>
        allowedActions(materialPrepMachine, p, can, flags).includes('pick') &&
        Number(p.preparedCount ?? 0) < Number(p.lineCount ?? 0),
      onClick: (p) => setPicking({ row: p, open: true }),
    },
    ...machine.rowActions.filter((a) => a.key !== 'machine-send'),
    ...log.rowActions,
  ];

  const countOf = new Map<number, number>(counts.data ?? []);
  const tabs = [
    { key: ALL, label: '全部', count: undefined as number | undefined },
    ...materialPreparationStatus.items.map((s) => ({
      key: String(s.value),
      label: s.label,
      count: countOf.get(s.value),
    })),
  ];

  return (
    <Flex vertical gap={0}>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (key === ALL) next.delete(TAB);
              else next.set(TAB, key);
              // another tab starts on its first page
              next.delete('page');
              return next;
            },
            { replace: true },
          )
        }
        items={tabs.map((t) => ({
          key: t.key,
          label: (
            <Flex gap={6} align="center">
              <Typography.Text>{t.label}</Typography.Text>
              {t.count !== undefined && (
                <Badge
                  count={t.count}
                  showZero
                  overflowCount={9999}
                  color={t.key === tab ? 'blue' : 'gray'}
                />
              )}
            </Flex>
          ),
        }))}
      />
      <CrudPage
        ref={list}
        entity={PREP_LIST}
        fixedFilters={fixed}
        title="备料单列表"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
      />
      <PickModal
        open={picking.open}
        prep={
          picking.row && {
            id: picking.row.id,
            version: picking.row.version,
            code: picking.row.code ?? '',
            targetWarehouseName: picking.row.targetWarehouseName ?? null,
          }
        }
        onClose={() => setPicking((s) => ({ ...s, open: false }))}
        onChanged={() => {
          setPicking((s) => ({ ...s, open: false }));
          reload();
        }}
      />
      {machine.holder}
      {log.drawer}
    </Flex>
  );
}
