import { ScanOutlined } from '@ant-design/icons';
import { type ScanCodeResult, warehouseApi } from '@factory/shared/api/warehouse';
import { App, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../platform/call.ts';
import { type DocLine, lineOfRow } from '../../platform/lines/declaredColumns.tsx';
import { isEmptyValue } from '../../platform/lines/lines.ts';
import { ApiError } from '../../platform/request.ts';
import { LINES, type StockDocKind } from './stockDocLines.tsx';

/** What a scan did to the lines: the lines after it, the line it concerns, and whether it added to one. */
export interface Scanned {
  lines: DocLine[];
  index: number;
  merged: boolean;
}

// quantities are exact to 6 decimals (numeric(18, 6)); a float sum is rounded back to them
const sum = (a: number, b: number) => Math.round((a + b) * 1e6) / 1e6;

/**
 * A scanned code on the lines (docs/warehouse.md, "Stock documents"): a line of the same material
 * and batch gets a package's quantity added (a package scanned twice is two packages); a batch
 * scanned again adds nothing, its quantity being the keeper's (or all that is available). Otherwise
 * a new line, in place of an empty one if there is one.
 */
export function addScanned(lines: readonly DocLine[], r: ScanCodeResult): Scanned {
  const quantity = r.quantity !== null && r.quantity > 0 ? r.quantity : undefined;
  const batch = r.batchCode ?? '';
  const same = lines.findIndex(
    (l) => l.materialsId === r.materialsId && String(l.batchCode ?? '').trim() === batch,
  );
  if (same >= 0) {
    const next = [...lines];
    const had = next[same].quantity;
    if (r.kind === 'package' && quantity !== undefined)
      next[same] = { ...next[same], quantity: typeof had === 'number' ? sum(had, quantity) : quantity };
    return { lines: next, index: same, merged: true };
  }
  const line = lineOfRow(LINES, {
    materialsId: r.materialsId,
    materialsName: r.materialsName,
    materialsCode: r.materialsCode,
    materialsSpecifications: r.materialsSpecifications,
    unitName: r.unitName,
    batchCode: r.batchCode ?? undefined,
    quantity,
  });
  const blank = lines.findIndex((l) => Object.values(l).every(isEmptyValue));
  if (blank >= 0)
    return { lines: lines.map((l, i) => (i === blank ? line : l)), index: blank, merged: false };
  return { lines: [...lines, line], index: lines.length, merged: false };
}

interface ScanBoxProps {
  kind: StockDocKind;
  warehouseId?: number;
  lines: readonly DocLine[];
  onChange(lines: DocLine[]): void;
  /** The lines editor's id: a line whose quantity is to be typed has its box found there. */
  editorId: string;
}

/**
 * 扫码录入 above a stock document's lines: Enter looks the code up (a package code or a batch
 * number) and puts it on the lines; the box clears for the next scan. Scans are taken in turn, so
 * a scanner's quick succession adds to the lines as they are after the one before.
 */
export function ScanBox({ kind, warehouseId, lines, onChange, editorId }: ScanBoxProps) {
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const latest = useRef(lines);
  latest.current = lines;
  const queue = useRef<Promise<void>>(Promise.resolve());
  // the quantity box to type in once the scanned line is drawn (seq: the same line twice)
  const [focus, setFocus] = useState<{ index: number; seq: number }>();

  useEffect(() => {
    if (!focus) return;
    document
      .getElementById(editorId)
      ?.querySelector<HTMLElement>(`[aria-label="第${focus.index + 1}行数量"]`)
      ?.focus();
  }, [focus, editorId]);

  const take = async (text: string) => {
    let found: ScanCodeResult;
    try {
      // a stock-out or transfer suggests what is available of a batch in its warehouse
      const where = kind !== 0 && warehouseId !== undefined ? { warehouseId } : {};
      found = await call(warehouseApi.scanCode, { code: text, ...where });
    } catch (err) {
      // the request client has said why, unless it stayed silent
      if (err instanceof ApiError && err.silent) message.error(err.message);
      return;
    }
    const done = addScanned(latest.current, found);
    latest.current = done.lines;
    onChange(done.lines);
    const row = done.index + 1;
    const quantity = done.lines[done.index].quantity;
    const added = found.kind === 'package' && !!found.quantity;
    if (found.kind === 'batch' && found.quantity === 0)
      message.warning(`批次“${found.code}”在所选仓库没有可用库存，请核对`);
    else if (done.merged && added)
      message.success(`第${row}行已加 ${found.quantity} ${found.unitName ?? ''}`.trim());
    else if (done.merged) message.info(`“${found.code}”已在第${row}行，请核对数量`);
    // what the scan could not count is the keeper's to type
    if (typeof quantity !== 'number' || (done.merged && !added))
      setFocus((f) => ({ index: done.index, seq: (f?.seq ?? 0) + 1 }));
  };

  const onEnter = () => {
    const text = code.trim();
    setCode('');
    if (!text) return;
    queue.current = queue.current.then(() => take(text));
  };

  return (
    <Input
      value={code}
      onChange={(e) => setCode(e.target.value)}
      onPressEnter={(e) => {
        // a scanner's Enter must not submit anything around the box
        e.preventDefault();
        onEnter();
      }}
      prefix={<ScanOutlined />}
      placeholder="扫描或输入批次号/包装码，回车录入"
      aria-label="扫码录入"
      allowClear
      autoFocus
      style={{ maxWidth: 420 }}
    />
  );
}
