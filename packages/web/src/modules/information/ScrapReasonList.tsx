import { scrapReasonEntity } from '@factory/shared/entities/params';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/params/scarp-reason: why parts are scrapped, for reports and Pareto charts. */
export default function ScrapReasonList() {
  return <CrudPage entity={scrapReasonEntity} suggestCode />;
}
