import { SaveOutlined } from '@ant-design/icons';
import { stationApi } from '@factory/shared/api/information';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { areaEntity, procedureEntity } from '@factory/shared/entities/information';
import type { RowOf } from '@factory/shared/entities/schema';
import { processType } from '@factory/shared/enums';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { client } from '../../platform/call.ts';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { filled, type LineColumn, type PasteResult } from '../../platform/lines/lines.ts';
import { lookupRow } from '../../platform/lines/materialColumns.tsx';
import { useLines } from '../../platform/lines/useLines.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { flows, type ProcessStep, type VersionDetail } from './processFlowApi.ts';

type Option = { value: number; label: string };
/** A step as the editor holds it, with the labels of its saved choices for selects not loaded yet. */
type Item = {
  id?: number;
  procedureId?: number;
  processType?: number;
  standardMinutes?: number | null;
  setupMinutes?: number | null;
  transferQuantity?: number | null;
  areaIds?: number[];
  stationIds?: number[];
  remark?: string;
  known?: { procedure: Option[]; areas: Option[]; stations: Option[] };
};
type Procedure = RowOf<typeof procedureEntity>;

const stations = client(stationApi);
const PROCEDURES = entityEndpoints(procedureEntity).list;
const AREAS = entityEndpoints(areaEntity).list;

const itemOf = (s: ProcessStep): Item => ({
  id: s.id,
  procedureId: s.procedureId,
  processType: s.processType,
  standardMinutes: s.standardMinutes,
  setupMinutes: s.setupMinutes,
  transferQuantity: s.transferQuantity,
  areaIds: s.areaList.map((a) => a.id),
  stationIds: s.stationList.map((x) => x.id),
  remark: s.remark ?? undefined,
  known: {
    procedure: [{ value: s.procedureId, label: s.procedureName }],
    areas: s.areaList.map((a) => ({ value: a.id, label: a.name })),
    stations: s.stationList.map((a) => ({ value: a.id, label: a.name })),
  },
});

/** A new procedure brings its own type and minutes; its stations differ. */
const procedurePatch = (p: Procedure, known: Item['known']): Partial<Item> => ({
  processType: p.processType ?? undefined,
  standardMinutes: p.standardMinutes,
  stationIds: [],
  known: { areas: [], stations: [], ...known, procedure: [{ value: p.id, label: p.name ?? String(p.id) }] },
});

/** Production lines pasted as names separated by 、 or commas. */
async function pasteAreas(text: string, line: Item): Promise<PasteResult<Item>> {
  const names = text
    .split(/[、,，]/)
    .map((n) => n.trim())
    .filter(Boolean);
  const rows = await Promise.all(names.map((n) => lookupRow(AREAS, n).catch(() => undefined)));
  const missing = names.filter((_, i) => !rows[i]);
  if (missing.length) return { error: `没有产线“${missing.join('、')}”` };
  const areas = rows.flatMap((r) => (r ? [{ value: r.id, label: r.name ?? String(r.id) }] : []));
  return {
    value: areas.map((a) => a.value),
    patch: { known: { procedure: [], stations: [], ...line.known, areas } },
  };
}

const STEP_COLUMNS: LineColumn<Item>[] = [
  {
    key: 'procedureId',
    title: '工序',
    width: 190,
    required: true,
    editor: {
      kind: 'custom',
      render: ({ id, value, line, index, status, disabled, set }) => (
        <RemoteSelect
          id={id}
          endpoint={PROCEDURES}
          value={value as number | undefined}
          placeholder="请选择工序"
          status={status}
          disabled={disabled}
          style={{ width: '100%' }}
          aria-label={`第${index + 1}行工序`}
          knownOptions={line.known?.procedure}
          onChange={(v, option) => {
            const row = Array.isArray(option) ? undefined : option?.row;
            set(v, row ? procedurePatch(row, line.known) : undefined);
          }}
        />
      ),
      paste: async (text, line) => {
        const row = await lookupRow(PROCEDURES, text).catch(() => undefined);
        return row
          ? { value: row.id, patch: procedurePatch(row, line.known) }
          : { error: `没有工序“${text}”` };
      },
    },
  },
  {
    key: 'processType',
    title: '加工类型',
    width: 100,
    editor: { kind: 'select', options: processType.options },
  },
  {
    key: 'standardMinutes',
    title: '标准工时(分钟)',
    width: 130,
    editor: { kind: 'number', min: 0, max: 100_000, placeholder: '分钟' },
  },
  {
    key: 'setupMinutes',
    title: '准备时间(分钟)',
    width: 130,
    editor: { kind: 'number', min: 0, max: 100_000, placeholder: '每个计划一次' },
  },
  {
    key: 'transferQuantity',
    title: '转序批量',
    width: 110,
    editor: { kind: 'number', min: 0.000001, max: 1_000_000_000, placeholder: '整批转序' },
  },
  {
    key: 'areaIds',
    title: '可用产线',
    width: 230,
    editor: {
      kind: 'custom',
      render: ({ id, value, line, index, status, disabled, set }) => (
        <RemoteSelect
          id={id}
          endpoint={AREAS}
          mode="multiple"
          maxTagCount="responsive"
          allowClear
          value={value as number[] | undefined}
          placeholder="排产时可用的产线"
          status={status}
          disabled={disabled}
          style={{ width: '100%' }}
          aria-label={`第${index + 1}行可用产线`}
          knownOptions={line.known?.areas}
          onChange={(v) => set(v)}
        />
      ),
      paste: pasteAreas,
    },
  },
  {
    key: 'stationIds',
    title: '工位',
    width: 250,
    editor: {
      kind: 'custom',
      render: ({ id, value, line, set, disabled }) => (
        <StationSelect
          id={id}
          procedureId={line.procedureId}
          areaIds={line.areaIds ?? []}
          known={line.known?.stations ?? []}
          value={value as number[] | undefined}
          onChange={(v) => set(v)}
          disabled={disabled}
        />
      ),
    },
  },
  {
    key: 'remark',
    title: '备注',
    width: 160,
    editor: { kind: 'text', maxLength: 200, placeholder: '请输入备注' },
  },
];

/**
 * The stations that can do the step's procedure, offered only on the step's lines; a line taken
 * away takes its stations with it (the server would refuse them).
 */
function StationSelect({
  id,
  procedureId,
  areaIds,
  known,
  value,
  onChange,
  disabled,
}: {
  id: string;
  procedureId?: number;
  areaIds: number[];
  known: Option[];
  value?: number[];
  onChange?(v: number[]): void;
  disabled?: boolean;
}) {
  const query = useQuery({
    queryKey: [stationApi.byProcedure.path, procedureId],
    queryFn: procedureId ? ({ signal }) => stations.byProcedure({ procedureId }, { signal }) : skipToken,
    staleTime: 30_000,
  });
  const allowed = useMemo(
    () => (query.data ?? []).filter((s) => areaIds.includes(Number(s.areaId))),
    [query.data, areaIds],
  );
  useEffect(() => {
    if (!query.data || !value?.length) return;
    const ok = value.filter((id) => allowed.some((s) => s.id === id));
    if (ok.length !== value.length) onChange?.(ok);
  }, [allowed, query.data, value, onChange]);
  const options = query.data
    ? allowed.map((s) => ({ value: Number(s.id), label: String(s.name) }))
    : known.filter((o) => value?.includes(o.value));
  return (
    <Select
      id={id}
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
  const { setLines, saving, save, editor } = useLines(STEP_COLUMNS, 'steps');

  useEffect(() => setLines(version.steps.map(itemOf)), [version.steps, setLines]);

  const onSave = async () => {
    const saved = await save((items) =>
      flows.saveSteps({
        id: version.id,
        steps: items.map((line) => {
          const s = filled(line, 'procedureId');
          return {
            ...(s.id ? { id: s.id } : {}),
            procedureId: s.procedureId,
            processType: s.processType ?? 0,
            standardMinutes: s.standardMinutes ?? null,
            setupMinutes: s.setupMinutes ?? null,
            transferQuantity: s.transferQuantity ?? null,
            remark: s.remark?.trim() || null,
            areaIds: s.areaIds ?? [],
            stationIds: s.stationIds ?? [],
          };
        }),
      }),
    );
    if (saved) onSaved();
  };

  return (
    <Flex vertical gap={12}>
      <LinesEditor
        id={`steps${version.id}`}
        {...editor}
        newLine={() => ({ processType: 0, areaIds: [], stationIds: [] })}
        // a copy is a new step: the materials placed at the original stay there
        copyLine={({ id: _id, ...rest }) => rest}
        disabled={!editable}
        addLabel="添加工序"
        emptyText="暂无工序，点击“添加工序”开始"
        footer={
          editable && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
              保存工序
            </Button>
          )
        }
      />
      <Typography.Text type="secondary">
        工序按表中顺序编号；工位须在所选产线上且能做该工序（在“工位”中设置）。排产时计划只能调到工序的可用产线。可从Excel复制“工序、加工类型、标准工时、产线”多行，粘贴到工序格中。保存时整体替换，任一行有误则都不保存。
      </Typography.Text>
    </Flex>
  );
}
