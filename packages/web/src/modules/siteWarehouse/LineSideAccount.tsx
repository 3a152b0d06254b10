import { lineSideApi } from '@factory/shared/api/warehouse';
import { type AccountSource, AccountView } from '../warehouse/index.ts';
import { LINE_SIDE_WAREHOUSES, lineSideMovements } from './lineSideParts.ts';

const LINE_SIDE_ACCOUNT: AccountSource = {
  title: '线边仓台账',
  list: lineSideApi.account,
  exportPath: lineSideApi.accountExport.path,
  routeName: 'sitWarehouseAccount',
  warehouses: LINE_SIDE_WAREHOUSES,
  movements: lineSideMovements('sitWarehouseAccount'),
};

/**
 * /site-warehouse/sit-warehouse-account: the inventory account (opening + in − out = closing) of
 * the line-side warehouses only — what picks brought to the lines and what the work consumed.
 */
export default function LineSideAccount() {
  return <AccountView source={LINE_SIDE_ACCOUNT} />;
}
