import { HandleForm } from './HandleForm.tsx';

/** /mould/mould-inStock: the stock-in document (入库) of a mould pending stock-in. */
export default function MouldInStock() {
  return <HandleForm fixedType={0} />;
}
