import { type Static, Type } from 'typebox';
import { CALL_BASE } from '../machines/call.ts';
import { VersionField } from '../machines/endpoints.ts';
import { endpoint } from './contract.ts';
import { RowId } from './list.ts';

const C = `${CALL_BASE}call/`;
const nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** Who may call: an operator on the station terminal, or a user with the list's add key. */
const CALLERS = ['stationScheduling', 'callSearchAdd'] as const;

export const AddCallBody = Type.Object(
  {
    typeId: RowId('呼叫类型'),
    stationId: RowId('工位'),
    equipmentId: Type.Optional(RowId('设备')),
    workOrderId: Type.Optional(RowId('工单')),
    remark: Type.Optional(Type.String({ maxLength: 200, title: '呼叫说明' })),
  },
  { additionalProperties: false },
);
export type AddCallBody = Static<typeof AddCallBody>;

export const RespondCallBody = Type.Object(
  { id: RowId(), version: VersionField },
  { additionalProperties: false },
);

export const CloseCallBody = Type.Object(
  {
    id: RowId(),
    version: VersionField,
    result: Type.String({ minLength: 1, maxLength: 500, title: '处理结果' }),
    /** An equipment call whose type makes repair orders: whether the equipment is stopped (停机). */
    isStopped: Type.Optional(Type.Boolean({ title: '是否停机' })),
  },
  { additionalProperties: false },
);

/** A call's state after an action, as the machine's calls answer. */
const CallState = Type.Object(
  { id: Type.Integer(), version: Type.Integer(), status: Type.Integer() },
  { additionalProperties: true },
);

/** An enabled call type as a caller picks it. */
export const CallTypeOption = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  responseMinutes: Type.Integer(),
  createsRepairOrder: Type.Boolean(),
});
export type CallTypeOption = Static<typeof CallTypeOption>;

/** A call still open at a station (calling or responded), as its terminal shows it. */
export const OpenCall = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  version: Type.Integer(),
  status: Type.Integer(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  equipmentName: nullable(Type.String()),
  callerId: Type.Integer(),
  callerName: Type.String(),
  responderName: nullable(Type.String()),
  calledAt: Type.String(),
});
export type OpenCall = Static<typeof OpenCall>;

/** What the 呼叫 dialog of a station needs: the types, the equipment and the station's open calls. */
export const CallOptions = Type.Object({
  types: Type.Array(CallTypeOption),
  equipment: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
  open: Type.Array(OpenCall),
});
export type CallOptions = Static<typeof CallOptions>;

/** Call system calls beyond the standard list, detail, export and the machine's cancel. */
export const callApi = {
  add: endpoint({
    method: 'POST',
    path: `${C}addCall`,
    summary: '发起呼叫：一个工位同一类型只能有一个未关闭的呼叫，接收人实时收到通知',
    access: { keys: CALLERS },
    body: AddCallBody,
    result: Type.Object({ id: Type.Integer(), code: Type.String() }),
  }),
  options: endpoint({
    method: 'GET',
    path: `${C}getCallOptions`,
    summary: '呼叫选项：启用的呼叫类型、设备和该工位未关闭的呼叫',
    access: { keys: CALLERS },
    query: Type.Object({ stationId: RowId('工位') }, { additionalProperties: false }),
    result: CallOptions,
  }),
  respond: endpoint({
    method: 'POST',
    path: `${C}respond`,
    summary: '响应呼叫：该呼叫类型的接收人，或有响应权限的用户',
    access: { session: true },
    body: RespondCallBody,
    result: CallState,
  }),
  close: endpoint({
    method: 'POST',
    path: `${C}close`,
    summary: '关闭呼叫并填写处理结果；设备呼叫按类型设置生成故障报修',
    access: { session: true },
    body: CloseCallBody,
    result: CallState,
  }),
};
