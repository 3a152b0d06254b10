import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES, importMessages } from '@factory/shared/api/import';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type AppError, invalid } from '../errors.ts';

/** The one uploaded file of an import, with the form's other fields (e.g. startRow). */
export interface ImportFile {
  fileName: string;
  buffer: Buffer;
  fields: Record<string, string>;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Zip entry names are stored uncompressed, so a workbook part is visible in the raw bytes. */
const WORKBOOK_PART = Buffer.from('xl/workbook.xml');
/** A password-protected xlsx is an OLE container holding this stream (named in UTF-16). */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * Refuses anything that is not an xlsx workbook, judged by content (DESIGN §2 "Files") as well
 * as by extension (spec 000 §5). Legacy .xls (OLE) is recognised but refused with its own message:
 * exceljs reads only Open XML, and the npm registry here offers no maintained .xls reader, so
 * the honest answer is to ask for "save as .xlsx" rather than to half-read the file.
 */
export function assertWorkbook(fileName: string, buffer: Buffer): void {
  const ext = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) throw invalid(importMessages.format);
  if (buffer.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) {
    throw invalid(buffer.includes(ENCRYPTED_PACKAGE) ? importMessages.encrypted : importMessages.legacyXls);
  }
  if (!buffer.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC) || !buffer.includes(WORKBOOK_PART)) {
    throw invalid(importMessages.format);
  }
}

/** The multipart plugin's limit errors, in the spec's words. */
function limitError(err: unknown): AppError | undefined {
  switch ((err as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return invalid(importMessages.oneFile);
    case 'FST_REQ_FILE_TOO_LARGE':
      return invalid(importMessages.tooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid(importMessages.format);
  }
  return undefined;
}

/**
 * Reads exactly one workbook from a multipart request (spec 000 §5: one file, xls/xlsx, under
 * 5 MB). The limits are passed per call so they hold whatever the app registered globally; the
 * second file is refused by the parser as soon as it starts, before it is read.
 */
export async function receiveImportFile(req: FastifyRequest): Promise<ImportFile> {
  if (typeof req.isMultipart !== 'function' || !req.isMultipart()) throw invalid(importMessages.noFile);
  let file: ImportFile | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = req.parts({
      limits: { files: 1, fileSize: IMPORT_MAX_BYTES, parts: 20, fields: 10, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] ??= String(part.value);
        continue;
      }
      const buffer = await part.toBuffer();
      // the app may have registered the plugin not to throw on a cut-off file
      if (part.file.truncated) throw invalid(importMessages.tooLarge);
      if (part.filename || buffer.length > 0) file = { fileName: part.filename, buffer, fields };
    }
  } catch (err) {
    throw limitError(err) ?? err;
  }
  if (!file) throw invalid(importMessages.noFile);
  // the parser lets a file of exactly the limit through; the spec says "under 5 MB"
  if (file.buffer.length >= IMPORT_MAX_BYTES) throw invalid(importMessages.tooLarge);
  assertWorkbook(file.fileName, file.buffer);
  return file;
}
