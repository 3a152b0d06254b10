import type { LinesDecl } from '@factory/shared/entities/define';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../request.ts';
import { type DocLine, lineCountFault, lineOfRow } from './declaredColumns.tsx';
import type { LinesEditorHandle } from './LinesEditor.tsx';
import { type LineColumn, serverLineErrors } from './lines.ts';

/** The body's name of a document's lines (`EntityDecl.lines`): the server's faults say `lines.N.field`. */
export const LINES_KEY = 'lines';

/**
 * The lines of a document declared with `EntityDecl.lines`, for a form that saves the document
 * with its lines in one call: the editor's props, `load` from the detail, `check` before sending
 * (the declared number of lines and every line's faults, said in a message and on the cells), and
 * `showServerErrors`, which puts a refusal's `lines.N.field` faults on their cells.
 */
export function useDocumentLines(decl: LinesDecl, columns: readonly LineColumn<DocLine>[]) {
  const { message } = App.useApp();
  const ref = useRef<LinesEditorHandle>(null);
  const [lines, setLines] = useState<DocLine[]>([]);

  const load = useCallback(
    (rows: readonly Record<string, unknown>[]) => setLines(rows.map((r) => lineOfRow(decl, r))),
    [decl],
  );

  /** True when the lines can be sent; otherwise it has said what is wrong. */
  const check = (): boolean => {
    const fault = lineCountFault(decl, lines.length);
    const ok = ref.current?.validate() ?? true;
    if (fault) {
      message.error(fault);
      return false;
    }
    if (!ok) message.error(`${decl.label}中有需要修改的内容，请按提示修改`);
    return ok;
  };

  /** A refusal's faults of lines on their cells (the request client has shown its message); true when any. */
  const showServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiError)) return false;
    const found = serverLineErrors(err.fields, LINES_KEY, columns);
    if (found.length) ref.current?.showErrors(found);
    return found.length > 0;
  };

  return {
    lines,
    setLines,
    load,
    check,
    showServerErrors,
    editor: { ref, value: lines, onChange: setLines, columns },
  };
}
