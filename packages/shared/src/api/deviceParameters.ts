import { type Static, Type } from 'typebox';
import { endpoint } from './contract.ts';
import { PageResult, RowId } from './list.ts';

/**
 * Equipment parameter readings (DOMAIN "Parameters and readings", docs/equipment-readings.md).
 * The two reads keep the paths spec 000 §7 gives them under market/private/; the HTTP batch
 * upload, which the spec does not name, lives beside the parameters under equipment/private/.
 */

/** Most readings (one equipment, one instant, its values) one HTTP batch may carry. */
export const READING_BATCH_MAX = 1000;
/** Most values one reading may carry. */
export const READING_VALUES_MAX = 200;
/** Most parameters one trend shows. */
export const TREND_PARAMS_MAX = 10;
/** Points a trend series has at most: longer ranges are averaged into buckets. */
export const TREND_POINTS_MAX = 1000;
/** The longest range a trend covers: 400 days, in ms. */
export const TREND_RANGE_MAX_MS = 400 * 24 * 3600 * 1000;

/** An instant as epoch milliseconds, as devices send it; 2000-01-01 to 2100-01-01. */
const EpochMs = (title: string) =>
  Type.Integer({ minimum: 946_684_800_000, maximum: 4_102_444_800_000, title });

export const ReadingInput = Type.Object(
  {
    equipmentCode: Type.String({ minLength: 1, maxLength: 32, title: '设备编码' }),
    ts: EpochMs('采集时间'),
    /** Parameter code → value; a boolean parameter takes true/false, the others numbers. */
    values: Type.Record(Type.String({ maxLength: 32 }), Type.Union([Type.Number(), Type.Boolean()]), {
      maxProperties: READING_VALUES_MAX,
      title: '参数值',
    }),
  },
  { additionalProperties: false },
);
export type ReadingInput = Static<typeof ReadingInput>;

export const ReadingBatch = Type.Array(ReadingInput, {
  minItems: 1,
  maxItems: READING_BATCH_MAX,
  title: '参数读数',
});

export const IngestResult = Type.Object({
  /** Values stored. */
  stored: Type.Integer(),
  /** Values already stored for that equipment, parameter and instant (a resend). */
  duplicates: Type.Integer(),
  /** Values dropped: unknown equipment, a code its class does not declare, or a value its type cannot hold. */
  dropped: Type.Integer(),
});
export type IngestResult = Static<typeof IngestResult>;

/** A machine state report (docs/equipment-readings.md "Machine state"). */
export const StateInput = Type.Object(
  {
    equipmentCode: Type.String({ minLength: 1, maxLength: 32, title: '设备编码' }),
    /** When the machine entered the state; none: when the server receives it (an MQTT last will carries no time). */
    ts: Type.Optional(EpochMs('状态时间')),
    /** machineState: 0 offline, 1 running, 2 idle, 3 alarm. */
    state: Type.Integer({ minimum: 0, maximum: 3, title: '机台状态' }),
  },
  { additionalProperties: false },
);
export type StateInput = Static<typeof StateInput>;

export const StateBatch = Type.Array(StateInput, {
  minItems: 1,
  maxItems: READING_BATCH_MAX,
  title: '机台状态',
});

export const StateIngestResult = Type.Object({
  /** Reports that changed a machine's state (its timeline). */
  changed: Type.Integer(),
  /** Reports that repeated the state the machine was already in, or an instant already known. */
  repeated: Type.Integer(),
  /** Reports of unknown equipment. */
  dropped: Type.Integer(),
});
export type StateIngestResult = Static<typeof StateIngestResult>;

export const RunHoursBody = Type.Object(
  {
    equipmentId: RowId('设备'),
    /** The machine's hour meter as read now. */
    runHours: Type.Number({ minimum: 0, maximum: 1_000_000, title: '累计运行小时' }),
  },
  { additionalProperties: false },
);

export const StateChangeQuery = Type.Object(
  {
    equipmentId: RowId('设备'),
    startTime: EpochMs('开始时间'),
    endTime: EpochMs('结束时间'),
  },
  { additionalProperties: false },
);

export const StateTimeline = Type.Object({
  /** The state when the range starts (null: no report before it), then each change in it. */
  initial: Type.Union([Type.Integer(), Type.Null()]),
  changes: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
  /** Hours in state 1 within the range. */
  runHours: Type.Number(),
});
export type StateTimeline = Static<typeof StateTimeline>;

export const RecordQuery = Type.Object(
  {
    equipmentId: RowId('设备'),
    /** Only this parameter's readings in the page. */
    paramId: Type.Optional(RowId('参数')),
    startTime: Type.Optional(EpochMs('开始时间')),
    endTime: Type.Optional(EpochMs('结束时间')),
    currentPage: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 150, default: 20, title: '每页条数' }),
  },
  { additionalProperties: false },
);

/** A parameter as the reads show it, with its limits. */
const ParamInfo = {
  paramId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  unit: Type.Union([Type.String(), Type.Null()]),
  dataType: Type.Integer(),
  lowerLimit: Type.Union([Type.Number(), Type.Null()]),
  upperLimit: Type.Union([Type.Number(), Type.Null()]),
};

export const LatestValue = Type.Object({
  ...ParamInfo,
  /** The latest reading (epoch ms and value); null when none came yet. */
  ts: Type.Union([Type.Integer(), Type.Null()]),
  value: Type.Union([Type.Number(), Type.Null()]),
  /** Consecutive samples out of range up to the latest one. */
  outCount: Type.Integer(),
  /** The current run out of range has raised its fault report. */
  alarmed: Type.Boolean(),
});
export type LatestValue = Static<typeof LatestValue>;

export const RawReading = Type.Object({
  paramId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  unit: Type.Union([Type.String(), Type.Null()]),
  ts: Type.Integer(),
  value: Type.Number(),
  /** Beyond the parameter's limits. */
  outOfRange: Type.Boolean(),
});
export type RawReading = Static<typeof RawReading>;

export const RecordResult = Type.Object({
  latest: Type.Array(LatestValue),
  records: PageResult(RawReading),
});
export type RecordResult = Static<typeof RecordResult>;

export const TrendBody = Type.Object(
  {
    equipmentId: RowId('设备'),
    paramIds: Type.Array(RowId('参数'), { minItems: 1, maxItems: TREND_PARAMS_MAX, title: '参数' }),
    startTime: EpochMs('开始时间'),
    endTime: EpochMs('结束时间'),
  },
  { additionalProperties: false },
);
export type TrendBody = Static<typeof TrendBody>;

export const TrendSeries = Type.Object({
  ...ParamInfo,
  /** [bucket start (epoch ms), average, min, max], in time order. */
  points: Type.Array(Type.Tuple([Type.Integer(), Type.Number(), Type.Number(), Type.Number()])),
});
export type TrendSeries = Static<typeof TrendSeries>;

export const TrendResult = Type.Object({
  /** Where the points come from: raw readings or the hourly rollup. */
  source: Type.Union([Type.Literal('raw'), Type.Literal('hour')]),
  /** Bucket width in ms (0: every raw reading). */
  bucketMs: Type.Integer(),
  series: Type.Array(TrendSeries),
});
export type TrendResult = Static<typeof TrendResult>;

/** Who reads readings: the parameters page and the equipment account with its detail. */
const READ = { keys: ['equipmentParams', 'accountList', 'accountDetail'] };

export const deviceParametersApi = {
  ingest: endpoint({
    method: 'POST',
    path: 'equipment/private/deviceParameters/uploadDeviceParameters',
    summary:
      '批量上传设备参数读数（设备编码、采集时间、参数编码→值）；返回存入、重复与丢弃（未知设备或参数、类型不符）的个数',
    access: { keys: ['equipmentParamsAdd'] },
    body: ReadingBatch,
    result: IngestResult,
  }),
  ingestStates: endpoint({
    method: 'POST',
    path: 'equipment/private/deviceParameters/uploadDeviceStates',
    summary:
      '批量上传机台状态（设备编码、状态时间、状态 0 离线 1 运行 2 待机 3 报警）；运行时长累计为设备的运行小时',
    access: { keys: ['equipmentParamsAdd'] },
    body: StateBatch,
    result: StateIngestResult,
  }),
  setRunHours: endpoint({
    method: 'PUT',
    path: 'equipment/private/equipment/updateRunHours',
    summary: '录入设备的累计运行小时（按设备计时表读数校正；之后的运行继续累加）',
    access: { keys: ['accountListModify'] },
    body: RunHoursBody,
    result: Type.Number(),
  }),
  stateTimeline: endpoint({
    method: 'GET',
    path: 'equipment/private/equipment/getStateChangeList',
    summary: '机台状态时间线：时间段内的状态变化及运行小时',
    access: READ,
    query: StateChangeQuery,
    result: StateTimeline,
  }),
  record: endpoint({
    method: 'GET',
    path: 'market/private/getDeviceParametersRecord',
    summary: '设备参数记录：各参数的最新值及原始读数分页（可按参数、时间段筛选）',
    access: READ,
    query: RecordQuery,
    result: RecordResult,
  }),
  trend: endpoint({
    method: 'POST',
    path: 'market/private/getDeviceParametersRecordTrend',
    summary: '设备参数趋势：所选参数在时间段内的曲线（每条至多 1000 点）及上下限',
    access: READ,
    body: TrendBody,
    result: TrendResult,
  }),
};
