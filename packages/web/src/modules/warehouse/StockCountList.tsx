import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { stockCountEntity } from '@factory/shared/entities/stockCount';
import { warehouseAreaEntity } from '@factory/shared/entities/warehouse';
import { stockCountMachine } from '@factory/shared/machines/warehouse';
import { Col, Form, InputNumber, Switch, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { FormMode } from '../../platform/crud/EntityFormModal.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { StockCountSheet } from './StockCountSheet.tsx';
import type { StockCount } from './stockCountParts.ts';

const { Text } = Typography;
const AREAS = entityEndpoints(warehouseAreaEntity).list;
/** The step forward first, then going back, then the end of the sheet. */
const ORDER = ['start', 'submit', 'approve', 'reject', 'cancel'].map((a) => `machine-${a}`);

/** Only a draft is edited; a draft or a cancelled sheet is deleted (the server refuses the rest). */
export const isDraft = (c: Pick<StockCount, 'status'>) => c.status === 0;
const isDeletable = (c: Pick<StockCount, 'status'>) => c.status === 0 || c.status === 9;

/**
 * The form asks for the area and the blind switch itself (the area among the chosen warehouse's),
 * so they are not the declared form's.
 */
const F = stockCountEntity.fields;
const COUNT_FORM = {
  ...stockCountEntity,
  fields: {
    ...F,
    warehouseAreaName: { ...F.warehouseAreaName, form: false },
    isBlind: { ...F.isBlind, form: false },
  },
};

/** The area of the chosen warehouse (none: the whole warehouse), blind or not, and the version an edit read. */
function ScopeItems({ row, mode }: { row?: StockCount; mode: FormMode }) {
  const form = Form.useFormInstance();
  const warehouseId: number | undefined = Form.useWatch('warehouseId', form) ?? undefined;
  // another warehouse: the area chosen for the last one no longer fits
  const last = useRef(warehouseId);
  useEffect(() => {
    if (last.current !== undefined && last.current !== warehouseId)
      form.setFieldValue('warehouseAreaId', null);
    last.current = warehouseId;
  }, [form, warehouseId]);
  const filters = useMemo(
    () =>
      warehouseId === undefined
        ? undefined
        : [
            {
              fieldName: 'warehouseId',
              fieldType: 'integer',
              operator: 'eq',
              fieldValue: warehouseId,
            } as const,
          ],
    [warehouseId],
  );
  const known =
    row && typeof row.warehouseAreaId === 'number' && row.warehouseAreaName
      ? [{ value: row.warehouseAreaId, label: row.warehouseAreaName }]
      : undefined;
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="warehouseAreaId"
          label={F.warehouseAreaName.label}
          normalize={(v) => v ?? null}
          extra="不选则盘点整个仓库"
        >
          <RemoteSelect
            endpoint={AREAS}
            filters={filters}
            disabled={warehouseId === undefined}
            placeholder={warehouseId === undefined ? '请先选择仓库' : '请选择库区'}
            knownOptions={known}
            allowClear
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="isBlind"
          label={F.isBlind.label}
          valuePropName="checked"
          extra="盲盘：提交前盘点人看不到账面数量"
        >
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
      {mode === 'edit' && (
        <Form.Item name="version" hidden>
          <InputNumber />
        </Form.Item>
      )}
    </>
  );
}

/**
 * The 盘点 tab of the inventory account: the count sheets with their states and actions (开始盘点,
 * 提交, 驳回, 审核过账, 作废 as the machine allows), a new one for a warehouse or an area of it, and
 * the sheet itself in a drawer where its lines are counted.
 */
export default function StockCountList() {
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<StockCount, string>(stockCountMachine, undefined, reload);
  const log = useLogButton<StockCount>(stockCountMachine, (c) => c.code ?? '');
  // the sheet stays while the drawer closes, so it does not vanish mid-animation
  const [shown, setShown] = useState<{ id?: number; open: boolean }>({ open: false });
  const open = (c: StockCount) => setShown({ id: c.id, open: true });

  const columns = useMemo<Partial<Record<string, ColumnOverride<StockCount>>>>(
    () => ({
      ...stateColumns<StockCount>(stockCountMachine),
      code: {
        width: 140,
        render: (v, c) => (
          <Typography.Link onClick={() => setShown({ id: c.id, open: true })}>
            {String(v ?? '')}
          </Typography.Link>
        ),
      },
      warehouseName: { width: 110 },
      warehouseAreaName: {
        width: 110,
        render: (v) => (v ? String(v) : <Text type="secondary">整个仓库</Text>),
      },
      isBlind: {
        width: 60,
        align: 'center',
        render: (v) =>
          v ? (
            <Tag color="purple" variant="filled" style={{ marginInlineEnd: 0 }}>
              盲盘
            </Tag>
          ) : (
            <Text type="secondary">否</Text>
          ),
      },
      status: { ...stateColumns<StockCount>(stockCountMachine).status, width: 80 },
      lineCount: {
        width: 70,
        align: 'right',
        render: (v, c) => (c.status === 0 ? <Text type="secondary">—</Text> : String(v ?? 0)),
      },
      differenceCount: {
        width: 70,
        align: 'right',
        render: (v, c) =>
          c.status === 0 ? (
            <Text type="secondary">—</Text>
          ) : v === null || v === undefined ? (
            <Tooltip title="盲盘提交后显示">
              <Text type="secondary">—</Text>
            </Tooltip>
          ) : Number(v) > 0 ? (
            <Text type="warning" strong>
              {String(v)}
            </Text>
          ) : (
            '0'
          ),
      },
      createdByName: { width: 80 },
      createdAt: { width: 160 },
      // who counted, when and by whom it was started and posted: in the sheet and the column settings
      countedByName: { list: false },
      startedAt: { list: false },
      postedAt: { list: false },
      postedByName: { list: false },
      adjustCodes: { list: false },
      remark: { list: false },
    }),
    [],
  );

  const rowActions: RowAction<StockCount>[] = [
    { key: 'view', label: '查看', onClick: open },
    ...[...machine.rowActions].sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key)),
    ...log.rowActions,
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={COUNT_FORM}
        title="盘点单列表"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
        canModify={isDraft}
        canDelete={isDeletable}
        addValues={{ isBlind: false }}
        formItems={(row, mode) => <ScopeItems row={row} mode={mode} />}
        formValues={(row, mode) => ({
          warehouseAreaId: row.warehouseAreaId ?? null,
          isBlind: !!row.isBlind,
          ...(mode === 'edit' ? { version: row.version } : {}),
        })}
        prefsKey="inventoryAccount.counts"
      />
      <StockCountSheet
        id={shown.id}
        open={shown.open}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
        onChanged={reload}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
