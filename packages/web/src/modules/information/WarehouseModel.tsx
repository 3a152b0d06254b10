import { ApartmentOutlined, InboxOutlined } from '@ant-design/icons';
import type { Endpoint } from '@factory/shared/api/contract';
import type { FilterItem, PageEndpoint, RowSchema } from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import {
  warehouseAreaEntity,
  warehouseEntity,
  warehouseLocationEntity,
} from '@factory/shared/entities/warehouse';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Space, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride } from '../../platform/list/types.ts';
import { listQueryKey } from '../../platform/list/useListQuery.ts';

const WAREHOUSES = entityEndpoints(warehouseEntity).listPage;
const AREAS = entityEndpoints(warehouseAreaEntity).listPage;
/** Under an area its own columns suffice; an empty capacity is no limit, not 0. */
const locationColumns: Partial<Record<string, ColumnOverride<RowOf<typeof warehouseLocationEntity>>>> = {
  warehouseAreaName: { list: false },
  warehouseName: { list: false },
  remark: { list: false },
  capacity: { render: (_, l) => (l.capacity === null ? EMPTY_CELL : formatNumber(l.capacity)) },
};
const byParent = (fieldName: string, id: number): FilterItem[] => [
  { fieldName, operator: 'eq', fieldValue: id },
];

/**
 * The chosen row of a list, kept by id in the URL (`param`) and read through the list call, so its
 * name stays current after a modify and a deleted one is simply no longer chosen.
 */
function useChosen<S extends RowSchema>(list: PageEndpoint<S>, param: string) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(param)) || undefined;
  const query = useQuery({
    queryKey: [...listQueryKey(list), 'chosen', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const searchVal = await encryptText(JSON.stringify(byParent('id', id as number)));
      const page = await call(list, { currentPage: 1, pageSize: 20, searchVal }, { signal });
      return page.content[0] ?? null;
    },
  });
  const choose = (row: { id: number } | undefined, clear: string[] = []) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (row) next.set(param, String(row.id));
        else next.delete(param);
        for (const c of clear) next.delete(c);
        return next;
      },
      { replace: true },
    );
  return { id, row: query.data ?? undefined, choose };
}

function Hint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" style={{ height: '100%' }}>
      <Empty image={icon} styles={{ image: { fontSize: 40, color: '#bdc1ca' } }} description={children} />
    </Card>
  );
}

/**
 * /information/warehouse-info/model: the warehouses, and under the one chosen its areas beside the
 * locations of the area chosen — the way a keeper walks a warehouse. Each list adds, modifies and
 * deletes in place; locations import in bulk (hundreds at a time, areas named by code).
 */
export default function WarehouseModel() {
  const client = useQueryClient();
  const warehouse = useChosen(WAREHOUSES, 'warehouse');
  const area = useChosen(AREAS, 'area');
  // counts shown in the lists above change with the rows below
  const refresh = (...lists: Endpoint[]) => {
    for (const list of lists) void client.invalidateQueries({ queryKey: listQueryKey(list) });
  };
  const wh = warehouse.id !== undefined ? warehouse.row : undefined;
  const ar = wh && area.id !== undefined && area.row?.warehouseId === wh.id ? area.row : undefined;
  const areaFilters = useMemo(() => (wh ? byParent('warehouseId', wh.id) : []), [wh]);
  const locationFilters = useMemo(() => (ar ? byParent('warehouseAreaId', ar.id) : []), [ar]);

  return (
    <Flex vertical gap={16}>
      <CrudPage
        entity={warehouseEntity}
        title="仓库列表"
        suggestCode
        onRowClick={(r) => warehouse.choose(r, ['area'])}
        activeRowId={wh?.id}
        onChanged={() => refresh(WAREHOUSES)}
      />
      {wh ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <CrudPage
              key={wh.id}
              entity={warehouseAreaEntity}
              title={
                <Space size={6}>
                  库区
                  <Typography.Text type="secondary">— {wh.name}</Typography.Text>
                </Space>
              }
              suggestCode
              urlState={false}
              search={false}
              prefsKey="warehouseModel.area"
              fixedFilters={areaFilters}
              addValues={{ warehouseId: wh.id, warehouseName: wh.name }}
              columns={{ warehouseName: { list: false }, remark: { list: false } }}
              onRowClick={(r) => area.choose(r)}
              activeRowId={ar?.id}
              onChanged={() => refresh(WAREHOUSES, AREAS)}
            />
          </Col>
          <Col xs={24} xl={14}>
            {ar ? (
              <CrudPage
                key={ar.id}
                entity={warehouseLocationEntity}
                title={
                  <Space size={6}>
                    库位
                    <Typography.Text type="secondary">
                      — {wh.name} / {ar.name}
                    </Typography.Text>
                  </Space>
                }
                urlState={false}
                prefsKey="warehouseModel.location"
                fixedFilters={locationFilters}
                addValues={{ warehouseAreaId: ar.id, warehouseAreaName: ar.name }}
                columns={locationColumns}
                onChanged={() => refresh(WAREHOUSES, AREAS)}
              />
            ) : (
              <Hint icon={<InboxOutlined />}>点击左侧的库区，查看和维护它的库位</Hint>
            )}
          </Col>
        </Row>
      ) : (
        <Hint icon={<ApartmentOutlined />}>点击上方的仓库，查看和维护它的库区与库位</Hint>
      )}
    </Flex>
  );
}
