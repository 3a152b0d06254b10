import { Type } from 'typebox';
import { endpoint } from './contract.ts';

/**
 * Shift and station switching (spec 000 §7 Switching): a signed-in user changes their own current
 * shift or station; the choice stays on the user for the next login. The spec shows no prefix: the
 * calls sit beside the other user calls.
 */
export const MODIFY_USER_INFO = 'authority/private/user/modifyUserInfo';
export const MODIFY_LINES = 'authority/private/user/modifyLines';

/** The spec's body: also the user name and the shift's name, which the server takes from its own rows. */
export const ModifyUserInfoBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, title: '用户' }),
    frequencyId: Type.Integer({ minimum: 1, title: '班次' }),
    userName: Type.Optional(Type.String({ maxLength: 64, title: '用户名' })),
    frequencyName: Type.Optional(
      Type.Union([Type.String({ maxLength: 100, title: '班次名称' }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);

export const ModifyLinesBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, title: '用户' }),
    stationId: Type.Integer({ minimum: 1, title: '工位' }),
  },
  { additionalProperties: false },
);

/** What the session user info then holds (spec 000 §3). */
export const CurrentShift = Type.Object({ frequencyId: Type.Integer(), frequencyName: Type.String() });
export const CurrentStation = Type.Object({ stationId: Type.Integer(), stationName: Type.String() });

/** The two switches; the answer is what the session user info then holds. */
export const switchingApi = {
  shift: endpoint({
    method: 'PUT',
    path: MODIFY_USER_INFO,
    summary: '切换本人的班次',
    access: { session: true },
    body: ModifyUserInfoBody,
    result: CurrentShift,
  }),
  station: endpoint({
    method: 'PUT',
    path: MODIFY_LINES,
    summary: '切换本人的工位（设置了可用工位的用户只能在其中选择）',
    access: { session: true },
    body: ModifyLinesBody,
    result: CurrentStation,
  }),
};

export const SHIFT_SWITCH_OWN_ONLY = '只能切换本人的班次';
export const STATION_SWITCH_OWN_ONLY = '只能切换本人的工位';
