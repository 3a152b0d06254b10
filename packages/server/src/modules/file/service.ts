import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FILE_FIELD,
  FILE_TYPES,
  type FileType,
  fileMessages,
  IMAGE_MIN_SIZE,
  KIND_TYPES,
  UPLOAD_MAX_BYTES,
  type UploadKind,
} from '@factory/shared/api/file';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { files } from './schema.ts';
import { verifyJpeg, verifyPdf, verifyPng } from './structure.ts';

/**
 * Upload and storage of files (spec 000 §5, §7 Files).
 *
 * The type is decided by content (magic bytes, then the structure: PNG decoded, JPEG walked to
 * EOI, the PDF cross-reference (structure.ts), the ZIP central directory of OOXML, the OLE
 * directory of legacy Office), never by the file name or the client's mime. The upload streams to a temporary file under the files directory while bytes are
 * counted and the first bytes sniffed; it stops at the size limit or at a wrong signature, and is
 * moved into place only once every check passed. No refusal leaves a file behind.
 */

/** Busboy limits for the upload request: one file just over the limit (so "too big" is told from "at the limit"). */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES + 1,
  files: 1,
  fields: 20,
  fieldSize: 4 * 1024,
  parts: 30,
  headerPairs: 100,
} as const;

export const filesRoot = (dataDir: string) => path.join(dataDir, 'files');
const tmpDir = (root: string) => path.join(root, '.tmp');

/** What the first bytes say (enough to refuse early); the structure check comes after. */
type Signature = 'png' | 'jpg' | 'pdf' | 'zip' | 'ole' | 'mp4';
const SNIFF_BYTES = 16;

const startsWith = (b: Buffer, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'MSNV',
  'dash',
  'f4v ',
]);

export function signature(head: Buffer): Signature | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (
    head.length >= 12 &&
    head.toString('latin1', 4, 8) === 'ftyp' &&
    MP4_BRANDS.has(head.toString('latin1', 8, 12))
  )
    return 'mp4';
  return undefined;
}

/** Signatures that can become one of the kind's types. */
const KIND_SIGNATURES: Record<UploadKind, ReadonlySet<Signature>> = {
  image: new Set(['png', 'jpg']),
  attachment: new Set(['png', 'jpg', 'pdf', 'zip', 'ole', 'mp4']),
};

const typeMessage = (kind: UploadKind) =>
  kind === 'image' ? fileMessages.imageType : fileMessages.attachmentType;
const sizeMessage = (kind: UploadKind) =>
  kind === 'image' ? fileMessages.imageTooLarge : fileMessages.attachmentTooLarge;

export interface Inspected {
  type: FileType;
  width?: number;
  height?: number;
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** ZIP: OOXML is told by its central directory ([Content_Types].xml plus word/ or xl/ parts). */
async function ooxmlType(fh: FileHandle, size: number): Promise<'docx' | 'xlsx' | undefined> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(fh, size - tailLength, tailLength);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > tail.length) return undefined;
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024) return undefined;
  const cd = await readAt(fh, cdOffset, cdSize);
  let contentTypes = false;
  let word = false;
  let xl = false;
  for (let p = 0; p + 46 <= cd.length && cd.readUInt32LE(p) === 0x02014b50; ) {
    const nameLength = cd.readUInt16LE(p + 28);
    const name = cd.toString('utf8', p + 46, p + 46 + nameLength);
    if (name === '[Content_Types].xml') contentTypes = true;
    else if (name.startsWith('word/')) word = true;
    else if (name.startsWith('xl/')) xl = true;
    p += 46 + nameLength + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
  }
  if (!contentTypes) return undefined;
  return word ? 'docx' : xl ? 'xlsx' : undefined;
}

/** OLE compound file: legacy Excel has a Workbook (or Book) stream, legacy Word a WordDocument stream. */
async function oleType(fh: FileHandle, size: number): Promise<'doc' | 'xls' | undefined> {
  const header = await readAt(fh, 0, 512);
  if (header.length < 512) return undefined;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const sectorSize = 1 << shift;
  const perFatSector = sectorSize / 4;
  const sectorAt = (n: number) => (n + 1) * sectorSize;
  /** The next sector of a chain, through the FAT (whose first 109 sectors the header lists). */
  const next = async (n: number): Promise<number | undefined> => {
    const fatIndex = Math.floor(n / perFatSector);
    if (fatIndex >= 109) return undefined;
    const fatSector = header.readUInt32LE(0x4c + fatIndex * 4);
    if (fatSector >= 0xfffffffa) return undefined;
    const entry = await readAt(fh, sectorAt(fatSector) + (n % perFatSector) * 4, 4);
    return entry.length === 4 ? entry.readUInt32LE(0) : undefined;
  };
  let sector: number | undefined = header.readUInt32LE(0x30);
  for (let i = 0; i < 256 && sector !== undefined && sector < 0xfffffffa; i++) {
    if (sectorAt(sector) + sectorSize > size) return undefined;
    const dir = await readAt(fh, sectorAt(sector), sectorSize);
    for (let e = 0; e + 128 <= dir.length; e += 128) {
      const nameLength = Math.min(dir.readUInt16LE(e + 64), 64);
      if (nameLength < 2 || dir[e + 66] !== 2) continue; // streams only
      const name = dir.toString('utf16le', e, e + nameLength - 2);
      if (name === 'WordDocument') return 'doc';
      if (name === 'Workbook' || name === 'Book') return 'xls';
    }
    sector = await next(sector);
  }
  return undefined;
}

/**
 * Decides the type (and image dimensions) of a received file from its content: undefined when it
 * is none of the known types; a PNG, JPEG or PDF whose structure is broken is refused with its
 * own message (structure.ts).
 */
export async function inspect(file: string, sig: Signature, size: number): Promise<Inspected | undefined> {
  const fh = await open(file, 'r');
  try {
    switch (sig) {
      case 'png':
        return { type: 'png', ...(await verifyPng(fh, size)) };
      case 'jpg':
        return { type: 'jpg', ...(await verifyJpeg(fh, size)) };
      case 'pdf':
        await verifyPdf(fh, size);
        return { type: 'pdf' };
      case 'mp4':
        return { type: 'mp4' };
      case 'zip': {
        const type = await ooxmlType(fh, size);
        return type && { type };
      }
      case 'ole': {
        const type = await oleType(fh, size);
        return type && { type };
      }
    }
  } finally {
    await fh.close();
  }
}

/**
 * The client's file name made safe to keep and to echo in Content-Disposition: the last path
 * segment only, no control or format characters, no characters Windows refuses, no leading dots,
 * at most 200 characters (keeping the extension).
 */
export function sanitiseName(raw: string | undefined, fallback: string): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const chars = Array.from(name);
  if (chars.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = Array.from(name.slice(0, name.length - ext.length))
      .slice(0, 200 - ext.length)
      .join('')
      .concat(ext);
  }
  return name || fallback;
}

export interface Received {
  /** The temporary file (under the files directory, so moving it is a rename). */
  tmp: string;
  filename: string;
  size: number;
  signature: Signature;
}

/** Copies one file part to a temporary file; stops at the limit or a wrong signature, and cleans up. */
async function saveTemp(part: MultipartFile, kind: UploadKind, dir: string): Promise<Received> {
  const tmp = path.join(dir, randomUUID());
  let size = 0;
  let head = Buffer.alloc(0);
  let sig: Signature | undefined;
  const check = () => {
    sig = signature(head);
    return sig && KIND_SIGNATURES[kind].has(sig) ? undefined : invalid(typeMessage(kind));
  };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > UPLOAD_MAX_BYTES) return done(invalid(sizeMessage(kind)));
      if (!sig) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES) {
          const refused = check();
          if (refused) return done(refused);
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (size === 0) return done(invalid(part.filename ? fileMessages.emptyFile : fileMessages.noFile));
      done(sig ? undefined : check());
    },
  });
  const out = createWriteStream(tmp, { flags: 'wx' });
  try {
    await pipeline(part.file, counter, out);
    // busboy stops at fileSize and marks the stream; the counter normally refuses first
    if (part.file.truncated) throw invalid(sizeMessage(kind));
  } catch (error) {
    // the file is opened asynchronously: removing it before the stream has closed could race the
    // open and leave an empty file behind
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(tmp, { force: true });
    throw error;
  }
  return { tmp, filename: part.filename, size, signature: sig as Signature };
}

/** Turns the multipart parser's refusals into the envelope's Chinese messages. */
function uploadError(error: unknown, kind: UploadKind): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return invalid(fileMessages.onlyOne);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return invalid(sizeMessage(kind));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('上传请求的字段过多');
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return invalid('上传中断，请重试');
  // busboy's own parse errors are plain errors without a code; file system errors have one
  if (error instanceof Error && code === undefined && !('statusCode' in error))
    return invalid('上传内容格式不正确');
  return error;
}

/**
 * After an early refusal (wrong signature, over the limit) the client is still sending: the parser
 * has let go of the request, which would stay paused and hold the connection forever. Reads and
 * drops the rest (the answer is already on its way), up to a bound past which the connection is
 * cut.
 */
function discardRest(req: FastifyRequest): void {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > UPLOAD_MAX_BYTES + 1024 * 1024) raw.destroy();
  });
  raw.resume();
}

/**
 * Reads the multipart request: exactly one file, in the field `file`. Returns the temporary copy;
 * on any refusal nothing is left on disk.
 */
export async function receiveUpload(req: FastifyRequest, kind: UploadKind, root: string): Promise<Received> {
  if (!req.isMultipart()) throw invalid(fileMessages.notMultipart);
  const dir = tmpDir(root);
  await mkdir(dir, { recursive: true });
  let received: Received | undefined;
  let otherFile = false;
  try {
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        // a file in another field: read past it, then refuse (busboy refuses a second file anyway)
        otherFile = true;
        part.file.resume();
        continue;
      }
      received = await saveTemp(part, kind, dir);
    }
  } catch (error) {
    if (received) await rm(received.tmp, { force: true });
    discardRest(req);
    throw uploadError(error, kind);
  }
  if (!received) throw invalid(otherFile ? `请在字段“${FILE_FIELD}”中上传文件` : fileMessages.noFile);
  return received;
}

export interface StoredFile {
  id: string;
  storageKey: string;
  originalName: string;
  mime: string;
  size: number;
  kind: UploadKind;
  width: number | null;
  height: number | null;
}

/**
 * Checks the received file against its kind and moves it into place under
 * `<root>/<tenant>/<yyyy>/<mm>/<id>`; removes the temporary file whatever happens.
 */
export async function accept(
  received: Received,
  kind: UploadKind,
  root: string,
  tenantId: number,
): Promise<StoredFile> {
  try {
    const found = await inspect(received.tmp, received.signature, received.size);
    if (!found || !KIND_TYPES[kind].includes(found.type)) throw invalid(typeMessage(kind));
    // a verified image always has both sides (structure.ts refuses a zero side)
    if (kind === 'image' && ((found.width ?? 0) < IMAGE_MIN_SIZE || (found.height ?? 0) < IMAGE_MIN_SIZE))
      throw invalid(fileMessages.imageTooSmall);
    const id = randomUUID();
    const now = new Date();
    const storageKey = [
      String(tenantId),
      String(now.getUTCFullYear()),
      String(now.getUTCMonth() + 1).padStart(2, '0'),
      id,
    ].join('/');
    const target = storedPath(root, storageKey);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(received.tmp, target);
    return {
      id,
      storageKey,
      originalName: sanitiseName(received.filename, `file.${FILE_TYPES[found.type].label}`),
      mime: FILE_TYPES[found.type].mime,
      size: received.size,
      kind,
      width: found.width ?? null,
      height: found.height ?? null,
    };
  } finally {
    await rm(received.tmp, { force: true });
  }
}

/** The absolute path of a stored file; a key that would leave the files directory is refused. */
export function storedPath(root: string, storageKey: string): string {
  const base = path.resolve(root);
  const target = path.resolve(base, storageKey);
  if (!target.startsWith(base + path.sep) || target.startsWith(tmpDir(base) + path.sep))
    throw new Error(`storage key outside the files directory: ${storageKey}`);
  return target;
}

/** Records the stored file in the tenant's transaction (row-level security sets tenant_id). */
export async function recordFile(tx: Tx, userId: number, file: StoredFile): Promise<void> {
  await tx.insert(files).values({ ...file, uploadedBy: userId });
  await audit(tx, userId, 'file', file.id, 'upload', {
    name: file.originalName,
    mime: file.mime,
    size: file.size,
    kind: file.kind,
  });
}

export async function findFile(tx: Tx, id: string) {
  const rows = await tx
    .select({
      id: files.id,
      storageKey: files.storageKey,
      originalName: files.originalName,
      mime: files.mime,
      size: files.size,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(eq(files.id, id));
  return rows[0];
}

/**
 * Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987): images are
 * shown in place (<img>, a new tab), everything else is saved, never rendered by the browser.
 */
export function contentDisposition(name: string, mime: string): string {
  const type = mime.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
