import { batchNumberEntity } from '@factory/shared/entities/labels';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/print-label/batch-number: lot numbers for materials, numbered by the code rule. */
export default function BatchNumberList() {
  return <CrudPage entity={batchNumberEntity} />;
}
