import { Type } from 'typebox';

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

export const SHIFT_SWITCH_OWN_ONLY = '只能切换本人的班次';
export const STATION_SWITCH_OWN_ONLY = '只能切换本人的工位';
