import { constants, crc32, deflateRawSync } from 'node:zlib';
import { importMessages } from '@factory/shared/api/import';
import { encryptText } from '@factory/shared/crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUnpackLimits, type UnpackLimits } from '../../config.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import { parseOnly } from './import.ts';
import { readFirstSheet } from './reader.ts';
import { unpackMessages } from './zip.ts';

/**
 * Issue 17 item 1: an uploaded xlsx is unpacked with limits checked before the memory is spent.
 * Every file here is built in the test, part by part, deflated as a stream: the bombs unpack to
 * a gigabyte each and are never held unpacked, here or in the server.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;
const defaults = loadUnpackLimits({});
const limits = (l: Partial<UnpackLimits>): UnpackLimits => ({ ...defaults, ...l });

type Source = string | (() => Iterable<string>);
interface Part {
  name: string;
  data: Source;
  /** The size the zip declares instead of the true one (a crafted file may lie). */
  declared?: number;
}

/**
 * Deflates a part as it is generated, each distinct chunk once: a chunk deflated on its own and
 * ended by a full flush is a piece of deflate stream that needs nothing before it, so a chunk
 * repeated a thousand times is its piece repeated. Memory holds the packed bytes only.
 */
function deflate(data: Source) {
  const pieces = new Map<string, { bytes: Buffer; piece: Buffer }>();
  const packed: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const text of typeof data === 'string' ? [data] : data()) {
    let chunk = pieces.get(text);
    if (!chunk) {
      const bytes = Buffer.from(text);
      chunk = { bytes, piece: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH }) };
      pieces.set(text, chunk);
    }
    crc = crc32(chunk.bytes, crc);
    size += chunk.bytes.length;
    packed.push(chunk.piece);
  }
  // the final (empty) block
  packed.push(deflateRawSync(Buffer.alloc(0)));
  return { packed: Buffer.concat(packed), crc, size };
}

/** A zip of the parts, as any zip tool writes it (local headers, central directory, end record). */
function zipOf(parts: Part[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { packed, crc, size } = deflate(part.data);
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(part.declared ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(packed.length, 20);
    record.writeUInt32LE(part.declared ?? size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    out.push(local, name, packed);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** The header row of the user import, then data rows of one user each. */
const HEADER = `<row r="1">${inline('A1', '用户名')}${inline('B1', '姓名')}</row>`;
const dataRow = (n: number) => `<row r="${n}">${inline(`A${n}`, `u${n}`)}${inline(`B${n}`, '张三')}</row>`;
const sheetOf = (rows: string, cols = '') =>
  `<worksheet xmlns="${MAIN}">${cols}<sheetData>${rows}</sheetData></worksheet>`;

/** An xlsx of the given sheet (and shared strings, styles, extra parts), as Excel lays it out. */
function workbookParts(sheet: Source, more: { strings?: Source; styles?: Source } = {}): Part[] {
  const rels = [
    `<Relationship Id="rId1" Type="${NS}/worksheet" Target="worksheets/sheet1.xml"/>`,
    more.strings ? `<Relationship Id="rId2" Type="${NS}/sharedStrings" Target="sharedStrings.xml"/>` : '',
    more.styles ? `<Relationship Id="rId3" Type="${NS}/styles" Target="styles.xml"/>` : '',
  ].join('');
  return [
    {
      name: '[Content_Types].xml',
      data: `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns="${MAIN}" xmlns:r="${NS}"><sheets><sheet name="数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: `<Relationships xmlns="${REL}">${rels}</Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...(more.strings ? [{ name: 'xl/sharedStrings.xml', data: more.strings }] : []),
    ...(more.styles ? [{ name: 'xl/styles.xml', data: more.styles }] : []),
  ];
}

/** `unit` repeated to about `bytes`, inside `head`…`tail`, generated 1 MB at a time. */
const repeated = (head: string, unit: string, bytes: number, tail: string) =>
  function* () {
    yield head;
    const block = unit.repeat(Math.ceil(MB / Buffer.byteLength(unit)));
    for (let n = 0; n < bytes; n += Buffer.byteLength(block)) yield block;
    yield tail;
  };

const refusal = (message: string) => ({ code: 1, message });

describe('an xlsx is unpacked within limits (parseOnly)', () => {
  it('reads a file built here: the builder makes sound workbooks', async () => {
    const file = zipOf(workbookParts(sheetOf(HEADER + dataRow(2) + dataRow(3))));
    expect(await parseOnly(file)).toBe(2);
  });

  it('reads shared strings, rich text joined once into plain text', async () => {
    const strings = `<sst xmlns="${MAIN}"><si><t>用户名</t></si><si><t>姓名</t></si><si><r><t>张</t></r><r><rPr><b/></rPr><t>三</t></r></si></sst>`;
    const sheet = sheetOf(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>` +
        `<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>2</v></c></row>`,
    );
    const file = zipOf(workbookParts(sheet, { strings }));
    const rows: unknown[][] = [];
    await readFirstSheet(file, (row) => {
      rows.push((row.values as unknown[]).slice(1));
      return true;
    });
    expect(rows).toEqual([
      ['用户名', '姓名'],
      ['张三', '张三'],
    ]);
  });

  it('refuses more entries than maxEntries before reading any', async () => {
    const parts = workbookParts(sheetOf(HEADER + dataRow(2)));
    const padding = Array.from({ length: 10 }, (_, i) => ({ name: `xl/media/x${i}.bin`, data: 'x' }));
    const file = zipOf([...parts, ...padding]);
    const max = parts.length + 9;
    await expect(parseOnly(file, { limits: limits({ maxEntries: max }) })).rejects.toMatchObject(
      refusal(unpackMessages.entries(max)),
    );
    expect(await parseOnly(file, { limits: limits({ maxEntries: max + 1 }) })).toBe(1);
  });

  it('refuses a sheet, shared strings or another part over its size, and all parts over the total', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => dataRow(i + 2)).join('');
    const sheet = sheetOf(HEADER + rows);
    const size = Buffer.byteLength(sheet);
    const file = zipOf(workbookParts(sheet, { strings: `<sst xmlns="${MAIN}"/>` }));
    expect(await parseOnly(file, { limits: limits({ maxSheetBytes: size }) })).toBe(3000);
    await expect(parseOnly(file, { limits: limits({ maxSheetBytes: size - 1 }) })).rejects.toMatchObject(
      refusal(unpackMessages.sheet(size - 1)),
    );
    await expect(parseOnly(file, { limits: limits({ maxTotalBytes: size }) })).rejects.toMatchObject(
      refusal(unpackMessages.total(size)),
    );

    const strings = `<sst xmlns="${MAIN}">${'<si><t>文字</t></si>'.repeat(5000)}</sst>`;
    const withStrings = zipOf(workbookParts(sheetOf(HEADER + dataRow(2)), { strings }));
    const stringsLimit = Buffer.byteLength(strings) - 1;
    await expect(
      parseOnly(withStrings, { limits: limits({ maxSharedStringsBytes: stringsLimit }) }),
    ).rejects.toMatchObject(refusal(unpackMessages.sharedStrings(stringsLimit)));

    const styles = `<styleSheet xmlns="${MAIN}"><cellXfs>${'<xf/>'.repeat(500_000)}</cellXfs></styleSheet>`;
    const withStyles = zipOf(workbookParts(sheetOf(HEADER + dataRow(2)), { styles }));
    await expect(parseOnly(withStyles)).rejects.toMatchObject(
      refusal(unpackMessages.part(defaults.maxPartBytes)),
    );
  });

  it('refuses a part that unpacks far more than it packs, before inflating it', async () => {
    const file = zipOf(
      workbookParts(
        repeated(
          `<worksheet xmlns="${MAIN}"><sheetData>${HEADER}`,
          dataRow(2),
          4 * MB,
          '</sheetData></worksheet>',
        ),
      ),
    );
    // 4 MB of one row repeated packs to a few KB: far over 100 : 1, while under every size limit
    await expect(parseOnly(file)).rejects.toMatchObject(refusal(unpackMessages.ratio(defaults.maxRatio)));
  });

  it('refuses a part that unpacks to more than it declares, at the first chunk beyond', async () => {
    const file = zipOf(
      workbookParts(sheetOf(HEADER + dataRow(2))).map((p) =>
        p.name === 'xl/worksheets/sheet1.xml'
          ? {
              ...p,
              data: repeated(
                `<worksheet xmlns="${MAIN}"><sheetData>${HEADER}`,
                '<row/>',
                256 * MB,
                '</sheetData></worksheet>',
              ),
              declared: 1000,
            }
          : p,
      ),
    );
    const started = performance.now();
    await expect(parseOnly(file)).rejects.toMatchObject(refusal(importMessages.format));
    // 256 MB are not inflated to find out
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses more rows than maxRows, empty rows counted', async () => {
    const file = zipOf(workbookParts(sheetOf(HEADER + dataRow(2) + '<row r="3"/>'.repeat(5))));
    expect(await parseOnly(file, { limits: limits({ maxRows: 7 }) })).toBe(1);
    await expect(parseOnly(file, { limits: limits({ maxRows: 6 }) })).rejects.toMatchObject(
      refusal(unpackMessages.rows(6)),
    );
  });

  it('refuses a cell beyond maxColumns, however its reference is written', async () => {
    const at = (ref: string) =>
      zipOf(workbookParts(sheetOf(`${HEADER}<row r="2"><c r="${ref}"><v>1</v></c></row>`)));
    expect(await parseOnly(at('IV2'), { limits: limits({ maxColumns: 256 }) })).toBe(1);
    for (const ref of ['IW2', '$IW$2', '&#73;&#x57;2', 'ZZZZZZZZZZ2'])
      await expect(parseOnly(at(ref), { limits: limits({ maxColumns: 256 }) })).rejects.toMatchObject(
        refusal(unpackMessages.columns(256)),
      );
  });

  it('refuses a column range past Excel’s last column without building it', async () => {
    // exceljs creates an object per column of a <col> range: 2 000 000 000 of them would never end
    const file = zipOf(
      workbookParts(sheetOf(HEADER + dataRow(2), '<cols><col min="1" max="2000000000" width="9"/></cols>')),
    );
    await expect(parseOnly(file)).rejects.toMatchObject(refusal(importMessages.format));
    const whole = zipOf(
      workbookParts(sheetOf(HEADER + dataRow(2), '<cols><col min="1" max="16384" width="9"/></cols>')),
    );
    expect(await parseOnly(whole)).toBe(1);
  });
});

describe('five bombs uploaded at once (over HTTP, user import)', () => {
  let h: Harness;
  let token: string;
  let bombs: { file: Buffer; message: string }[];

  beforeAll(async () => {
    h = await createHarness();
    await h.addTenant('bombs');
    token = await h.login('bombs', 'admin');
    // a gigabyte of shared strings, and a gigabyte of sheet rows: each packs to about 3 MB
    const strings = repeated(`<sst xmlns="${MAIN}">`, '<si><t>炸弹</t></si>', GB, '</sst>');
    const rows = repeated(
      `<worksheet xmlns="${MAIN}"><sheetData>${HEADER}`,
      dataRow(2),
      GB,
      '</sheetData></worksheet>',
    );
    const stringBomb = zipOf(workbookParts(sheetOf(HEADER + dataRow(2)), { strings }));
    const sheetBomb = zipOf(workbookParts(rows));
    // the same bytes declaring a small size: the lie is found while inflating
    const lying = zipOf(
      workbookParts(sheetOf(HEADER + dataRow(2)), { strings }).map((p) =>
        p.name === 'xl/sharedStrings.xml' ? { ...p, declared: MB } : p,
      ),
    );
    bombs = [
      { file: stringBomb, message: unpackMessages.sharedStrings(defaults.maxSharedStringsBytes) },
      { file: sheetBomb, message: unpackMessages.sheet(defaults.maxSheetBytes) },
      { file: lying, message: importMessages.format },
      { file: stringBomb, message: unpackMessages.sharedStrings(defaults.maxSharedStringsBytes) },
      { file: sheetBomb, message: unpackMessages.sheet(defaults.maxSheetBytes) },
    ];
    for (const { file } of bombs) expect(file.length).toBeLessThan(5 * MB);
  }, 60_000);
  afterAll(() => h.close());

  async function upload(file: Buffer) {
    const body = multipart([{ name: 'file', filename: 'bomb.xlsx', data: file }]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/web/v1/authority/private/user/importUser?mode=check',
      headers: { ...body.headers, token },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as { errorCode: number; errorMsg: string } };
  }

  const listUsers = () =>
    h.call('GET', 'authority/private/user/getUserListPage', {
      token,
      query: { currentPage: 1, pageSize: 10 },
    });

  it('refuses each with the limit named, and answers a list request meanwhile', async () => {
    let peakRss = process.memoryUsage().rss;
    const baseRss = peakRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    try {
      const quietStarted = performance.now();
      await listUsers();
      const quietMs = performance.now() - quietStarted;
      const uploads = bombs.map((b) => upload(b.file));
      const started = performance.now();
      const list = await listUsers();
      const listMs = performance.now() - started;
      expect(list.body.errorCode).toBe(0);
      const answers = await Promise.all(uploads);
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(422);
        expect(answer.body).toMatchObject({ errorCode: 1, errorMsg: bombs[i].message });
      });
      console.info(
        `5 bombs: list answered in ${listMs.toFixed(0)} ms (${quietMs.toFixed(0)} ms without them); RSS ${(baseRss / MB).toFixed(0)} MB before, ` +
          `peak ${(peakRss / MB).toFixed(0)} MB`,
      );
    } finally {
      clearInterval(sampler);
    }
  });

  it('still imports a sound file after them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['用户名', '姓名', '工号', '手机号', '邮箱', '角色', '状态']);
    sheet.addRow(['after1', '炸弹之后', 'CJafter1', '', '', '', '启用']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect((await upload(file)).body).toMatchObject({ errorCode: 0, result: { total: 1, valid: 1 } });
    const body = multipart([
      { name: 'password', data: await encryptText('Import2026') },
      { name: 'file', filename: 'users.xlsx', data: file },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/web/v1/authority/private/user/importUser?mode=write',
      headers: { ...body.headers, token },
      payload: body.payload,
    });
    expect(res.json()).toMatchObject({ errorCode: 0, result: { written: 1 } });
  });
});
