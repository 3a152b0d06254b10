import {
  MARKET_BASE,
  type MarketCategory,
  type MarketDetail,
  type MarketDetailAdd,
  type MarketDetailUpdate,
} from '@factory/shared/api/market';
import { encryptText } from '@factory/shared/crypto';
import { api } from '../../platform/request.ts';

const TYPE = `${MARKET_BASE}marketType/`;
const DETAIL = `${MARKET_BASE}marketDetail/`;

/** The application market's calls (docs/api.md, market). */
export const marketApi = {
  /** One tab's groups with their applications, optionally only those whose name contains the keyword. */
  async tab(tableId: number, keyword: string): Promise<MarketCategory | undefined> {
    const searchVal = await encryptText(
      JSON.stringify([{ fieldName: 'tableId', operator: 'eq', fieldValue: tableId }]),
    );
    const list = await api.get<MarketCategory[]>(`${TYPE}getMarketTypeList`, {
      searchVal,
      searchKeyword: keyword || undefined,
    });
    return list[0];
  },
  detail: (id: number) => api.get<MarketDetail>(`${DETAIL}getMarketDetailDetail`, { id }),
  add: (body: MarketDetailAdd) => api.post<MarketDetail>(`${DETAIL}addMarketDetail`, body),
  update: (body: MarketDetailUpdate) => api.put<MarketDetail>(`${DETAIL}updateOne`, body),
  remove: (id: number) => api.del<null>(`${DETAIL}deleteOne`, { id }),
};
