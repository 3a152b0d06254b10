import { type Static, Type } from 'typebox';

/** setProcedureListForStation: the whole list of procedures the station can do. */
export const StationProcedureBody = Type.Object(
  {
    stationId: Type.Integer({ minimum: 1, title: '工位' }),
    procedureIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500, title: '可做工序' }),
  },
  { additionalProperties: false },
);

/** updateOneStation: every station the user may work at. */
export const UserStationBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, title: '用户' }),
    stationIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500, title: '工位' }),
  },
  { additionalProperties: false },
);

/** getAllCustomer (spec 001 §7.2): each enabled service customer with its sites, for a cascader. */
export const CustomerCascade = Type.Object({
  value: Type.Integer(),
  label: Type.String(),
  children: Type.Array(Type.Object({ value: Type.Integer(), label: Type.String() })),
});
export type CustomerCascade = Static<typeof CustomerCascade>;
