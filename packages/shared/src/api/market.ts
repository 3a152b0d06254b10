import { type Static, type TSchema, Type } from 'typebox';
import { endpoint } from './contract.ts';
import { IdQuery } from './list.ts';

/**
 * The application market (spec 000 §1, §2, §3, §7 Market): the provider's catalogue of paid
 * add-on applications, shared by every tenant. There is no self-service purchase: 获取 only asks
 * the customer to contact the provider.
 */

export const MARKET_BASE = 'market/private/';
/** A market picture is served without a token at `${MARKET_PICTURE_URL}/<id>` (catalogue pictures are not secret). */
export const MARKET_PICTURE_URL = 'market/public/picture';
export const marketPictureUrl = (id: string) => `/api/web/v1/${MARKET_PICTURE_URL}/${id}`;

/** The ten tabs in the spec's order; a tab's value (tableId) is its 1-based index. */
export const MARKET_TABS = [
  '生产',
  '物料',
  '商务',
  '仓库',
  '工装模具',
  '设备',
  '质检',
  '看板',
  '变压器行业',
  '其他',
] as const;
export const marketTabName = (tableId: number) => MARKET_TABS[tableId - 1];

/** The provider's sales line, shown in the 咨询 box (the catalogue is the provider's, so is the contact). */
export const MARKET_CONTACT = { name: '智造云服务商 商务部', phone: '400-826-1688' } as const;

/** Price suffix (spec 000 §9: 'yuan and up'). */
export const COST_SUFFIX = '元起';
export const COST_MAX = 99_999_999.99;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;
/** Rich text (introduction, payment) as HTML, after sanitising. */
export const RICH_TEXT_MAX = 100_000;

export const marketMessages = {
  /** spec 000 §8 */
  added: '添加成功',
  /** spec 000 §8 (with exclamation for the market) */
  deleted: '删除成功!',
  saved: '修改成功',
  consultTitle: '咨询',
  consult: '该应用需由服务商为您开通，请联系服务商咨询开通事宜。',
  costRequired: '请输入价格',
  pictureRequired: '请上传图片',
  pictureInvalid: '图片无效，请重新上传',
  costScale: '价格最多保留两位小数',
  typeMissing: '应用分组不存在或已被删除',
} as const;

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** An application as a card shows it. */
export const MarketCard = Type.Object({
  id: Type.Integer(),
  marketTypeId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  cost: Type.Number(),
  picture: nullable(Type.String()),
});
export type MarketCard = Static<typeof MarketCard>;

/** A group (market type) of one tab with its applications. */
export const MarketType = Type.Object({
  id: Type.Integer(),
  tableId: Type.Integer(),
  name: Type.String(),
  marketDetailList: Type.Array(MarketCard),
});
export type MarketType = Static<typeof MarketType>;

/**
 * getMarketTypeList's result: one element per tab asked for (the tableId filter asks for one), with
 * the tab's groups in display order. The spec's client showed the first element's list reversed;
 * here the server sends the display order (group sort, then creation), so the client shows it as it
 * comes. With a keyword, only groups with a matching application are sent.
 */
export const MarketCategory = Type.Object({
  tableId: Type.Integer(),
  tableName: Type.String(),
  marketTypeList: Type.Array(MarketType),
});
export const MarketTypeListResult = Type.Array(MarketCategory);
export type MarketCategory = Static<typeof MarketCategory>;

export const MarketTypeListQuery = Type.Object(
  {
    /** Encrypted filter list; tableId (eq) is the tab. */
    searchVal: Type.Optional(Type.String({ maxLength: 2_000, title: '查询条件' })),
    /** Part of an application's name. */
    searchKeyword: Type.Optional(Type.String({ maxLength: NAME_MAX, title: '应用名称' })),
  },
  { additionalProperties: false },
);

export const MarketDetailListQuery = Type.Object(
  {
    /** Encrypted filter list: tableId, marketTypeId (eq), name (like). */
    searchVal: Type.Optional(Type.String({ maxLength: 2_000, title: '查询条件' })),
  },
  { additionalProperties: false },
);

/** An application with its group, tab and rich text (getMarketDetailDetail). */
export const MarketDetail = Type.Object({
  ...MarketCard.properties,
  marketTypeName: Type.String(),
  tableId: Type.Integer(),
  tableName: Type.String(),
  introduction: Type.String(),
  payment: Type.String(),
});
export type MarketDetail = Static<typeof MarketDetail>;

/** The add dialog's payload (spec 000 §3): every field required (§5). */
export const MarketDetailAdd = Type.Object(
  {
    marketTypeId: Type.Integer({ minimum: 1, title: '应用分组' }),
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, title: '名称' }),
    description: Type.String({ minLength: 1, maxLength: DESCRIPTION_MAX, title: '描述' }),
    // Required too; the handler checks these two so a missing one reads 请输入价格 / 请上传图片
    // (the schema's message would be 请选择价格 / 请输入图片).
    cost: Type.Optional(Type.Number({ minimum: 0, maximum: COST_MAX, title: '价格' })),
    /** The uploaded image's URL. */
    picture: Type.Optional(Type.String({ maxLength: 500, title: '图片' })),
  },
  { additionalProperties: false },
);
export type MarketDetailAdd = Static<typeof MarketDetailAdd>;

/** The detail page's edit mode: the two rich texts (spec 000 §7 updateOne: id, introduction, payment). */
export const MarketDetailUpdate = Type.Object(
  {
    id: Type.Integer({ minimum: 1, title: '编号' }),
    introduction: Type.String({ maxLength: RICH_TEXT_MAX, title: '介绍' }),
    payment: Type.String({ maxLength: RICH_TEXT_MAX, title: '付费方式' }),
  },
  { additionalProperties: false },
);
export type MarketDetailUpdate = Static<typeof MarketDetailUpdate>;

const TYPE = `${MARKET_BASE}marketType/`;
const DETAIL = `${MARKET_BASE}marketDetail/`;

/**
 * The application market's endpoints. Every signed-in user reads the catalogue; only the
 * provider's own tenant changes it, and there only users holding the page's button keys.
 */
export const marketApi = {
  typeList: endpoint({
    method: 'GET',
    path: `${TYPE}getMarketTypeList`,
    summary: '应用市场：按页签（searchVal 的 tableId）与应用名称关键字列出应用分组及其应用',
    access: { session: true },
    query: MarketTypeListQuery,
    result: MarketTypeListResult,
  }),
  list: endpoint({
    method: 'GET',
    path: `${DETAIL}getMarketDetailList`,
    summary: '应用列表（searchVal：tableId、marketTypeId、name）',
    access: { session: true },
    query: MarketDetailListQuery,
    result: Type.Array(MarketCard),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${DETAIL}getMarketDetailDetail`,
    summary: '应用详情（含介绍与付费方式）',
    access: { session: true },
    query: IdQuery,
    result: MarketDetail,
  }),
  add: endpoint({
    method: 'POST',
    path: `${DETAIL}addMarketDetail`,
    summary: '新增应用（仅服务商）：图片为本企业上传的图片，复制为所有企业可见的应用图片',
    access: { keys: ['ApplyMarketAdd'], provider: true },
    body: MarketDetailAdd,
    result: MarketDetail,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${DETAIL}updateOne`,
    summary: '修改应用介绍与付费方式（仅服务商；富文本经清理后保存）',
    access: { keys: ['applyDetailsModify', 'ApplyMarketModify'], provider: true },
    body: MarketDetailUpdate,
    result: MarketDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${DETAIL}deleteOne`,
    summary: '删除应用（仅服务商）',
    access: { keys: ['applyDetailsDel', 'ApplyMarketDel'], provider: true },
    query: IdQuery,
  }),
  picture: endpoint({
    method: 'GET',
    path: `${MARKET_PICTURE_URL}/:id`,
    summary: '应用图片（公开：应用目录对所有企业可见，无需令牌）',
    access: { public: true },
  }),
};
