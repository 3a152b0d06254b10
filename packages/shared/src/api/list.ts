import { type TArray, type TInteger, type TObject, type TUnsafe, Type } from 'typebox';
import type { Endpoint } from './contract.ts';

/** One filter of a list call's searchVal (spec 000 §3 "Table search filter item"). */
export const FILTER_OPERATORS = ['eq', 'ne', 'in', 'like', 'gt', 'gte', 'lt', 'lte', 'between'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterItem {
  id?: string | number;
  fieldName: string;
  fieldType?: string;
  fieldValue: unknown;
  operator: FilterOperator;
}

export const PAGE_SIZES = [10, 20, 50, 100, 150] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Lists without paging ask for this many rows (spec 001 §9). */
export const UNPAGED_SIZE = 999;
export const SELECT_PAGE_SIZE = 20;

/** Query of every get<Entity>ListPage call. searchVal is the encrypted JSON filter list. */
export const ListPageQuery = Type.Object(
  {
    currentPage: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: UNPAGED_SIZE,
      default: DEFAULT_PAGE_SIZE,
      title: '每页条数',
    }),
    searchVal: Type.Optional(Type.String({ maxLength: 20_000, title: '查询条件' })),
    order: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^([+-][A-Za-z][A-Za-z0-9]*)(,[+-][A-Za-z][A-Za-z0-9]*)*$',
        title: '排序',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PageResult = <T extends import('typebox').TSchema>(row: T) =>
  Type.Object({ content: Type.Array(row), total: Type.Integer() });

/** `?id=` of detail, delete and status calls. */
/** Ids of master data and documents: PostgreSQL integer. */
export const RowId = (title = '编号') => Type.Integer({ minimum: 1, maximum: 2_147_483_647, title });
/**
 * Ids of rows that grow with activity (notifications, events, sessions, audit, and later report
 * work, movements, readings): bigint in the database, kept within JavaScript's safe integers.
 */
export const BigRowId = (title = '编号') =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, title });

export const IdQuery = Type.Object({ id: RowId() }, { additionalProperties: false });
export const BigIdQuery = Type.Object({ id: BigRowId() }, { additionalProperties: false });

/** The select list of pickers (spec 000 §7: page, limit, searchVal → records, total). */
export const SelectQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1, title: '页码' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, title: '每页条数' }),
    searchVal: Type.Optional(Type.String({ maxLength: 20_000, title: '查询条件' })),
  },
  { additionalProperties: false },
);

export const SelectResult = <T extends import('typebox').TSchema>(row: T) =>
  Type.Object({ records: Type.Array(row), total: Type.Integer() });

/**
 * The schema of a row a list or select answers: an entity's declared row (typed from its fields)
 * or a group's object schema. Either way an object whose fields generic screens read by name.
 */
export type RowSchema = TObject | TUnsafe<Record<string, unknown>>;

/** A paged list call (`get<Entity>ListPage`): the list query in, a page of rows out. */
export type PageEndpoint<S extends RowSchema = RowSchema> = Endpoint & {
  method: 'GET';
  query: typeof ListPageQuery;
  result: TObject<{ content: TArray<S>; total: TInteger }>;
};

/** A select list call (`get<Entity>List`): page, limit and searchVal in, `{records, total}` out. */
export type SelectEndpoint<S extends RowSchema = RowSchema> = Endpoint & {
  method: 'GET';
  query: typeof SelectQuery;
  result: TObject<{ records: TArray<S>; total: TInteger }>;
};
