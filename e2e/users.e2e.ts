import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { fileMessages } from '@factory/shared/api/file';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, 'machinery', 'admin');
});
afterAll(async () => {
  await browser?.close();
});

const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const openUsers = async (p: Page) => {
  await p.goto('/setting/user-info/user');
  await p.getByText('用户列表').first().waitFor();
  await rows(p).first().waitFor();
};
const userNames = async (p: Page) =>
  (await rows(p).locator('td:first-child').allInnerTexts()).map((t) => t.trim());

/** A real RGB PNG; each pixel's colour from `colour(x, y)`. */
function png(width: number, height: number, colour: (x: number, y: number) => number[]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n >>> 0);
    return b;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    return Buffer.concat([u32(data.length), td, u32(crc(td))]);
  };
  const raw = Buffer.concat(
    Array.from({ length: height }, (_, y) =>
      Buffer.from([0, ...Array.from({ length: width }, (_, x) => colour(x, y)).flat()]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])])),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** 120×120: an orange disc on a blue gradient, easy to tell in a screenshot. */
const face = () =>
  png(120, 120, (x, y) =>
    (x - 60) ** 2 + (y - 50) ** 2 < 30 ** 2 ? [250, 140, 40] : [40 + y, 90 + x / 2, 230],
  );
/** Whether an <img> has loaded real pixels (a refused request leaves it at 0×0). */
const loaded = (img: ReturnType<Page['locator']>) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

describe('the Users screen', () => {
  it('filters, sorts and pages; the state survives a reload', async () => {
    await openUsers(page);
    // the demo's 13 users, and any another browser test added to this tenant before this one ran
    const all = await rows(page).count();
    expect(all).toBeGreaterThanOrEqual(13);
    await page.getByPlaceholder('请输入姓名').fill('韩');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => userNames(page)).toEqual(['jingli01']);
    await page.reload();
    await rows(page).first().waitFor();
    expect(await userNames(page)).toEqual(['jingli01']);
    expect(await page.getByPlaceholder('请输入姓名').inputValue()).toBe('韩');
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => rows(page).count()).toBe(all);
    await page.locator('th', { hasText: '用户名' }).click();
    await expect.poll(async () => (await userNames(page))[0]).toBe('admin');
    expect(new URL(page.url()).searchParams.get('order')).toBe('+userName');
    await shot(page, 'users-sorted');
  });

  it('hides a column and finds it hidden after reload and a new login', async () => {
    await openUsers(page);
    const header = page.locator('.ant-table-thead th', { hasText: '创建时间' });
    expect(await header.count()).toBe(1);
    await page.getByRole('button', { name: '列设置' }).click();
    const popover = page.locator('.ant-popover');
    await popover.getByRole('checkbox', { name: '创建时间' }).uncheck();
    await popover.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => header.count()).toBe(0);
    await page.reload();
    await rows(page).first().waitFor();
    expect(await header.count()).toBe(0);
    const again = await newPage(browser);
    await signIn(again.page, 'machinery', 'admin');
    await openUsers(again.page);
    expect(await again.page.locator('.ant-table-thead th', { hasText: '创建时间' }).count()).toBe(0);
    await shot(again.page, 'users-columns-kept');
    await again.context.close();
  });

  it('adds, copies, disables and enables a user', async () => {
    await openUsers(page);
    await page.getByRole('button', { name: /新增用户/ }).click();
    const dialog = page.locator('.ant-modal-container').last();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入用户名').first().waitFor();
    await dialog.getByPlaceholder('请输入用户名').fill('e2euser');
    await dialog.getByPlaceholder('请输入姓名').fill('端到端');
    await dialog.getByPlaceholder('请输入初始密码').fill('E2eTest2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').last().waitFor();
    await page.locator('#userSearch_userName').fill('e2e');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => userNames(page)).toEqual(['e2euser']);

    const row = rows(page).first();
    await row.getByText('更多').click();
    await page.getByRole('menuitem', { name: '复制' }).click();
    const copy = page.locator('.ant-modal-container').last();
    await expect.poll(() => copy.getByPlaceholder('请输入用户名').inputValue()).toMatch(/^e2euser\d+$/);
    await copy.getByPlaceholder('请输入初始密码').fill('E2eCopy2026');
    await copy.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);

    await row.getByText('停用').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('停用成功').last().waitFor();
    await expect.poll(() => row.getByText('启用').count()).toBeGreaterThan(0);
    await shot(page, 'users-disabled');
    await row.getByText('启用', { exact: true }).first().click();
    await page.getByText('启用成功').last().waitFor();
  });

  it('uploads an avatar', async () => {
    await openUsers(page);
    await page.locator('#userSearch_userName').fill('jingli01');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => userNames(page)).toEqual(['jingli01']);
    const row = rows(page).first();
    expect(await row.locator('.ant-avatar img').count()).toBe(0);
    await row.getByText('修改', { exact: true }).click();
    const dialog = page.locator('.ant-modal-container').last();
    await dialog.getByText('修改用户').waitFor();
    const input = dialog.locator('input[type=file]');

    // refused in the browser: nothing is sent, nothing changes
    await input.setInputFiles({
      name: 'tiny.png',
      mimeType: 'image/png',
      buffer: png(10, 10, () => [0, 0, 0]),
    });
    await page.getByText(fileMessages.imageTooSmall).waitFor();
    expect(await dialog.getByAltText('头像').count()).toBe(0);
    await shot(page, 'users-avatar-refused');

    await input.setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: face() });
    await page.getByText(fileMessages.uploaded).waitFor();
    const preview = dialog.getByAltText('头像');
    await expect.poll(() => loaded(preview)).toBe(true);
    expect(await preview.getAttribute('src')).toMatch(
      /\/api\/web\/v1\/basicData\/private\/file\/get\/[0-9a-f-]{36}\?token=/,
    );
    await shot(page, 'users-avatar-form');

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('修改成功').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const avatar = row.locator('.ant-avatar img');
    await avatar.waitFor();
    await expect.poll(() => loaded(avatar)).toBe(true);
    await shot(page, 'users-avatar-list');
  });
});

describe('import and export on the Users screen', () => {
  const HEADERS = ['用户名', '姓名', '工号', '手机号', '邮箱', '角色', '状态'];
  async function xlsx(rows: unknown[][]): Promise<string> {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(HEADERS);
    for (const r of rows) ws.addRow(r);
    const file = path.join(os.tmpdir(), `e2e-users-${Date.now()}.xlsx`);
    await wb.xlsx.writeFile(file);
    return file;
  }

  it('shows the errors of a bad file with a downloadable list, then imports the fixed file', async () => {
    await openUsers(page);
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const wizard = page.locator('.ant-modal-container').last();
    const bad = await xlsx([
      ['imp01', '', 'IMP01', '', '', '操作工', '启用'],
      ['imp02', '导入二', 'IMP02', '12', '', '保安', '启用'],
    ]);
    await wizard.locator('input[type=file]').setInputFiles(bad);
    await wizard.getByPlaceholder('请输入初始密码').fill('Import2026');
    await wizard.getByRole('button', { name: /下一步/ }).click();
    await wizard.getByText(/错误 3 处/).waitFor();
    await shot(page, 'users-import-errors');
    const download = page.waitForEvent('download');
    await wizard.getByRole('button', { name: /下载错误清单/ }).click();
    expect((await download).suggestedFilename()).toBe('用户导入错误清单.xlsx');

    await wizard.getByRole('button', { name: /上一步/ }).click();
    const good = await xlsx([
      ['imp01', '导入一', 'IMP01', '', '', '操作工', '启用'],
      ['imp02', '导入二', 'IMP02', '13712345678', '', '质检员', '停用'],
    ]);
    await wizard.locator('input[type=file]').setInputFiles(good);
    await wizard.getByRole('button', { name: /下一步/ }).click();
    await wizard
      .getByText(/错误 0 处|校验通过/)
      .first()
      .waitFor();
    await wizard.getByRole('button', { name: /下一步/ }).click();
    await wizard.getByRole('button', { name: /开始导入/ }).click();
    await wizard.getByText('成功导入 2 条').waitFor();
    await wizard.getByRole('button', { name: /确\s*定/ }).click();
    await wizard.waitFor({ state: 'hidden' });
    await page.locator('#userSearch_userName').fill('imp0');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => userNames(page)).toEqual(['imp02', 'imp01']);
  });

  it('exports the filtered list and the file opens with those rows', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await (await download).path();
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['用户名', '姓名']);
    expect(ws.rowCount).toBe(3);
  });
});
