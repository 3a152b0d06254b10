import { pieceRateEntity } from '@factory/shared/entities/reportWork';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/**
 * /plans/plans-settings/piece-rate: what a good unit of a procedure pays and a defect unit costs,
 * for every product or for one product (which then overrides the procedure's rate).
 */
export default function PieceRateList() {
  return <CrudPage entity={pieceRateEntity} />;
}
