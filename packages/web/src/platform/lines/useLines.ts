import { App } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../request.ts';
import { useSubmit } from '../useSubmit.ts';
import type { LinesEditorHandle } from './LinesEditor.tsx';
import { type LineColumn, serverLineErrors } from './lines.ts';

/**
 * A document's lines saved as a whole: the lines, the editor's props, and `save`, which checks
 * every line first, sends them, says 保存成功, and puts the server's per-line faults
 * (`<listName>.N.field`) on their cells.
 */
export function useLines<T>(columns: readonly LineColumn<T>[], listName: string) {
  const { message } = App.useApp();
  const ref = useRef<LinesEditorHandle>(null);
  const [lines, setLines] = useState<T[]>([]);
  const { saving, run } = useSubmit();

  /** True once saved; false when a line is wrong or the server refused (it has said why). */
  const save = async (send: (lines: T[]) => Promise<unknown>): Promise<boolean> => {
    if (!ref.current?.validate()) return false;
    let saved = false;
    await run(async () => {
      try {
        await send(lines);
        message.success('保存成功');
        saved = true;
      } catch (err) {
        if (err instanceof ApiError) ref.current?.showErrors(serverLineErrors(err.fields, listName, columns));
        throw err;
      }
    });
    return saved;
  };

  return { lines, setLines, saving, save, editor: { ref, value: lines, onChange: setLines, columns } };
}
