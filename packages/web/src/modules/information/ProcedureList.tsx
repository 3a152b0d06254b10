import { procedureEntity } from '@factory/shared/entities/information';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/factory-info/procedure-list: the procedures process flows are made of. */
export default function ProcedureList() {
  return <CrudPage entity={procedureEntity} suggestCode />;
}
