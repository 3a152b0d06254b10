import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { importMessages } from '@factory/shared/api/import';
import type { UnpackLimits } from '../../config.ts';
import { invalid } from '../errors.ts';

const MB = 1024 * 1024;
/** Below this a part's compression ratio is not judged: 1 MB of anything is harmless, and small repetitive parts compress far. */
const RATIO_GRACE_BYTES = MB;

const mb = (bytes: number) => Number((bytes / MB).toFixed(2));

/** The refusals of an upload over an UnpackLimits limit: each names its limit. */
export const unpackMessages = {
  entries: (n: number) => `文件包含的部件超过 ${n} 个，请在 Excel 中另存为 .xlsx 后再导入`,
  total: (bytes: number) => `文件解压后超过 ${mb(bytes)} MB，请拆分后再导入`,
  sheet: (bytes: number) => `工作表解压后超过 ${mb(bytes)} MB，请拆分后再导入`,
  sharedStrings: (bytes: number) => `表格中的文字解压后超过 ${mb(bytes)} MB，请拆分后再导入`,
  part: (bytes: number) => `表格的结构或样式部分解压后超过 ${mb(bytes)} MB，请清除多余的格式后再导入`,
  ratio: (ratio: number) => `文件的压缩比超过 ${ratio} 倍，不像正常的表格文件，已拒绝导入`,
  rows: (n: number) => `工作表超过 ${n} 行（含空行），请删除多余的行或拆分后再导入`,
  columns: (n: number) => `工作表超过 ${n} 列，请删除多余的列后再导入`,
} as const;

/** Which limit a part is held to besides the total and the ratio. */
export type PartKind = 'sheet' | 'sharedStrings' | 'part';

interface Entry {
  name: string;
  method: number;
  packed: number;
  /** As the central directory declares it; the reader also counts what inflating really gives. */
  size: number;
  localHeader: number;
}

const format = () => invalid(importMessages.format);
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const U32 = 0xffffffff;

/** A u64 that must fit a JS number (anything in a 5 MB upload does). */
function u64(buf: Buffer, at: number): number {
  const n = buf.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw format();
  return Number(n);
}

/** Count, size and offset of the central directory, from the (zip64) end record. */
function endRecord(buf: Buffer) {
  const from = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.length - 22; at >= from; at--) {
    if (buf.readUInt32LE(at) !== SIG_EOCD) continue;
    let count = buf.readUInt16LE(at + 10);
    let offset = buf.readUInt32LE(at + 16);
    if ((count === 0xffff || offset === U32) && at >= 20 && buf.readUInt32LE(at - 20) === SIG_ZIP64_LOCATOR) {
      const record = u64(buf, at - 12);
      if (record + 56 > buf.length || buf.readUInt32LE(record) !== SIG_ZIP64_EOCD) throw format();
      count = u64(buf, record + 32);
      offset = u64(buf, record + 48);
    }
    return { count, offset };
  }
  throw format();
}

/** The sizes and offset a zip64 extra field (id 1) holds for those the record marks 0xffffffff. */
function applyZip64(entry: Entry, extra: Buffer): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 1) {
      let q = p + 4;
      const next = () => {
        if (q + 8 > p + 4 + length || q + 8 > extra.length) throw format();
        q += 8;
        return u64(extra, q - 8);
      };
      if (entry.size === U32) entry.size = next();
      if (entry.packed === U32) entry.packed = next();
      if (entry.localHeader === U32) entry.localHeader = next();
      return;
    }
    p += 4 + length;
  }
}

/**
 * An uploaded zip (the xlsx container), read from its central directory with the UnpackLimits
 * size limits enforced: the number of entries before any is looked at, each part's size, the
 * total and the ratio before the part is inflated, and while it inflates that it gives no more
 * than it declared. Only the parts asked for are ever inflated.
 */
export class UploadZip {
  private readonly entries = new Map<string, Entry>();
  /** Declared sizes of the parts read so far. */
  private admitted = 0;

  constructor(
    private readonly buf: Buffer,
    private readonly limits: UnpackLimits,
  ) {
    const { count, offset } = endRecord(buf);
    if (count > limits.maxEntries) throw invalid(unpackMessages.entries(limits.maxEntries));
    let p = offset;
    for (let i = 0; i < count; i++) {
      if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CENTRAL) throw format();
      const nameLength = buf.readUInt16LE(p + 28);
      const extraLength = buf.readUInt16LE(p + 30);
      const end = p + 46 + nameLength + extraLength + buf.readUInt16LE(p + 32);
      if (end > buf.length) throw format();
      // bit 0: encrypted; an encrypted xlsx is an OLE file, so this is no workbook of ours
      if (buf.readUInt16LE(p + 8) & 1) throw format();
      const entry: Entry = {
        name: buf.toString('utf8', p + 46, p + 46 + nameLength),
        method: buf.readUInt16LE(p + 10),
        packed: buf.readUInt32LE(p + 20),
        size: buf.readUInt32LE(p + 24),
        localHeader: buf.readUInt32LE(p + 42),
      };
      applyZip64(entry, buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
      // part names are case-insensitive (OPC); the first of a name counts
      const key = entry.name.toLowerCase();
      if (!this.entries.has(key)) this.entries.set(key, entry);
      p = end;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** The part's bytes as they inflate, or undefined when there is no such part. */
  read(name: string, kind: PartKind): AsyncGenerator<Buffer> | undefined {
    const entry = this.entries.get(name.toLowerCase());
    return entry && this.inflate(entry, kind);
  }

  /** Refuses a part whose declared size is over its kind's limit, the total or the ratio. */
  private admit(entry: Entry, kind: PartKind): void {
    const l = this.limits;
    const [max, message] =
      kind === 'sheet'
        ? [l.maxSheetBytes, unpackMessages.sheet(l.maxSheetBytes)]
        : kind === 'sharedStrings'
          ? [l.maxSharedStringsBytes, unpackMessages.sharedStrings(l.maxSharedStringsBytes)]
          : [l.maxPartBytes, unpackMessages.part(l.maxPartBytes)];
    if (entry.size > max) throw invalid(message);
    this.admitted += entry.size;
    if (this.admitted > l.maxTotalBytes) throw invalid(unpackMessages.total(l.maxTotalBytes));
    if (entry.size > RATIO_GRACE_BYTES && entry.size > l.maxRatio * entry.packed)
      throw invalid(unpackMessages.ratio(l.maxRatio));
  }

  /**
   * A part is admitted by its declared size, before a byte is inflated, and then held to it while
   * it inflates: a part that gives more than it declared is cut off at the first chunk beyond
   * and refused as malformed. So no part costs more than the limits, whatever it declares.
   */
  private async *inflate(entry: Entry, kind: PartKind): AsyncGenerator<Buffer> {
    const { buf } = this;
    const at = entry.localHeader;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== SIG_LOCAL) throw format();
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    if (start + entry.packed > buf.length) throw format();
    const packed = buf.subarray(start, start + entry.packed);
    this.admit(entry, kind);
    let source: Readable;
    if (entry.method === 0) source = Readable.from([packed]);
    else if (entry.method === 8) {
      const inflater = createInflateRaw();
      inflater.end(packed);
      source = inflater;
    } else throw format();
    let size = 0;
    try {
      // zlib hands out 16 KB at a time and waits while the reader does not ask for more
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > entry.size) throw format();
        yield chunk;
      }
    } catch (err) {
      throw err instanceof Error && 'code' in err && String(err.code).startsWith('Z_') ? format() : err;
    } finally {
      source.destroy();
    }
  }
}
