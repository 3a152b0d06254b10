import { type Static, Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { stationEntity } from '../entities/information.ts';
import { packageCodeEntity } from '../entities/labels.ts';
import { serviceCustomerEntity } from '../entities/partner.ts';
import { endpoint } from './contract.ts';
import { SelectQuery, SelectResult } from './list.ts';

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

/** A warehouse or line-side warehouse to pick (getWarehouseList). */
export const WarehouseOption = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** 0 warehouse, 1 line-side warehouse, 2 a supplier's outsourcing warehouse 委外仓. */
  kind: Type.Integer(),
  /** The line of a line-side warehouse. */
  areaId: Type.Union([Type.Integer(), Type.Null()]),
  areaName: Type.Union([Type.String(), Type.Null()]),
});

/** generatePackageCode: this many codes of one level of a package, optionally of a lot. */
export const PackageCodeBatch = Type.Object(
  {
    packageId: Type.Integer({ minimum: 1, title: '包装规格' }),
    level: Type.Integer({ minimum: 1, maximum: 9, title: '包装层级' }),
    count: Type.Integer({ minimum: 1, maximum: 1000, title: '生成数量' }),
    batchNumberId: Type.Optional(Type.Integer({ minimum: 1, title: '批次号' })),
  },
  { additionalProperties: false },
);

const S = stationEntity.api?.base ?? '';
/** Stations as the station list answers them. */
const StationRows = Type.Array(entityEndpoints(stationEntity).detail.result);

/** A station's procedures, and the stations of a procedure or a user. */
export const stationApi = {
  byProcedure: endpoint({
    method: 'GET',
    path: `${S}getStationListByProcedureId`,
    summary: '能做某工序的工位（可按产线）',
    access: { session: true },
    query: Type.Object(
      {
        procedureId: Type.Integer({ minimum: 1, title: '工序' }),
        areaId: Type.Optional(Type.Integer({ minimum: 1, title: '产线' })),
      },
      { additionalProperties: false },
    ),
    result: StationRows,
  }),
  byUser: endpoint({
    method: 'GET',
    path: `${S}getStationListByUserId`,
    summary: '某用户可在的工位',
    access: { session: true },
    query: Type.Object(
      { userId: Type.Integer({ minimum: 1, title: '用户' }) },
      { additionalProperties: false },
    ),
    result: StationRows,
  }),
  procedures: endpoint({
    method: 'GET',
    path: `${S}getProcedureListByStationId`,
    summary: '某工位可做的工序',
    access: { session: true },
    query: Type.Object(
      { stationId: Type.Integer({ minimum: 1, title: '工位' }) },
      { additionalProperties: false },
    ),
    result: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
  }),
  setProcedures: endpoint({
    method: 'PUT',
    path: `${S}setProcedureListForStation`,
    summary: '设置工位可做的工序',
    access: { keys: ['stationListSetProcedure'] },
    body: StationProcedureBody,
  }),
};

/** The pickers of basic information beyond the entities' own select lists. */
export const informationApi = {
  warehouses: endpoint({
    method: 'GET',
    path: 'updateInterface/private/getWarehouseList',
    summary: '仓库选择列表（含线边仓、委外仓，仅启用的；工艺路线、库存报表等处选择仓库）',
    access: { session: true },
    query: SelectQuery,
    result: SelectResult(WarehouseOption),
  }),
  customers: endpoint({
    method: 'GET',
    path: `${serviceCustomerEntity.api?.base}getAllCustomer`,
    summary: '服务客户及其现场（级联选择：客户 → 现场，仅启用的客户）',
    access: { session: true },
    result: Type.Array(CustomerCascade),
  }),
};

/** Package codes made in bulk for a level of a package. */
export const packageCodeApi = {
  generate: endpoint({
    method: 'POST',
    path: `${packageCodeEntity.api?.base}generatePackageCode`,
    summary: '按包装规格批量生成包装码（全部生成或全部不生成）',
    access: { keys: ['packageCodeAdd'] },
    body: PackageCodeBatch,
    result: Type.Array(Type.String()),
  }),
};
