import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { FILE_UPLOAD_URL, fileMessages, UPLOAD_MAX_BYTES } from '@factory/shared/api/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';
import { crc32, png, u32 as u32be } from '../../testing/images.ts';
import { injectUpload, multipart, type Part } from '../../testing/multipart.ts';
import { pdf, pdfXrefStream } from '../../testing/pdf.ts';
import { contentDisposition, sanitiseName } from './service.ts';
import { ADAM7, PNG_MAX_PIXELS, structureMessages } from './structure.ts';

// ---- tiny file builders: real enough for the content checks ---------------------------------

const jpegSegment = (marker: number, data: Buffer) => {
  const len = Buffer.alloc(2);
  len.writeUInt16BE(data.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), len, data]);
};

/**
 * A JPEG: JFIF, a large EXIF-like APP1, both quantisation tables and a Huffman table, SOF0 with
 * the dimensions, then one scan per component (entropy data with a stuffed 0xFF and a restart
 * marker) and EOI.
 */
function jpeg(width: number, height: number, opts: { dqt?: number[] } = {}): Buffer {
  const sof = Buffer.alloc(15);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 3;
  sof.set([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 6);
  const dqt = (opts.dqt ?? [0, 1]).map((id) => Buffer.concat([Buffer.from([id]), Buffer.alloc(64, 1)]));
  const dht = Buffer.concat([
    Buffer.from([0x00, 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.alloc(12, 3),
  ]);
  const scan = (component: number) => [
    jpegSegment(0xda, Buffer.from([1, component, 0, 0, 0x3f, 0])),
    Buffer.alloc(40, 0x55),
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0]),
    Buffer.alloc(24, 0xaa),
  ];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.alloc(30_000, 7)])),
    jpegSegment(0xdb, Buffer.concat(dqt)),
    jpegSegment(0xc4, dht),
    jpegSegment(0xc0, sof),
    ...scan(1),
    ...scan(2),
    ...scan(3),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const pngChunk = (type: string, data: Buffer) => {
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), td, u32be(crc32(td))]);
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (width: number, height: number, interlace = 0) =>
  pngChunk('IHDR', Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, interlace])]));
/** A PNG from its raw (filtered) scanlines, which the test builds right or wrong. */
const pngOf = (width: number, height: number, raw: Buffer, interlace = 0) =>
  Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, interlace),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
/** Raw RGB scanlines: `rows` rows of `columns` pixels, filter type `filter` on each. */
const rgbRows = (columns: number, rows: number, filter = 0) =>
  Buffer.concat(
    Array.from({ length: rows }, () => Buffer.concat([Buffer.from([filter]), Buffer.alloc(columns * 3, 90)])),
  );
/** An Adam7-interlaced RGB PNG: the seven reduced images one after another. */
function interlacedPng(width: number, height: number): Buffer {
  const raw = ADAM7.map(([x0, y0, dx, dy]) => {
    const columns = Math.ceil((width - x0) / dx);
    const rows = Math.ceil((height - y0) / dy);
    return columns > 0 && rows > 0 ? rgbRows(columns, rows, 1) : Buffer.alloc(0);
  });
  return pngOf(width, height, Buffer.concat(raw), 1);
}

/** A stored (uncompressed) ZIP with the given entries. */
function zip(entries: Record<string, string>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(data.length, 18);
    lh.writeUInt32LE(data.length, 22);
    lh.writeUInt16LE(n.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt32LE(crc, 16);
    ch.writeUInt32LE(data.length, 20);
    ch.writeUInt32LE(data.length, 24);
    ch.writeUInt16LE(n.length, 28);
    ch.writeUInt32LE(offset, 42);
    local.push(lh, n, data);
    central.push(ch, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Object.keys(entries).length, 8);
  eocd.writeUInt16LE(Object.keys(entries).length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, eocd]);
}
const OOXML_TYPES = '<?xml version="1.0"?><Types/>';

/** An OLE compound file (512-byte sectors): header, one FAT sector, one directory sector, one data sector. */
function ole(stream: string): Buffer {
  const header = Buffer.alloc(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(0x1000, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: the FAT itself
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: directory, end of chain
  fat.writeUInt32LE(0xfffffffe, 8); // sector 2: data
  const dir = Buffer.alloc(512);
  const entry = (i: number, name: string, type: number) => {
    const n = Buffer.from(`${name}\0`, 'utf16le');
    dir.set(n, i * 128);
    dir.writeUInt16LE(n.length, i * 128 + 64);
    dir[i * 128 + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, '\u0005SummaryInformation', 2);
  entry(2, stream, 2);
  return Buffer.concat([header, fat, dir, Buffer.alloc(512, 0x42)]);
}

const mp4 = () =>
  Buffer.concat([u32be(24), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(200, 1)]);

// ---- harness ---------------------------------------------------------------------------------

let h: Harness;
let dataDir: string;
let a: TestTenant;
let b: TestTenant;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-files-'));
  h = await createHarness({ config: { dataDir } });
  a = await h.addTenant('filea');
  b = await h.addTenant('fileb');
  tokenA = await h.login('filea', 'admin');
  tokenB = await h.login('fileb', 'admin');
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Envelope = { errorCode: number; result: unknown; errorMsg: string };

async function upload(
  parts: Part[],
  opts: { token?: string | null; kind?: string } = {},
): Promise<{ status: number; body: Envelope }> {
  const token = opts.token === undefined ? tokenA : opts.token;
  const res = await injectUpload(h.app, parts, { token, kind: opts.kind });
  return { status: res.statusCode, body: res.json() };
}
const uploadFile = (
  data: Buffer | string,
  filename = 'a.png',
  opts: { token?: string; kind?: string } = {},
) => upload([{ name: 'file', filename, type: 'image/png', data }], opts);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
const tenantFiles = (t: TestTenant) => filesUnder(path.join(dataDir, 'files', String(t.id)));
const tempFiles = () => filesUnder(path.join(dataDir, 'files', '.tmp'));

/** Asserts a refusal left nothing behind: the tenant's files are unchanged and no temporary file remains. */
async function expectRefused(
  send: () => Promise<{ status: number; body: Envelope }>,
  message: string,
  code = 1,
): Promise<void> {
  const before = tenantFiles(a).length;
  const res = await send();
  expect(res.body).toMatchObject({ errorCode: code, errorMsg: message });
  expect(tenantFiles(a)).toHaveLength(before);
  expect(tempFiles()).toEqual([]);
}

const get = (url: string, opts: { token?: string; query?: Record<string, string>; range?: string } = {}) =>
  h.app.inject({
    method: 'GET',
    url,
    query: opts.query,
    headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.range ? { range: opts.range } : {}) },
  });

const URL_PATTERN = /^\/api\/web\/v1\/basicData\/private\/file\/get\/[0-9a-f-]{36}$/;

// ---- tests -----------------------------------------------------------------------------------

describe('image upload (spec 000 §5)', () => {
  it('accepts a PNG and a JPEG, stores them under the tenant and answers their URL', async () => {
    const p = await uploadFile(png(100, 80), '产品图片.png');
    expect(p.body.errorCode).toBe(0);
    expect(p.body.result).toMatch(URL_PATTERN);
    const j = await uploadFile(jpeg(640, 480), 'photo.jpg');
    expect(j.body.errorCode).toBe(0);
    expect(j.body.result).toMatch(URL_PATTERN);
    // exactly the smallest size
    expect((await uploadFile(png(72, 72))).body.errorCode).toBe(0);
    const stored = tenantFiles(a);
    expect(stored).toHaveLength(3);
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const f of stored) {
      expect(path.relative(path.join(dataDir, 'files'), f)).toMatch(
        new RegExp(`^${a.id}/${month}/[0-9a-f-]{36}$`),
      );
    }
    expect(tempFiles()).toEqual([]);
  });

  it('refuses images smaller than 72×72 on either side', async () => {
    await expectRefused(() => uploadFile(png(71, 71)), '图片尺寸不能小于72*72');
    await expectRefused(() => uploadFile(png(200, 71)), '图片尺寸不能小于72*72');
    await expectRefused(() => uploadFile(jpeg(71, 300), 'x.jpg'), '图片尺寸不能小于72*72');
  });

  it('decides the type by content, not by name or client mime', async () => {
    await expectRefused(
      () => uploadFile('just some text, not a picture', 'fake.png'),
      '只能上传 png/jpg 格式的图片',
    );
    await expectRefused(
      () => uploadFile(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.png'),
      '只能上传 png/jpg 格式的图片',
    );
    await expectRefused(
      () => uploadFile(Buffer.from('%PDF-1.7\n%%EOF\n'), 'a.jpg'),
      '只能上传 png/jpg 格式的图片',
    );
    // a tiny file shorter than the sniffed header
    await expectRefused(() => uploadFile('<svg/>', 'a.png'), '只能上传 png/jpg 格式的图片');
    // a PNG signature without an IHDR is no PNG
    await expectRefused(
      () => uploadFile(Buffer.concat([png(80, 80).subarray(0, 8), Buffer.alloc(64)])),
      structureMessages.imageCorrupt,
    );
    // a real PNG under a .txt name and a text mime is still a PNG
    const ok = await upload([{ name: 'file', filename: 'notes.txt', type: 'text/plain', data: png(90, 90) }]);
    expect(ok.body.errorCode).toBe(0);
  });

  it('refuses files over 20 MB and accepts one of exactly 20 MB', async () => {
    const over = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0);
    png(100, 100).copy(over);
    await expectRefused(() => uploadFile(over), '上传图片大小不能超过20MB!');
    // a real PNG of exactly 20 MB: an ancillary text chunk fills it up
    const body = png(100, 100);
    const filler = UPLOAD_MAX_BYTES - body.length - 12;
    const exact = Buffer.concat([
      body.subarray(0, -12),
      pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(filler - 8, 0x61)])),
      body.subarray(-12),
    ]);
    expect(exact.length).toBe(UPLOAD_MAX_BYTES);
    const res = await uploadFile(exact);
    expect(res.body.errorCode).toBe(0);
    const stored = tenantFiles(a).map((f) => fs.statSync(f).size);
    expect(stored).toContain(UPLOAD_MAX_BYTES);
    // attachments have the same limit with their own message
    await expectRefused(
      () => uploadFile(Buffer.concat([Buffer.from('%PDF-1.4\n'), over]), 'big.pdf', { kind: 'attachment' }),
      '上传文件大小不能超过20MB!',
    );
  });

  it('needs exactly one file in the field "file"', async () => {
    await expectRefused(() => upload([{ name: 'note', data: 'hello' }]), '请选择要上传的文件');
    await expectRefused(() => upload([]), '请选择要上传的文件');
    await expectRefused(
      () => upload([{ name: 'file', filename: '', type: 'application/octet-stream', data: '' }]),
      '请选择要上传的文件',
    );
    await expectRefused(() => uploadFile(Buffer.alloc(0), 'empty.png'), '上传的文件是空的');
    await expectRefused(
      () =>
        upload([
          { name: 'file', filename: 'a.png', type: 'image/png', data: png(80, 80) },
          { name: 'file', filename: 'b.png', type: 'image/png', data: png(80, 80) },
        ]),
      '只能上传一个文件',
    );
    await expectRefused(
      () =>
        upload([
          { name: 'file', filename: 'a.png', type: 'image/png', data: png(80, 80) },
          { name: 'other', filename: 'b.png', type: 'image/png', data: png(80, 80) },
        ]),
      '只能上传一个文件',
    );
    await expectRefused(
      () => upload([{ name: 'picture', filename: 'a.png', type: 'image/png', data: png(80, 80) }]),
      '请在字段“file”中上传文件',
    );
    // ordinary form fields next to the file are ignored
    const withFields = await upload([
      { name: 'name', data: 'x' },
      { name: 'file', filename: 'a.png', type: 'image/png', data: png(80, 80) },
    ]);
    expect(withFields.body.errorCode).toBe(0);
  });

  it('refuses a body that is not multipart, and a malformed one', async () => {
    const json = await h.call('POST', FILE_UPLOAD_URL, { token: tokenA, body: { file: 'x' } });
    expect(json.body).toMatchObject({ errorCode: 1, errorMsg: fileMessages.notMultipart });
    const { headers } = multipart([]);
    const broken = await h.app.inject({
      method: 'POST',
      url: `/api/web/v1/${FILE_UPLOAD_URL}`,
      headers: { ...headers, token: tokenA },
      payload: '--nonsense\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.json().errorCode).toBe(1);
    expect(tempFiles()).toEqual([]);
  });

  it('over real HTTP, an early refusal answers at once and leaves no connection stuck', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(12 * 1024 * 1024, 0x41)]), 'big.png');
    const res = await fetch(`${address}/api/web/v1/${FILE_UPLOAD_URL}`, {
      method: 'POST',
      body: form,
      headers: { token: tokenA },
    });
    expect(await res.json()).toMatchObject({ errorCode: 1, errorMsg: '只能上传 png/jpg 格式的图片' });
    // the rest of the body was read and dropped, so the connection is idle again and can be closed
    const server = h.app.server;
    const open = () =>
      new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    for (let i = 0; i < 50 && (await open()) > 0; i++) {
      server.closeIdleConnections();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await open()).toBe(0);
    expect(tempFiles()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    await expectRefused(
      () => uploadFile(png(80, 80), 'a.png', { token: null as never }),
      'Token认证失败，请重新登录',
      2,
    );
    await expectRefused(
      () => uploadFile(png(80, 80), 'a.png', { token: 'forged' }),
      'Token认证失败，请重新登录',
      2,
    );
  });

  it('refuses an unknown kind', async () => {
    const res = await uploadFile(png(80, 80), 'a.png', { kind: 'script' });
    expect(res.body.errorCode).toBe(1);
  });
});

describe('attachments', () => {
  const attach = (data: Buffer | string, filename: string) =>
    uploadFile(data, filename, { kind: 'attachment' });
  const download = async (url: string) => get(url, { token: tokenA });

  it('accepts PDF, PNG/JPEG (any size), OOXML, legacy Office and MP4 by content', async () => {
    const cases: [Buffer, string, string][] = [
      [pdf(), 'manual.pdf', 'application/pdf'],
      [pdfXrefStream(), 'compact.pdf', 'application/pdf'],
      [png(10, 10), 'icon.png', 'image/png'],
      [jpeg(20, 20), 'thumb.jpg', 'image/jpeg'],
      [
        zip({
          '[Content_Types].xml': OOXML_TYPES,
          '_rels/.rels': '<Relationships/>',
          'xl/workbook.xml': '<workbook/>',
        }),
        '报表.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [
        zip({ '[Content_Types].xml': OOXML_TYPES, 'word/document.xml': '<document/>' }),
        'spec.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [ole('Workbook'), 'old.xls', 'application/vnd.ms-excel'],
      [ole('WordDocument'), 'old.doc', 'application/msword'],
      [mp4(), 'clip.mp4', 'video/mp4'],
    ];
    for (const [data, name, mime] of cases) {
      const res = await attach(data, name);
      expect(res.body.errorCode, name).toBe(0);
      const file = await download(res.body.result as string);
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['content-type'], name).toBe(mime);
      // pictures are shown in place; everything else is saved, never rendered by the browser
      expect(file.headers['content-disposition'], name).toMatch(
        mime.startsWith('image/') ? /^inline; / : /^attachment; /,
      );
      expect(file.headers['content-disposition'], name).toContain(
        `filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(file.rawPayload.equals(data), name).toBe(true);
    }
  });

  it('refuses everything else with the list of allowed types', async () => {
    const message = '只能上传 pdf/png/jpg/xls/xlsx/doc/docx/mp4 格式的文件';
    expect(fileMessages.attachmentType).toBe(message);
    const refused: [Buffer | string, string][] = [
      ['plain text pretending to be a pdf', 'a.pdf'],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]), 'setup.exe'],
      [zip({ 'readme.txt': 'hello', 'evil.js': 'alert(1)' }), 'fake.docx'],
      [zip({ '[Content_Types].xml': OOXML_TYPES, 'ppt/presentation.xml': '<p/>' }), 'slides.pptx'],
      [ole('SomethingElse'), 'installer.doc'],
      [Buffer.concat([u32be(24), Buffer.from('ftypheic\0\0\0\0heic', 'latin1'), Buffer.alloc(64)]), 'a.mp4'],
      ['<html><script>alert(1)</script></html>', 'page.html'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif'],
    ];
    for (const [data, name] of refused) await expectRefused(() => attach(data, name), message);
  });

  it('image uploads refuse what attachments accept', async () => {
    await expectRefused(
      () => uploadFile(Buffer.from('%PDF-1.7\n%%EOF\n'), 'a.pdf'),
      '只能上传 png/jpg 格式的图片',
    );
    await expectRefused(
      () => uploadFile(ole('Workbook'), 'a.xls', { kind: 'image' }),
      '只能上传 png/jpg 格式的图片',
    );
  });
});

describe('uploads are verified by their whole structure, not their first bytes (issue 17 item 5)', () => {
  const attach = (data: Buffer | string, filename: string) =>
    uploadFile(data, filename, { kind: 'attachment' });
  const good = png(96, 96);
  const IEND_AT = good.length - 12;

  it('refuses a text file that only starts with %PDF-, and PDFs whose cross-reference is wrong', async () => {
    const fakes: [string, Buffer | string][] = [
      ['a text file with a PDF header', '%PDF-1.7\nDear customer, please find the manual attached.\n'],
      ['header and %%EOF, nothing between', '%PDF-1.7\n%%EOF\n'],
      ['an object but no cross-reference', '%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'],
      ['startxref pointing at text', '%PDF-1.4\nhello world\nstartxref\n9\n%%EOF\n'],
      ['startxref past the end', '%PDF-1.4\nxref\nstartxref\n99999\n%%EOF\n'],
    ];
    const real = pdf().toString('latin1');
    // the table's entries shifted: they no longer land on "1 0 obj"
    fakes.push([
      'entries pointing beside the objects',
      real.replace(/(\d{10}) 00000 n/g, (_, o) => `${String(Number(o) + 3).padStart(10, '0')} 00000 n`),
    ]);
    // the table is there but the trailer names no document catalogue
    fakes.push(['a trailer without /Root', real.replace('/Root 1 0 R', '/Info 1 0 R')]);
    // the same bytes without their end: an upload cut short
    fakes.push(['a truncated PDF', pdf().subarray(0, pdf().length - 40)]);
    for (const [what, data] of fakes) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
      await expectRefused(() => attach(bytes, `${what}.pdf`), structureMessages.pdfCorrupt);
    }
  });

  it('decodes a PNG before storing it: truncated, corrupt or mis-sized image data is refused', async () => {
    const flipped = Buffer.from(good);
    flipped[60] ^= 0xff; // inside the IDAT chunk: its CRC no longer matches
    const corrupt: [string, Buffer][] = [
      ['cut short before IEND', good.subarray(0, good.length - 20)],
      ['cut inside the image data', good.subarray(0, 70)],
      ['a flipped byte (chunk CRC)', flipped],
      ['data after IEND', Buffer.concat([good, Buffer.from('<script>alert(1)</script>')])],
      // every CRC right, but what they protect is wrong: only decoding finds these
      [
        'image data that is not zlib',
        Buffer.concat([
          PNG_SIGNATURE,
          ihdr(96, 96),
          pngChunk('IDAT', Buffer.alloc(300, 0x41)),
          pngChunk('IEND', Buffer.alloc(0)),
        ]),
      ],
      ['half the rows IHDR announces', pngOf(96, 96, rgbRows(96, 48))],
      ['more rows than IHDR announces', pngOf(96, 96, rgbRows(96, 97))],
      ['an unknown filter type', pngOf(96, 96, rgbRows(96, 96, 5))],
      ['no IDAT at all', Buffer.concat([PNG_SIGNATURE, ihdr(96, 96), pngChunk('IEND', Buffer.alloc(0))])],
      [
        'an unknown critical chunk',
        Buffer.concat([good.subarray(0, IEND_AT), pngChunk('ZZZZ', Buffer.alloc(4)), good.subarray(IEND_AT)]),
      ],
      [
        'IDAT chunks not in one run',
        Buffer.concat([
          PNG_SIGNATURE,
          ihdr(96, 96),
          pngChunk('IDAT', deflateSync(rgbRows(96, 96)).subarray(0, 20)),
          pngChunk('tEXt', Buffer.from('a\0b')),
          pngChunk('IDAT', deflateSync(rgbRows(96, 96)).subarray(20)),
          pngChunk('IEND', Buffer.alloc(0)),
        ]),
      ],
    ];
    for (const [what, data] of corrupt) {
      const res = await uploadFile(data, 'photo.png');
      expect(res.body, what).toMatchObject({ errorCode: 1, errorMsg: structureMessages.imageCorrupt });
      // the same as an attachment: an image that does not decode is refused there too
      const asAttachment = await attach(data, 'photo.png');
      expect(asAttachment.body, what).toMatchObject({
        errorCode: 1,
        errorMsg: structureMessages.imageCorrupt,
      });
    }
    expect(tempFiles()).toEqual([]);
  });

  it('walks a JPEG to its end: truncated or malformed ones are refused', async () => {
    const real = jpeg(300, 200);
    const sos = real.indexOf(Buffer.from([0xff, 0xda]));
    const corrupt: [string, Buffer][] = [
      ['no EOI (cut at the end)', real.subarray(0, real.length - 2)],
      ['cut inside the scan data', real.subarray(0, sos + 30)],
      ['cut inside the EXIF segment', real.subarray(0, 5000)],
      ['a quantisation table the frame uses is never defined', jpeg(300, 200, { dqt: [0] })],
      [
        'EOI straight after the frame header',
        Buffer.concat([real.subarray(0, sos), Buffer.from([0xff, 0xd9])]),
      ],
      [
        'garbage where a marker belongs',
        Buffer.concat([real.subarray(0, 20), Buffer.from('hello'), real.subarray(20)]),
      ],
    ];
    for (const [what, data] of corrupt) {
      const res = await uploadFile(data, 'photo.jpg');
      expect(res.body, what).toMatchObject({ errorCode: 1, errorMsg: structureMessages.imageCorrupt });
    }
    expect(tempFiles()).toEqual([]);
  });

  it('accepts interlaced PNGs, multi-scan JPEGs and data a phone appends after EOI', async () => {
    for (const [width, height] of [
      [100, 80],
      [73, 97],
    ]) {
      const res = await uploadFile(interlacedPng(width, height), 'interlaced.png');
      expect(res.body.errorCode, `${width}×${height}`).toBe(0);
    }
    const motionPhoto = Buffer.concat([
      jpeg(640, 480),
      Buffer.from('\0\0\0\x18ftypmp42 video data', 'latin1'),
    ]);
    const res = await uploadFile(motionPhoto, 'PXL_motion.jpg');
    expect(res.body.errorCode).toBe(0);
    const served = await get(res.body.result as string, { token: tokenA });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a PNG announcing more pixels than the limit without inflating it', async () => {
    const side = Math.ceil(Math.sqrt(PNG_MAX_PIXELS)) + 1;
    const huge = Buffer.concat([
      PNG_SIGNATURE,
      ihdr(side, side),
      pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    await expectRefused(() => uploadFile(huge, 'huge.png'), structureMessages.imageTooManyPixels);
    expect(structureMessages.imageTooManyPixels).toBe('图片像素过多，不能超过5000万像素');
  });
});

describe('serving files', () => {
  let url: string;
  const data = png(120, 90);

  beforeAll(async () => {
    const res = await uploadFile(data, '../../etc/产品 <图>\u202e.png');
    url = res.body.result as string;
  });

  it('streams the file with its type, nosniff, inline name and cache headers', async () => {
    const res = await get(url, { token: tokenA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect(res.headers['content-disposition']).toBe(contentDisposition('产品 图.png', 'image/png'));
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="__ _\.png"; /);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('产品 图.png')}`,
    );
    expect(res.rawPayload.equals(data)).toBe(true);
    const again = await h.app.inject({
      method: 'GET',
      url,
      headers: { token: tokenA, 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await h.app.inject({ method: 'HEAD', url, headers: { token: tokenA } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.rawPayload).toHaveLength(0);
  });

  it('takes the token as a parameter, for <img src>', async () => {
    const res = await get(url, { query: { token: tokenA } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('serves byte ranges', async () => {
    const res = await get(url, { token: tokenA, range: 'bytes=8-15' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 8-15/${data.length}`);
    expect(res.rawPayload.equals(data.subarray(8, 16))).toBe(true);
    const bad = await get(url, { token: tokenA, range: `bytes=${data.length + 10}-` });
    expect(bad.statusCode).toBe(416);
  });

  it("answers 404 to another tenant's file, an unknown id and anything that is not an id", async () => {
    const other = await get(url, { token: tokenB });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ errorCode: 4, errorMsg: '文件不存在或已被删除' });
    const viaQuery = await get(url, { query: { token: tokenB } });
    expect(viaQuery.json()).toMatchObject({ errorCode: 4, errorMsg: '文件不存在或已被删除' });
    const unknown = await get('/api/web/v1/basicData/private/file/get/00000000-0000-4000-8000-000000000000', {
      token: tokenA,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 4, errorMsg: '文件不存在或已被删除' });
    for (const id of ['123', '..%2F..%2Fetc%2Fpasswd', `${a.id}%2F2025%2F01%2Fx`]) {
      const res = await get(`/api/web/v1/basicData/private/file/get/${id}`, { token: tokenA });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().errorCode, id).toBe(4);
    }
    // tenant B's own upload is B's alone
    const mine = await uploadFile(png(80, 80), 'b.png', { token: tokenB });
    expect((await get(mine.body.result as string, { token: tokenB })).statusCode).toBe(200);
    expect((await get(mine.body.result as string, { token: tokenA })).statusCode).toBe(404);
    expect(tenantFiles(b)).toHaveLength(1);
  });

  it('needs a valid token', async () => {
    const none = await get(url);
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe(2);
    const forged = await get(url, { query: { token: 'forged' } });
    expect(forged.json().errorCode).toBe(2);
    const logout = await h.login('filea', 'admin');
    await h.call('GET', 'authority/private/user/logout', { token: logout });
    expect((await get(url, { query: { token: logout } })).json().errorCode).toBe(2);
  });

  it('records the upload in the tenant database', async () => {
    const { sql } = await import('drizzle-orm');
    const rows = await h.db.systemQuery<{ tenant_id: number; original_name: string; mime: string }>(
      sql`select tenant_id, original_name, mime from file where id = ${url.split('/').pop()}`,
    );
    expect(rows).toEqual([{ tenant_id: a.id, original_name: '产品 图.png', mime: 'image/png' }]);
    const audit = await h.db.systemQuery<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'file' and tenant_id = ${a.id}`,
    );
    expect(audit[0].n).toBeGreaterThan(0);
  });
});

describe('file names', () => {
  it('keeps the last segment, drops control and reserved characters, limits the length', () => {
    expect(sanitiseName('C:\\Users\\x\\报告.pdf', 'f')).toBe('报告.pdf');
    expect(sanitiseName('../../etc/passwd', 'f')).toBe('passwd');
    expect(sanitiseName('a\u0000b\u202ec<>:"|?*.png', 'f')).toBe('abc.png');
    expect(sanitiseName('...hidden', 'f')).toBe('hidden');
    expect(sanitiseName('   ', 'file.png')).toBe('file.png');
    const long = sanitiseName(`${'长'.repeat(300)}.xlsx`, 'f');
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});
