import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { entityPaths } from '@factory/shared/entities/define';
import { areaEntity, procedureEntity, stationEntity } from '@factory/shared/entities/information';
import { processType } from '@factory/shared/enums';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { RowOrderActions } from '../../platform/list/RowOrderActions.tsx';
import { ApiError, api } from '../../platform/request.ts';
import { flowPaths, type ProcessStep, type VersionDetail } from './processFlowApi.ts';

/** A step as the form holds it. */
type Item = {
  id?: number;
  procedureId?: number;
  processType?: number;
  standardMinutes?: number | null;
  areaIds?: number[];
  stationIds?: number[];
  remark?: string;
};
type Station = { id: number; name: string; areaId: number };
type Option = { value: number; label: string };

const STATIONS_BY_PROCEDURE = `${stationEntity.api?.base}getStationListByProcedureId`;

const itemOf = (s: ProcessStep): Item => ({
  id: s.id,
  procedureId: s.procedureId,
  processType: s.processType,
  standardMinutes: s.standardMinutes,
  areaIds: s.areaList.map((a) => a.id),
  stationIds: s.stationList.map((x) => x.id),
  remark: s.remark ?? undefined,
});

/**
 * The stations that can do the step's procedure, offered only on the step's lines; a line taken
 * away takes its stations with it (the server would refuse them).
 */
function StationSelect({
  procedureId,
  areaIds,
  known,
  value,
  onChange,
  disabled,
}: {
  procedureId?: number;
  areaIds: number[];
  known: Option[];
  value?: number[];
  onChange?(v: number[]): void;
  disabled?: boolean;
}) {
  const query = useQuery({
    queryKey: [STATIONS_BY_PROCEDURE, procedureId],
    queryFn: ({ signal }) => api.get<Station[]>(STATIONS_BY_PROCEDURE, { procedureId }, { signal }),
    enabled: !!procedureId,
    staleTime: 30_000,
  });
  const allowed = useMemo(
    () => (query.data ?? []).filter((s) => areaIds.includes(s.areaId)),
    [query.data, areaIds],
  );
  useEffect(() => {
    if (!query.data || !value?.length) return;
    const ok = value.filter((id) => allowed.some((s) => s.id === id));
    if (ok.length !== value.length) onChange?.(ok);
  }, [allowed, query.data, value, onChange]);
  const options = query.data
    ? allowed.map((s) => ({ value: s.id, label: s.name }))
    : known.filter((o) => value?.includes(o.value));
  return (
    <Select
      mode="multiple"
      maxTagCount="responsive"
      allowClear
      value={value}
      onChange={onChange}
      options={options}
      loading={query.isFetching}
      disabled={disabled || !procedureId || !areaIds.length}
      placeholder={!procedureId ? '请先选择工序' : !areaIds.length ? '请先选择产线' : '可不选'}
      notFoundContent="所选产线上没有能做该工序的工位"
      style={{ width: '100%' }}
    />
  );
}

/** One row's station select, following the row's procedure and lines as they change. */
function RowStations({
  form,
  name,
  known,
  disabled,
}: {
  form: FormInstance<{ steps: Item[] }>;
  name: number;
  known: Option[];
  disabled: boolean;
}) {
  const procedureId = Form.useWatch(['steps', name, 'procedureId'], form) as number | undefined;
  const areaIds = (Form.useWatch(['steps', name, 'areaIds'], form) as number[] | undefined) ?? [];
  return (
    <Form.Item name={[name, 'stationIds']} style={{ marginBottom: 0 }}>
      <StationSelect procedureId={procedureId} areaIds={areaIds} known={known} disabled={disabled} />
    </Form.Item>
  );
}

/**
 * A version's steps in order, edited as a whole and saved in one call: procedure, processing
 * type, standard minutes, the lines a plan may run on and the stations that may do it. Steps keep
 * their ids, so the materials placed at them stay there when they move.
 */
export function ProcessStepsEditor({
  version,
  editable,
  onSaved,
}: {
  version: VersionDetail;
  editable: boolean;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ steps: Item[] }>();
  const [saving, setSaving] = useState(false);
  // labels of the saved values, for selects whose lists are not loaded yet
  const known = useMemo(() => {
    const procedures = new Map<number, Option[]>();
    const areas = new Map<number, Option[]>();
    const stations = new Map<number, Option[]>();
    for (const s of version.steps) {
      procedures.set(s.id, [{ value: s.procedureId, label: s.procedureName }]);
      areas.set(
        s.id,
        s.areaList.map((a) => ({ value: a.id, label: a.name })),
      );
      stations.set(
        s.id,
        s.stationList.map((a) => ({ value: a.id, label: a.name })),
      );
    }
    return { procedures, areas, stations };
  }, [version.steps]);

  useEffect(() => {
    form.setFieldsValue({ steps: version.steps.map(itemOf) });
  }, [version.steps, form]);

  const save = async () => {
    let v: { steps?: Item[] };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setSaving(true);
    try {
      await api.put(flowPaths.saveSteps, {
        id: version.id,
        steps: (v.steps ?? []).map((s) => ({
          ...(s.id ? { id: s.id } : {}),
          procedureId: s.procedureId,
          processType: s.processType ?? 0,
          standardMinutes: s.standardMinutes ?? null,
          remark: s.remark?.trim() || null,
          areaIds: s.areaIds ?? [],
          stationIds: s.stationIds ?? [],
        })),
      });
      message.success('保存成功');
      onSaved();
    } catch (err) {
      // steps.2.stationIds → that row's field
      if (err instanceof ApiError)
        form.setFields(
          err.fields.flatMap((f) => {
            const m = /^steps\.(\d+)\.(\w+)$/.exec(f.field);
            return m
              ? [{ name: ['steps', Number(m[1]), m[2] as keyof Item] as const, errors: [f.message] }]
              : [];
          }),
        );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name={`steps${version.id}`} disabled={!editable}>
      <Form.List name="steps">
        {(fields, { add, remove, move }) => {
          const idAt = (name: number) => form.getFieldValue(['steps', name, 'id']) as number | undefined;
          const knownOf = (map: Map<number, Option[]>, name: number) => map.get(idAt(name) ?? 0) ?? [];
          const columns: TableColumnsType<(typeof fields)[number]> = [
            { key: 'seq', title: '序号', width: 60, align: 'center', render: (_, __, i) => i + 1 },
            {
              key: 'procedure',
              title: '工序',
              width: 190,
              render: (_, f) => (
                <Form.Item
                  name={[f.name, 'procedureId']}
                  rules={[{ required: true, message: '请选择工序' }]}
                  style={{ marginBottom: 0 }}
                >
                  <RemoteSelect
                    url={entityPaths(procedureEntity).list}
                    placeholder="请选择工序"
                    knownOptions={knownOf(known.procedures, f.name)}
                    onChange={(_v, option) => {
                      // a new procedure brings its own type and minutes; its stations differ
                      const row = (
                        option as { row?: { processType: number; standardMinutes: number | null } }
                      )?.row;
                      if (!row) return;
                      form.setFieldValue(['steps', f.name, 'processType'], row.processType);
                      form.setFieldValue(['steps', f.name, 'standardMinutes'], row.standardMinutes);
                      form.setFieldValue(['steps', f.name, 'stationIds'], []);
                    }}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'processType',
              title: '加工类型',
              width: 100,
              render: (_, f) => (
                <Form.Item name={[f.name, 'processType']} style={{ marginBottom: 0 }}>
                  <Select options={processType.options} />
                </Form.Item>
              ),
            },
            {
              key: 'standardMinutes',
              title: '标准工时(分钟)',
              width: 130,
              render: (_, f) => (
                <Form.Item name={[f.name, 'standardMinutes']} style={{ marginBottom: 0 }}>
                  <InputNumber min={0} max={100_000} placeholder="分钟" style={{ width: '100%' }} />
                </Form.Item>
              ),
            },
            {
              key: 'areas',
              title: '可用产线',
              width: 230,
              render: (_, f) => (
                <Form.Item name={[f.name, 'areaIds']} style={{ marginBottom: 0 }}>
                  <RemoteSelect
                    url={entityPaths(areaEntity).list}
                    mode="multiple"
                    maxTagCount="responsive"
                    allowClear
                    placeholder="排产时可用的产线"
                    knownOptions={knownOf(known.areas, f.name)}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'stations',
              title: '工位',
              width: 250,
              render: (_, f) => (
                <RowStations
                  form={form}
                  name={f.name}
                  known={knownOf(known.stations, f.name)}
                  disabled={!editable}
                />
              ),
            },
            {
              key: 'remark',
              title: '备注',
              width: 160,
              render: (_, f) => (
                <Form.Item name={[f.name, 'remark']} style={{ marginBottom: 0 }}>
                  <Input maxLength={200} placeholder="请输入备注" />
                </Form.Item>
              ),
            },
            ...(editable
              ? [
                  {
                    key: '__actions',
                    title: '操作',
                    width: 112,
                    fixed: 'right' as const,
                    render: (_: unknown, f: (typeof fields)[number], i: number) => (
                      <RowOrderActions
                        index={i}
                        count={fields.length}
                        onMove={move}
                        onRemove={() => remove(f.name)}
                      />
                    ),
                  },
                ]
              : []),
          ];
          return (
            <Flex vertical gap={12}>
              <Table
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={fields}
                pagination={false}
                scroll={{ x: 1240 }}
                locale={{ emptyText: '暂无工序，点击“添加工序”开始' }}
                onRow={() => ({ style: { verticalAlign: 'top' } })}
              />
              {editable && (
                <Flex justify="space-between" align="center" wrap gap={12}>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ processType: 0, areaIds: [], stationIds: [] })}
                  >
                    添加工序
                  </Button>
                  <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
                    保存工序
                  </Button>
                </Flex>
              )}
              <Typography.Text type="secondary">
                工序按表中顺序编号；工位须在所选产线上且能做该工序（在“工位”中设置）。排产时计划只能调到工序的可用产线。保存时整体替换，任一行有误则都不保存。
              </Typography.Text>
            </Flex>
          );
        }}
      </Form.List>
    </Form>
  );
}
