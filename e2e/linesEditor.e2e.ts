import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pick, shot, signIn } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  // the test pastes through the real clipboard, as a user pasting from Excel does
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'transformer', 'admin');
});
afterAll(async () => {
  await browser?.close();
});

const rows = (p: Page) => p.locator('#bomLines .ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
const cell = (p: Page, line: number, column: string) => p.getByLabel(`第${line}行${column}`, { exact: true });
/** The label of the cell the cursor is in. */
const focused = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label'));
/** The material codes of the lines, in the order shown. */
const codes = (p: Page) =>
  rows(p).evaluateAll((trs) =>
    trs.map((tr) => {
      const td = tr.querySelectorAll('td')[2];
      return (td?.querySelector('.ant-typography') ?? td)?.textContent ?? '';
    }),
  );
/** Three lines as Excel puts them on the clipboard: 物料编码, 用量, 损耗率; one bad quantity, one unknown code. */
const EXCEL = 'YCL-GG-001\t620\t1.5\r\nYCL-JY-002\t0\t8\r\nNOPE-999\t3\t\r\n';

describe('the lines editor, on the BOM screen', () => {
  it('takes typing, a paste of three rows from Excel, reordering, and shows each bad line until fixed', async () => {
    // a product of its own, so the BOM starts empty
    await page.goto('/information/materials-info/materials-list');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /新增物料/ }).click();
    await dialog(page).getByPlaceholder('留空则按编码规则自动生成').fill('E2E-LE');
    await dialog(page).getByPlaceholder('请输入物料名称').fill('粘贴测试变压器');
    await pick(page, dialog(page).getByLabel('物料类型', { exact: true }), '成品');
    await pick(page, dialog(page).getByLabel('主单位', { exact: true }), '台', '台');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('新增成功').last().waitFor();

    await page.goto('/information/materials-info/materials-setting-list');
    await page.getByRole('button', { name: /新增BOM/ }).click();
    await pick(page, dialog(page).getByLabel('产品', { exact: true }), '粘贴测试变压器', '粘贴测试变压器');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('暂无子件，点击“添加子件”开始').waitFor();

    // typing: pick a material, type the quantity, Enter goes on to the next cell
    await page.getByRole('button', { name: /添加子件/ }).click();
    await pick(page, cell(page, 1, '子件物料'), '纸包铜扁线', '纸包铜扁线');
    await cell(page, 1, '用量').fill('');
    await cell(page, 1, '用量').pressSequentially('42');
    await expect.poll(() => cell(page, 1, '用量').inputValue()).toBe('42');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('第1行损耗率');
    await page.keyboard.type('1.5');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('第1行排序');

    // paste three rows from the clipboard into a new line's material cell
    await page.getByRole('button', { name: /添加子件/ }).click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), EXCEL);
    await cell(page, 2, '子件物料').focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.getByText('第4行“子件物料”没有编码或名称为“NOPE-999”的物料').waitFor();
    await page.getByText('第3行“用量”须大于0').waitFor();
    expect(await page.getByText('2 处需要修改').count()).toBe(1);
    await expect.poll(() => codes(page)).toEqual(['YCL-CU-003', 'YCL-GG-001', 'YCL-JY-002', '—']);
    await expect.poll(() => cell(page, 2, '用量').inputValue()).toBe('620');
    await expect.poll(() => cell(page, 2, '损耗率').inputValue()).toBe('1.5');
    await page.screenshot({ path: '/tmp/lines-editor-pasted.png' });
    await shot(page, 'lines-editor-pasted');

    // reorder: 下移 swaps the first two lines, Alt+↑ brings it back
    await rows(page).nth(0).getByRole('button', { name: '下移' }).click();
    await expect.poll(() => codes(page)).toEqual(['YCL-GG-001', 'YCL-CU-003', 'YCL-JY-002', '—']);
    await cell(page, 2, '用量').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => codes(page)).toEqual(['YCL-CU-003', 'YCL-GG-001', 'YCL-JY-002', '—']);
    // the line moved, its values did not change, and the cursor went with it
    await expect.poll(() => cell(page, 1, '用量').inputValue()).toBe('42');
    await expect.poll(() => focused(page)).toBe('第1行用量');

    // saving is refused while a line is wrong, and says why
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('第4行“子件物料”没有编码或名称为“NOPE-999”的物料').waitFor();
    expect(await page.getByText('2 处需要修改').count()).toBe(1);
    expect(await page.getByText('保存成功').count()).toBe(0);

    // fix both lines, then save
    await cell(page, 3, '用量').fill('6');
    await pick(page, cell(page, 4, '子件物料'), '铜箔', '铜箔');
    await expect.poll(() => page.getByText(/处需要修改/).count()).toBe(0);
    await page.screenshot({ path: '/tmp/lines-editor-fixed.png' });
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').last().waitFor();

    // what was saved comes back in the order shown
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(4);
    await expect.poll(() => codes(page)).toEqual(['YCL-CU-003', 'YCL-GG-001', 'YCL-JY-002', 'YCL-CU-004']);
    await expect.poll(() => cell(page, 3, '用量').inputValue()).toBe('6');
    await expect.poll(() => cell(page, 1, '用量').inputValue()).toBe('42');
    await expect.poll(() => cell(page, 1, '损耗率').inputValue()).toBe('1.5');
    await page.screenshot({ path: '/tmp/lines-editor-saved.png', fullPage: true });
    await shot(page, 'lines-editor-saved');
  });
});
