import { procedureParamEntity } from '@factory/shared/entities/params';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/params/procedure-params: what operators record when they report a procedure. */
export default function ProcedureParamList() {
  return <CrudPage entity={procedureParamEntity} suggestCode />;
}
