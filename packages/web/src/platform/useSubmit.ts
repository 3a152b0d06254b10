import { useCallback, useRef, useState } from 'react';
import { ApiError } from './request.ts';

/** An antd form's rejection from `validateFields`: the fields already show what is wrong. */
export const isValidationError = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'errorFields' in err;

/**
 * The one submit wrapper of dialogs and forms. `run(work)` runs one submit at a time — a second
 * call while one runs (a double click in one frame, before `saving` disables the button) is
 * dropped via a ref — and sets `saving` for the spinner. It ends quietly on an ApiError (the
 * request client has already shown why) and on a form validation rejection (the form shows it);
 * anything else is a programming error and is rethrown, never swallowed.
 */
export function useSubmit() {
  const [saving, setSaving] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (work: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    try {
      await work();
    } catch (err) {
      if (!(err instanceof ApiError) && !isValidationError(err)) throw err;
    } finally {
      running.current = false;
      setSaving(false);
    }
  }, []);
  return { saving, run };
}
