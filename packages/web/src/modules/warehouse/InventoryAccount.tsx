import { warehouseApi } from '@factory/shared/api/warehouse';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { type AccountSource, AccountView } from './accountView.tsx';
import StockCountList from './StockCountList.tsx';

/** The warehouse's account (库存台账): every warehouse, the whole ledger. */
const LEDGER_ACCOUNT: AccountSource = {
  title: '库存台账',
  list: warehouseApi.account,
  exportPath: warehouseApi.accountExport.path,
  routeName: 'inventoryAccount',
};

const Account = () => <AccountView source={LEDGER_ACCOUNT} />;

const TABS = ['account', 'counts'] as const;
type Tab = (typeof TABS)[number];

/**
 * /warehouse/inventory-info/inventory-account: the inventory account, and on its second tab the
 * stock count sheets (盘点) that correct it.
 */
export default function InventoryAccount() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'counts' ? 'counts' : 'account';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) =>
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            if (k === 'account') next.delete('tab');
            else next.set('tab', k);
            return next;
          },
          { replace: true },
        )
      }
      items={[
        { key: 'account', label: '库存台账', children: <Account /> },
        { key: 'counts', label: '盘点', children: <StockCountList /> },
      ]}
      destroyOnHidden
    />
  );
}
