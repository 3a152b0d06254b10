import { PlusOutlined } from '@ant-design/icons';
import type { Endpoint } from '@factory/shared/api/contract';
import { myEquipmentApi } from '@factory/shared/api/equipment';
import type { FilterItem } from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentClassEntity, equipmentEntity } from '@factory/shared/entities/equipment';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Result,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { actionsWidth, RowActions, useActionRunner } from '../../platform/list/actions.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { RefTreeSelect } from '../../platform/list/RefTreeSelect.tsx';
import type { RowAction } from '../../platform/list/types.ts';
import { listQueryKey } from '../../platform/list/useListQuery.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { EQUIPMENT, type Equipment, myEquipment, useShowMineOnly } from '../equipment/index.ts';

const { Text } = Typography;
const F = equipmentEntity.fields;
const PICK_PAGE = 10;
const CLASS_TREE = entityEndpoints(equipmentClassEntity).tree as Endpoint;
/** The own list is loaded whole and paged here only when long. */
const PAGE = 20;
const MINE_KEY = [myEquipmentApi.mine.path];

const text = (v: unknown) => (v === null || v === undefined || v === '' ? EMPTY_CELL : String(v));

/** The columns both tables show; `mark` adds a tag after the name (停用, 已添加). */
function equipmentColumns(mark: (e: Equipment) => string | undefined): TableColumnsType<Equipment> {
  return [
    { key: 'code', dataIndex: 'code', title: F.code.label, width: 120 },
    {
      key: 'name',
      dataIndex: 'name',
      title: F.name.label,
      width: 190,
      render: (v: string, e) => (
        <Flex gap={6} align="center">
          <span>{v}</span>
          {mark(e) && (
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              {mark(e)}
            </Tag>
          )}
        </Flex>
      ),
    },
    { key: 'className', dataIndex: 'className', title: F.className.label, width: 130, render: text },
    { key: 'model', dataIndex: 'model', title: F.model.label, width: 130, render: text },
    { key: 'location', dataIndex: 'location', title: F.location.label, render: text },
    { key: 'state', dataIndex: 'state', title: F.state.label, width: 100, render: cellOf(F.state) },
  ];
}

/** 添加设备: the register's equipment in service, searched by name and class; several at once. */
function AddEquipment({
  open,
  mine,
  onClose,
  onAdded,
}: {
  open: boolean;
  mine: ReadonlySet<number>;
  onClose(): void;
  onAdded(): void;
}) {
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [classId, setClassId] = useState<number>();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const { saving, run } = useSubmit();

  const filters = useMemo(() => {
    const items: FilterItem[] = [];
    if (name) items.push({ fieldName: 'name', operator: 'like', fieldValue: name });
    if (classId) items.push({ fieldName: 'classId', operator: 'eq', fieldValue: classId });
    return items;
  }, [name, classId]);
  const query = useQuery({
    queryKey: ['select', EQUIPMENT.list.path, 'pick', page, filters],
    queryFn: async ({ signal }) =>
      call(
        EQUIPMENT.list,
        {
          page,
          limit: PICK_PAGE,
          searchVal: filters.length ? await encryptText(JSON.stringify(filters)) : undefined,
        },
        { signal },
      ),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const reset = () => {
    setTyped('');
    setName('');
    setClassId(undefined);
    setPage(1);
    setPicked([]);
  };
  const close = () => {
    reset();
    onClose();
  };
  const save = () =>
    run(async () => {
      await myEquipment.addMine(picked);
      message.success('添加成功');
      reset();
      onAdded();
    });

  return (
    <AppModal
      open={open}
      width={960}
      title="添加设备"
      okText={picked.length ? `添加（${picked.length}）` : '添加'}
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !picked.length }}
      onOk={save}
      onCancel={close}
    >
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <Flex gap={12} wrap>
          <Input.Search
            allowClear
            placeholder="按设备名称搜索"
            style={{ width: 240 }}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => {
              setName(v.trim());
              setPage(1);
            }}
          />
          <RefTreeSelect
            endpoint={CLASS_TREE}
            placeholder="全部设备分类"
            allowClear
            style={{ width: 200 }}
            value={classId}
            onChange={(v) => {
              setClassId(v as number | undefined);
              setPage(1);
            }}
          />
        </Flex>
        <Table<Equipment>
          rowKey="id"
          size="small"
          columns={equipmentColumns((e) => (mine.has(e.id) ? '已添加' : undefined))}
          dataSource={query.data?.records}
          loading={query.isFetching}
          scroll={{ x: 820 }}
          rowSelection={{
            selectedRowKeys: picked,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setPicked(keys as number[]),
            getCheckboxProps: (e) => ({ disabled: mine.has(e.id) }),
          }}
          locale={{
            emptyText: query.isFetching ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的设备" />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PICK_PAGE,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (t) => `共 ${t} 台`,
            onChange: setPage,
          }}
        />
      </Flex>
    </AppModal>
  );
}

/**
 * /self-center/mine-equipment (spec 000 §7): the equipment I look after, adding from the register,
 * removing one, and 仅显示我的设备, which narrows the register list to these.
 */
export default function MineEquipment() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const { saving: switching, run: runSwitch } = useSubmit();
  const mine = useQuery({
    queryKey: MINE_KEY,
    queryFn: ({ signal }) => myEquipment.mine({ signal }),
    staleTime: 0,
  });
  const showMineOnly = useShowMineOnly();
  /** The register shows holders and, with the switch on, only these: it must ask again. */
  const changed = () => {
    void mine.refetch();
    void client.invalidateQueries({ queryKey: listQueryKey(EQUIPMENT.listPage) });
  };
  const { run, busy } = useActionRunner(changed);

  const ids = useMemo(() => new Set((mine.data ?? []).map((e) => e.id)), [mine.data]);
  const shown = useMemo(() => {
    const q = typed.trim().toLowerCase();
    const all = mine.data ?? [];
    return q
      ? all.filter((e) => [e.code, e.name, e.className, e.location].some((v) => v?.toLowerCase().includes(q)))
      : all;
  }, [mine.data, typed]);

  const toggle = (on: boolean) =>
    runSwitch(async () => {
      await myEquipment.setShowMineOnly({ showMyEquipmentOnly: on });
      client.setQueryData([myEquipmentApi.showMineOnly.path], on);
      void client.invalidateQueries({ queryKey: listQueryKey(EQUIPMENT.listPage) });
      message.success(on ? '已开启，设备台账只显示我的设备' : '已关闭，设备台账显示全部设备');
    });

  const actions: RowAction<Equipment>[] = [
    {
      key: 'remove',
      label: '移除',
      danger: true,
      confirm: (e) => `确定将“${e.name}”从我的设备中移除吗？`,
      success: '移除成功',
      onClick: (e) => myEquipment.removeMine({ equipmentId: e.id }),
    },
  ];
  const columns: TableColumnsType<Equipment> = [
    ...equipmentColumns((e) => (e.isEnabled === 0 ? '已停用' : undefined)),
    {
      key: '__actions',
      title: '操作',
      fixed: 'right',
      width: actionsWidth(['移除'], 1),
      render: (_, e) => (
        <RowActions row={e} rowId={String(e.id)} actions={actions} max={1} busy={busy} run={run} />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <Flex align="center" gap={12} wrap>
          <Switch
            checked={showMineOnly.data === true}
            loading={switching || showMineOnly.isPending}
            onChange={toggle}
            aria-label="仅显示我的设备"
          />
          <Text strong>仅显示我的设备</Text>
          <Text type="secondary">开启后，设备台账只列出下面这些设备；关闭则显示全部设备。</Text>
        </Flex>
      </Card>
      <Card
        variant="borderless"
        title={
          <Flex align="center" gap={8}>
            我的设备
            {mine.data && (
              <Text type="secondary" style={{ fontWeight: 'normal' }}>
                共 {mine.data.length} 台
              </Text>
            )}
          </Flex>
        }
        extra={
          <Flex gap={12}>
            <Input.Search
              allowClear
              placeholder="筛选编码、名称、分类、位置"
              style={{ width: 260 }}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              添加设备
            </Button>
          </Flex>
        }
      >
        {mine.isError ? (
          <Result
            status="error"
            title="我的设备加载失败"
            extra={<Button onClick={() => mine.refetch()}>重新加载</Button>}
          />
        ) : (
          <Table<Equipment>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={shown}
            loading={mine.isFetching}
            scroll={{ x: 900 }}
            pagination={shown.length > PAGE ? { pageSize: PAGE, showSizeChanger: false } : false}
            locale={{
              emptyText: mine.isPending ? (
                ' '
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={typed ? '没有符合条件的设备' : '还没有设备，点击“添加设备”从设备台账中选择'}
                />
              ),
            }}
          />
        )}
      </Card>
      <AddEquipment
        open={adding}
        mine={ids}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          changed();
        }}
      />
    </Flex>
  );
}
