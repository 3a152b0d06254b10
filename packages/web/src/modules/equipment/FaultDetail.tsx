/** /equipment/all-assign/equipment-fault-detail/:id: the repair order's page as the fault list shows it. */
export { FaultDetail as default } from './RepairDetail.tsx';
