import { type MarketCategory, marketApi } from '@factory/shared/api/market';
import { encryptText } from '@factory/shared/crypto';
import { client } from '../../platform/call.ts';

/** The application market's calls (docs/api.md, market). */
export const market = client(marketApi);

/** One tab's groups with their applications, optionally only those whose name contains the keyword. */
export async function marketTab(tableId: number, keyword: string): Promise<MarketCategory | undefined> {
  const searchVal = await encryptText(
    JSON.stringify([{ fieldName: 'tableId', operator: 'eq', fieldValue: tableId }]),
  );
  const list = await market.typeList({ searchVal, searchKeyword: keyword || undefined });
  return list[0];
}
