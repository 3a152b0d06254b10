import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflate } from 'node:zlib';
import { AppError, invalid } from '../../platform/errors.ts';

/**
 * Full structure checks for the types an upload is most easily faked as (issue 17 item 5): the
 * first bytes say what a file claims to be, these say whether it is one.
 *
 * - PNG is decoded: every chunk's CRC, IHDR first with a legal colour type and bit depth, PLTE
 *   where the colour type needs it, IDAT chunks in one run, IEND last with nothing after it, no
 *   unknown critical chunk; the image data is inflated (zlib checks its Adler-32) and must be
 *   exactly the scanlines IHDR announces (Adam7 passes included), each with a filter byte 0–4.
 *   Unfiltering cannot fail once that holds, so that is the whole decode short of pixel values.
 * - JPEG is walked segment by segment to EOI: SOI first, one frame header with a legal precision,
 *   size and components, well-formed DQT and DHT tables, every scan header naming the frame's
 *   components after the quantisation tables they use, the entropy-coded data read through to
 *   the next marker. The Huffman data itself is not decoded. Bytes after EOI are allowed: phones
 *   append motion-photo video and maker data there; the file is served as image/jpeg with nosniff.
 * - PDF: a `%PDF-1.x`/`%PDF-2.0` header, `startxref <offset>` and `%%EOF` in the last kilobyte,
 *   and the offset landing on a cross-reference table (whose first in-use entry points at a
 *   numbered `obj`, and whose `trailer` names a `/Root`) or on a cross-reference stream object
 *   (`/Type /XRef` with a `/Root`).
 *
 * The file is read front to back through one block (uploads reach 20 MB and several run at once);
 * inflating runs on libuv's thread pool, not on the event loop.
 */

/** A PNG decodes to at most this many pixels: it bounds the inflating work (≤ 8 bytes a pixel). */
export const PNG_MAX_PIXELS = 50_000_000;

export const structureMessages = {
  imageCorrupt: '图片文件不完整或已损坏，无法读取',
  imageTooManyPixels: `图片像素过多，不能超过${PNG_MAX_PIXELS / 10_000}万像素`,
  pdfCorrupt: '不是有效的PDF文件（文件结构不完整或已损坏）',
} as const;

const BLOCK = 64 * 1024;

/** Reads a file through one cached block. */
class Bytes {
  private block = Buffer.alloc(0);
  private blockAt = 0;

  constructor(
    private readonly fh: FileHandle,
    readonly size: number,
  ) {}

  /** Exactly `length` bytes at `pos`, or undefined when the file ends before them. */
  async at(pos: number, length: number): Promise<Buffer | undefined> {
    if (pos < 0 || length < 0 || pos + length > this.size) return undefined;
    if (pos < this.blockAt || pos + length > this.blockAt + this.block.length) {
      const want = Math.min(Math.max(BLOCK, length), this.size - pos);
      // a fresh buffer each time: views handed out earlier stay valid
      const buf = Buffer.alloc(want);
      const { bytesRead } = await this.fh.read(buf, 0, want, pos);
      if (bytesRead < length) return undefined;
      this.block = buf.subarray(0, bytesRead);
      this.blockAt = pos;
    }
    return this.block.subarray(pos - this.blockAt, pos - this.blockAt + length);
  }

  /** From `pos` to the end of a block (at most 64 KiB, fewer only at the end of the file). */
  view(pos: number): Promise<Buffer | undefined> {
    return this.at(pos, Math.min(BLOCK, this.size - pos));
  }
}

// ---- PNG -------------------------------------------------------------------------------------

const imageCorrupt = () => invalid(structureMessages.imageCorrupt);

/** Bit depths each colour type allows, and its samples per pixel. */
const PNG_COLOUR: Record<number, { samples: number; depths: readonly number[] }> = {
  0: { samples: 1, depths: [1, 2, 4, 8, 16] },
  2: { samples: 3, depths: [8, 16] },
  3: { samples: 1, depths: [1, 2, 4, 8] },
  4: { samples: 2, depths: [8, 16] },
  6: { samples: 4, depths: [8, 16] },
};

/** Adam7 passes: first column and row, column and row step. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Scanlines {
  rows: number;
  /** Filter byte plus the packed pixels of one row. */
  length: number;
}

/** The scanlines the inflated image data must consist of, pass by pass. */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): Scanlines[] {
  const line = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [{ rows: height, length: line(width) }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    columns: Math.ceil((width - x0) / dx),
    rows: Math.ceil((height - y0) / dy),
  }))
    .filter((p) => p.columns > 0 && p.rows > 0)
    .map((p) => ({ rows: p.rows, length: line(p.columns) }));
}

/** Takes the inflated image data: exactly the announced scanlines, each starting with a filter type 0–4. */
class ScanlineCheck extends Writable {
  private pass = 0;
  private row = 0;
  private inRow = 0;
  private received = 0;
  private readonly expected: number;

  constructor(private readonly passes: Scanlines[]) {
    super();
    this.expected = passes.reduce((n, p) => n + p.rows * p.length, 0);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.received += chunk.length;
    done(this.check(chunk));
  }

  /** Follows the rows through one piece of inflated data; answers the refusal, if any. */
  private check(chunk: Buffer): Error | null {
    if (this.received > this.expected) return imageCorrupt();
    for (let i = 0; i < chunk.length; ) {
      const pass = this.passes[this.pass];
      if (this.inRow === 0 && chunk[i] > 4) return imageCorrupt();
      const step = Math.min(pass.length - this.inRow, chunk.length - i);
      i += step;
      this.inRow += step;
      if (this.inRow === pass.length) {
        this.inRow = 0;
        if (++this.row === pass.rows) {
          this.row = 0;
          this.pass++;
        }
      }
    }
    return null;
  }

  override _final(done: (error?: Error | null) => void): void {
    done(this.received === this.expected ? null : imageCorrupt());
  }
}

const PNG_KNOWN_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/**
 * Walks the chunks after IHDR, checking each CRC and the chunk order, and yields the image data
 * (the IDAT contents) for the inflater; returns at a well-placed IEND.
 */
async function* pngImageData(bytes: Bytes, colourType: number): AsyncGenerator<Buffer> {
  let pos = 33; // signature (8) + IHDR (25)
  let palette = false;
  let dataSeen = false;
  let dataEnded = false;
  for (;;) {
    const head = await bytes.at(pos, 8);
    if (!head) throw imageCorrupt();
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    const end = pos + 8 + length;
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type) || end + 4 > bytes.size) throw imageCorrupt();
    const isData = type === 'IDAT';
    if (isData) {
      // one run of IDAT chunks, after the palette an indexed image needs
      if (dataEnded || (colourType === 3 && !palette)) throw imageCorrupt();
      dataSeen = true;
    } else if (dataSeen) dataEnded = true;
    if (type === 'IHDR') throw imageCorrupt();
    if (type === 'PLTE') {
      if (palette || dataSeen || length === 0 || length % 3 !== 0 || length > 768) throw imageCorrupt();
      if (colourType === 0 || colourType === 4) throw imageCorrupt();
      palette = true;
    }
    // a decoder must refuse a critical chunk it does not know (bit 5 of the first byte clear)
    if (!(head[4] & 0x20) && !PNG_KNOWN_CRITICAL.has(type)) throw imageCorrupt();
    let crc = crc32(head.subarray(4, 8));
    for (let p = pos + 8; p < end; p += BLOCK) {
      const piece = (await bytes.at(p, Math.min(BLOCK, end - p))) as Buffer;
      crc = crc32(piece, crc);
      if (isData) yield piece;
    }
    const stored = await bytes.at(end, 4);
    if (!stored || stored.readUInt32BE(0) !== crc) throw imageCorrupt();
    pos = end + 4;
    if (type === 'IEND') {
      if (length !== 0 || !dataEnded || pos !== bytes.size) throw imageCorrupt();
      return;
    }
  }
}

/** Decodes a PNG (see the top of this file); answers its size or refuses it. */
export async function verifyPng(fh: FileHandle, size: number): Promise<{ width: number; height: number }> {
  const bytes = new Bytes(fh, size);
  const ihdr = await bytes.at(8, 25);
  if (ihdr?.readUInt32BE(0) !== 13 || ihdr.toString('latin1', 4, 8) !== 'IHDR') throw imageCorrupt();
  if (crc32(ihdr.subarray(4, 21)) !== ihdr.readUInt32BE(21)) throw imageCorrupt();
  const width = ihdr.readUInt32BE(8);
  const height = ihdr.readUInt32BE(12);
  const [depth, colourType, compression, filter, interlace] = ihdr.subarray(16, 21);
  const colour = PNG_COLOUR[colourType];
  if (
    width === 0 ||
    height === 0 ||
    width > 0x7fffffff ||
    height > 0x7fffffff ||
    !colour?.depths.includes(depth) ||
    compression !== 0 ||
    filter !== 0 ||
    interlace > 1
  )
    throw imageCorrupt();
  if (width * height > PNG_MAX_PIXELS) throw invalid(structureMessages.imageTooManyPixels);
  const check = new ScanlineCheck(scanlines(width, height, colour.samples * depth, interlace === 1));
  try {
    await pipeline(pngImageData(bytes, colourType), createInflate(), check);
  } catch (error) {
    // zlib's refusals (bad header, bad Adler-32, data cut short) are a corrupt image like ours
    if (error instanceof AppError || !String((error as { code?: unknown }).code).startsWith('Z_'))
      throw error;
    throw imageCorrupt();
  }
  return { width, height };
}

// ---- JPEG ------------------------------------------------------------------------------------

/** Frame headers (SOFn); C4, C8 and CC are DHT, JPG and DAC. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const JPEG_LOSSLESS = new Set([0xc3, 0xc7, 0xcb, 0xcf]);

interface JpegFrame {
  width: number;
  height: number;
  lossless: boolean;
  components: Set<number>;
  quantTables: Set<number>;
}

function jpegFrame(marker: number, body: Buffer): JpegFrame {
  if (body.length < 6) throw imageCorrupt();
  const precision = body[0];
  const height = body.readUInt16BE(1);
  const width = body.readUInt16BE(3);
  const count = body[5];
  const lossless = JPEG_LOSSLESS.has(marker);
  // height 0 (size given later by DNL) is legal but unused by cameras and editors: refused
  if (
    width === 0 ||
    height === 0 ||
    count < 1 ||
    count > 4 ||
    body.length !== 6 + 3 * count ||
    (lossless ? precision < 2 || precision > 16 : precision !== 8 && precision !== 12)
  )
    throw imageCorrupt();
  const frame: JpegFrame = { width, height, lossless, components: new Set(), quantTables: new Set() };
  for (let i = 0; i < count; i++) {
    const [id, sampling, table] = body.subarray(6 + 3 * i, 9 + 3 * i);
    const h = sampling >> 4;
    const v = sampling & 15;
    if (frame.components.has(id) || h < 1 || h > 4 || v < 1 || v > 4 || table > 3) throw imageCorrupt();
    frame.components.add(id);
    frame.quantTables.add(table);
  }
  return frame;
}

/** DQT: one or more tables of 64 entries, 8- or 16-bit; answers the table ids defined. */
function jpegQuantTables(body: Buffer): number[] {
  const ids: number[] = [];
  let i = 0;
  while (i < body.length) {
    const precision = body[i] >> 4;
    const id = body[i] & 15;
    if (precision > 1 || id > 3) throw imageCorrupt();
    ids.push(id);
    i += 1 + 64 * (precision + 1);
  }
  if (i !== body.length || ids.length === 0) throw imageCorrupt();
  return ids;
}

/** DHT: one or more tables, each 16 code-length counts then at most 256 values. */
function jpegHuffmanTables(body: Buffer): void {
  let i = 0;
  let tables = 0;
  while (i < body.length) {
    if (i + 17 > body.length || body[i] >> 4 > 1 || (body[i] & 15) > 3) throw imageCorrupt();
    let values = 0;
    for (let k = 1; k <= 16; k++) values += body[i + k];
    if (values > 256) throw imageCorrupt();
    i += 17 + values;
    tables++;
  }
  if (i !== body.length || tables === 0) throw imageCorrupt();
}

/**
 * Reads entropy-coded data from `pos`: 0xFF there is followed by 0x00 (a stuffed byte), a restart
 * marker or more 0xFF fill. Answers the position of the marker that ends the scan; the file
 * ending first is a truncated image.
 */
async function skipEntropyData(bytes: Bytes, from: number): Promise<number> {
  let pos = from;
  for (;;) {
    const view = await bytes.view(pos);
    if (!view || view.length < 2) throw imageCorrupt();
    let i = view.indexOf(0xff);
    while (i >= 0 && i + 1 < view.length) {
      const next = view[i + 1];
      if (next === 0xff) i += 1;
      else if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i = view.indexOf(0xff, i + 2);
      else return pos + i;
    }
    // no marker in this block; a 0xFF at its very end is looked at again with the next byte
    pos += i >= 0 ? i : view.length;
  }
}

/** Walks a JPEG to EOI (see the top of this file); answers its size or refuses it. */
export async function verifyJpeg(fh: FileHandle, size: number): Promise<{ width: number; height: number }> {
  const bytes = new Bytes(fh, size);
  const soi = await bytes.at(0, 2);
  if (soi?.[0] !== 0xff || soi[1] !== 0xd8) throw imageCorrupt();
  let pos = 2;
  let frame: JpegFrame | undefined;
  const quantTables = new Set<number>();
  let scans = 0;
  for (;;) {
    // a marker: 0xFF, any number of 0xFF fill bytes, then the code
    const view = await bytes.view(pos);
    if (!view || view.length < 2 || view[0] !== 0xff) throw imageCorrupt();
    let i = 1;
    while (i < view.length && view[i] === 0xff) i++;
    if (i === view.length) {
      pos += i - 1;
      continue;
    }
    const marker = view[i];
    pos += i + 1;
    if (marker === 0xd9) {
      if (!frame || scans === 0) throw imageCorrupt();
      return { width: frame.width, height: frame.height };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (marker < 0xc0 || marker === 0xd8) throw imageCorrupt(); // reserved, or a second SOI
    const length = (await bytes.at(pos, 2))?.readUInt16BE(0);
    if (length === undefined || length < 2) throw imageCorrupt();
    const body = await bytes.at(pos + 2, length - 2);
    if (!body) throw imageCorrupt();
    pos += length;
    if (JPEG_SOF.has(marker)) {
      if (frame) throw imageCorrupt(); // one frame per still image
      frame = jpegFrame(marker, body);
    } else if (marker === 0xdb) {
      for (const id of jpegQuantTables(body)) quantTables.add(id);
    } else if (marker === 0xc4) {
      jpegHuffmanTables(body);
    } else if (marker === 0xdd) {
      if (body.length !== 2) throw imageCorrupt();
    } else if (marker === 0xda) {
      const count = body[0];
      if (!frame || count < 1 || count > 4 || body.length !== 4 + 2 * count) throw imageCorrupt();
      for (let c = 0; c < count; c++) if (!frame.components.has(body[1 + 2 * c])) throw imageCorrupt();
      if (!frame.lossless) for (const id of frame.quantTables) if (!quantTables.has(id)) throw imageCorrupt();
      scans++;
      pos = await skipEntropyData(bytes, pos);
    }
    // APPn, COM, DNL, DAC, DHP, EXP, JPGn: length-delimited, skipped
  }
}

// ---- PDF -------------------------------------------------------------------------------------

const pdfCorrupt = () => invalid(structureMessages.pdfCorrupt);
/** PDF white-space characters (ISO 32000 §7.2.2). */
const PDF_SPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

const skipSpace = (b: Buffer, from = 0) => {
  let i = from;
  while (i < b.length && PDF_SPACE.has(b[i])) i++;
  return i;
};

/** The classic table at the start of `table`: answers the first in-use entry's object number and offset. */
function firstInUse(table: string): { number: number; offset: number } | undefined {
  const entry = /(\d{10})[ ](\d{5})[ ]([nf])(?: ?\r?\n| ?\r)/y;
  const subsection = /[\s\0]*(\d+)[ ]+(\d+)[\s\0]+/y;
  let at = 4; // past "xref"
  for (;;) {
    subsection.lastIndex = at;
    const head = subsection.exec(table);
    if (!head) return undefined;
    at = subsection.lastIndex;
    const first = Number(head[1]);
    for (let k = 0; k < Number(head[2]); k++) {
      entry.lastIndex = at;
      const m = entry.exec(table);
      if (!m) return undefined;
      at = entry.lastIndex;
      if (m[3] === 'n' && Number(m[1]) > 0) return { number: first + k, offset: Number(m[1]) };
    }
  }
}

/** Checks a PDF's header, trailer and cross-reference (see the top of this file). */
export async function verifyPdf(fh: FileHandle, size: number): Promise<void> {
  const bytes = new Bytes(fh, size);
  const header = await bytes.at(0, 8);
  if (!header || !/^%PDF-(?:1\.[0-7]|2\.0)$/.test(header.toString('latin1'))) throw pdfCorrupt();
  const tailAt = Math.max(0, size - 1024);
  const tail = ((await bytes.at(tailAt, size - tailAt)) as Buffer).toString('latin1');
  const eof = tail.lastIndexOf('%%EOF');
  const startxref = eof < 0 ? null : /startxref[\s\0]+(\d+)[\s\0]*$/.exec(tail.slice(0, eof));
  if (!startxref) throw pdfCorrupt();
  const offset = Number(startxref[1]);
  if (offset < 8 || offset >= size) throw pdfCorrupt();
  const section = (await bytes.view(offset)) as Buffer;
  const text = section.toString('latin1', skipSpace(section));
  if (text.startsWith('xref')) {
    // the trailer dictionary stands between the table and startxref
    const trailer = tail.slice(0, startxref.index).lastIndexOf('trailer');
    if (trailer < 0 || !/^trailer[\s\0]*<<[\s\S]*\/Root[\s\0]/.test(tail.slice(trailer))) throw pdfCorrupt();
    const used = firstInUse(text);
    if (!used || used.offset >= size) throw pdfCorrupt();
    const object = (await bytes.view(used.offset)) as Buffer;
    const m = /^(\d+)[\s\0]+\d+[\s\0]+obj\b/.exec(object.toString('latin1', 0, 64));
    if (!m || Number(m[1]) !== used.number) throw pdfCorrupt();
    return;
  }
  // a cross-reference stream: an object whose dictionary says /Type /XRef and names the /Root
  const stream = /^\d+[\s\0]+\d+[\s\0]+obj[\s\0]*<<([\s\S]*?)>>[\s\0]*stream\b/.exec(text);
  if (!stream || !/\/Type[\s\0]*\/XRef\b/.test(stream[1]) || !/\/Root[\s\0]/.test(stream[1]))
    throw pdfCorrupt();
}
