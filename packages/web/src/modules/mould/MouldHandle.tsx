import { HandleForm } from './HandleForm.tsx';

/** /mould/mould-handle: a handling document (借用, 归还, 送修, 修复, 报废) for a mould, or one to edit. */
export default function MouldHandle() {
  return <HandleForm />;
}
