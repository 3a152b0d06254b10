import { trayEntity } from '@factory/shared/entities/warehouse';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/warehouse-info/tray-info: the pallets goods are stacked and moved on. */
export default function TrayList() {
  return <CrudPage entity={trayEntity} suggestCode />;
}
