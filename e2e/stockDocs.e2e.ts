import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropdownOf, launch, newPage, pick, signIn } from './browser.ts';

/** Where this test's pictures of the screens go (looked at after each run). */
const OUTPUT = path.resolve(import.meta.dirname, '..', '.test-output', 'stockDocs');
async function snap(p: Page, name: string, full = false) {
  fs.mkdirSync(OUTPUT, { recursive: true });
  // let a closing message or dropdown finish its animation
  await p.waitForTimeout(400);
  await p.screenshot({ path: path.join(OUTPUT, `${name}.png`), fullPage: full });
}

const RECORD = '/warehouse/inventory-info/warehouse-record';
const OPERATE = '/warehouse/inventory-info/warehouse-operate';
/** A batch of this run's own, so the stock it names is only what this test put there. */
const BATCH = `E2E${String(Date.now()).slice(-6)}`;
/** The stock-in's detail page, reversed at the end. */
let stockIn = '';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  // the lines are pasted through the real clipboard, as from Excel
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // the demo's warehouse keeper: stock documents, their approval and the inventory are the role's work
  await signIn(page, 'transformer', 'cangguan01');
});
afterAll(async () => {
  await browser?.close();
});

const cell = (p: Page, line: number, column: string) => p.getByLabel(`第${line}行${column}`, { exact: true });
const lineRows = (p: Page) => p.locator('#stockDocLines .ant-table-tbody tr.ant-table-row');
const confirmOk = (p: Page) =>
  p
    .locator('.ant-modal-confirm, .ant-popconfirm')
    .last()
    .getByRole('button', { name: /确\s*定/ })
    .click();
/** The option of the select `select` whose text contains `text`, typed first (a long list renders only what is in view). */
async function choose(p: Page, select: Locator, text: string) {
  await select.click();
  await select.fill(text);
  await (await dropdownOf(p, select)).locator('.ant-select-item-option', { hasText: text }).first().click();
}

/** The rows of the table in the tab shown (within `scope`). */
const activeRows = (scope: Page | Locator) =>
  scope.locator('[role="tabpanel"][aria-hidden="false"] .ant-table-tbody tr.ant-table-row');

/** The detail page's status tag text. */
const status = (p: Page) => p.locator('.ant-card').first().locator('.ant-tag').last().textContent();

describe('stock documents', () => {
  it('saves a stock-in of two pasted lines, submits and approves it, and the stock shows in 库存信息', async () => {
    await page.goto(RECORD);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await snap(page, '01-record-list');

    await page.getByRole('button', { name: /新增出入库单/ }).click();
    await page.waitForURL((u) => u.pathname === OPERATE);
    await page.getByText('新增出入库单').waitFor();
    // nothing filled: the head and the line say what is missing
    await page.getByRole('button', { name: /保存草稿/ }).click();
    await page.getByText('第1行“物料”不能为空').first().waitFor();
    await page.locator('.ant-form-item-explain-error', { hasText: '请选择出入库类型' }).waitFor();
    await page.locator('.ant-form-item-explain-error', { hasText: '请选择仓库' }).waitFor();
    await snap(page, '02-form-missing');

    await pick(page, page.getByLabel('出入库类型', { exact: true }), '采购入库');
    await pick(page, page.getByLabel('仓库', { exact: true }), '原材料库');
    await pick(page, page.getByLabel('供应商', { exact: true }), '宝钢硅钢（上海）有限公司', '宝钢');
    await page.getByPlaceholder('如采购单号、领料单号（选填）').fill('E2E-PO-001');

    // two lines from Excel: 物料编码, 批次号, 库位, 数量 (the second batch numbered on posting)
    await page.evaluate(
      (text) => navigator.clipboard.writeText(text),
      `YCL-CU-005\t${BATCH}\tA-01-01-1\t12.5\r\nYCL-GB-001\t\tA-01-02-1\t30\r\n`,
    );
    await cell(page, 1, '物料').focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => lineRows(page).count()).toBe(2);
    await expect.poll(() => cell(page, 1, '数量').inputValue()).toBe('12.5');
    await expect.poll(() => cell(page, 2, '数量').inputValue()).toBe('30');
    await expect.poll(() => cell(page, 1, '批次号').inputValue()).toBe(BATCH);
    await expect.poll(() => lineRows(page).first().textContent()).toContain('铜排');
    await expect.poll(() => lineRows(page).nth(1).textContent()).toContain('A-01-02-1');
    expect(await page.getByText('处需要修改').count()).toBe(0);
    await snap(page, '03-form-stock-in', true);

    await page.getByRole('button', { name: /保存并提交/ }).click();
    await page.waitForURL(/warehouse-operate-detail\/\d+/);
    stockIn = new URL(page.url()).pathname;
    await page.getByText('保存并提交成功').last().waitFor();
    await expect.poll(() => status(page)).toBe('待审核');
    await page.getByRole('button', { name: '审核过账' }).click();
    await page.getByText('过账后库存立即变动，确定审核过账吗？').waitFor();
    await confirmOk(page);
    await page.getByText('审核过账成功').last().waitFor();
    await expect.poll(() => status(page)).toBe('已过账');
    // the second line's batch was numbered on posting
    const lines = activeRows(page);
    await expect.poll(() => lines.count()).toBe(2);
    const headers = await page.locator('[role="tabpanel"][aria-hidden="false"] thead th').allTextContents();
    const batchAt = headers.findIndex((h) => h.trim() === '批次号');
    expect(await lines.first().locator('td').nth(batchAt).textContent()).toBe(BATCH);
    expect(await lines.nth(1).locator('td').nth(batchAt).textContent()).toMatch(/^[A-Za-z0-9_.-]+$/);
    await snap(page, '04-detail-posted', true);

    await page.getByRole('tab', { name: '库存流水' }).click();
    const moves = activeRows(page);
    await expect.poll(() => moves.count()).toBe(2);
    await expect.poll(() => moves.first().textContent()).toMatch(/\+/);
    await snap(page, '05-detail-movements', true);
    await page.getByRole('tab', { name: '操作日志' }).click();
    await page.getByText('审核过账', { exact: true }).last().waitFor();
    await snap(page, '06-detail-log');

    await page.goto('/warehouse/inventory-info/inventory');
    await page.getByPlaceholder('请输入批次号').fill(BATCH);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const stock = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'YCL-CU-005' });
    await stock.waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await snap(page, '07-inventory');
    await stock.getByText('YCL-CU-005').click();
    const drawer = page.locator('.ant-drawer-section').last();
    const batch = drawer.locator('.ant-table-tbody tr.ant-table-row', { hasText: BATCH });
    await batch.waitFor();
    expect(await batch.textContent()).toMatch(/A-01-01-1/);
    expect(await batch.textContent()).toMatch(/12\.5/);
    await snap(page, '08-inventory-batches');
    await drawer.getByRole('tab', { name: '库存流水' }).click();
    await activeRows(drawer).first().waitFor();
    await snap(page, '09-inventory-movements');
  });

  it('refuses to post a stock-out of more than the batch holds, saying how much there is', async () => {
    await page.goto(OPERATE);
    await page.getByText('新增出入库单').waitFor();
    await page.getByText('出库', { exact: true }).click();
    await pick(page, page.getByLabel('出入库类型', { exact: true }), '生产领料');
    await pick(page, page.getByLabel('仓库', { exact: true }), '原材料库');
    await pick(page, cell(page, 1, '物料'), '铜排', '铜排');
    // the batches there with what is available, oldest first: this run's batch among them
    await choose(page, cell(page, 1, '批次号'), BATCH);
    await expect.poll(() => lineRows(page).first().textContent()).toContain('A-01-01-1');
    await cell(page, 1, '数量').fill('20');
    await snap(page, '10-form-stock-out', true);
    await page.getByRole('button', { name: /保存并提交/ }).click();
    await page.waitForURL(/warehouse-operate-detail\/\d+/);
    await expect.poll(() => status(page)).toBe('待审核');
    await page.getByRole('button', { name: '审核过账' }).click();
    await confirmOk(page);
    const refusal = page.locator('.ant-message-notice', { hasText: '库存不足' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(new RegExp(`批次 ?${BATCH}.*可用 ?12\\.5.*需要 ?20`));
    await snap(page, '11-stock-out-shortage');
    await expect.poll(() => status(page)).toBe('待审核');
  });

  it('shows the record list with the new documents, their movements, and the inventory account', async () => {
    await page.goto(RECORD);
    const docs = page.locator('.ant-table-tbody tr.ant-table-row');
    await docs.first().waitFor();
    await expect.poll(() => docs.first().textContent()).toMatch(/出库.*待审核/);
    await snap(page, '12-record-list-after');
    await page.getByRole('tab', { name: '库存流水' }).click();
    // newest first: this run's postings at the top
    await activeRows(page).filter({ hasText: BATCH }).first().waitFor();
    await snap(page, '13-record-movements');

    await page.goto('/warehouse/inventory-info/inventory-account');
    await page.getByPlaceholder('物料编码或名称').fill('YCL-CU-005');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'YCL-CU-005' });
    await row.waitFor();
    await snap(page, '14-inventory-account');
    await row.getByRole('button', { name: '流水' }).click();
    const drawer = page.locator('.ant-drawer-section').last();
    await drawer.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expect
      .poll(() => drawer.locator('.ant-table-tbody tr.ant-table-row', { hasText: BATCH }).count())
      .toBe(1);
    await snap(page, '15-account-movements');
  });

  it('asks a transfer for both warehouses and places', async () => {
    await page.goto(OPERATE);
    await page.getByText('新增出入库单').waitFor();
    await page.getByText('调拨', { exact: true }).click();
    await pick(page, page.getByLabel('调出仓库', { exact: true }), '原材料库');
    await pick(page, page.getByLabel('调入仓库', { exact: true }), '半成品库');
    await pick(page, cell(page, 1, '物料'), '铜排', '铜排');
    await pick(page, cell(page, 1, '调入库位'), 'D-01-01', 'D-01-01');
    await cell(page, 1, '数量').fill('5');
    await snap(page, '16-form-transfer', true);
  });

  it('reverses the posted stock-in, asking why, and the reversal shows in its movements', async () => {
    await page.goto(stockIn);
    await page.getByRole('button', { name: /冲\s*销/ }).click();
    const dialog = page.locator('.ant-modal-container').last();
    await dialog.getByText('冲销原因').waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入冲销原因').waitFor();
    await snap(page, '17-reverse-reason');
    await dialog.locator('textarea').fill('数量点错，冲销后重开');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('冲销成功').last().waitFor();
    await expect.poll(() => status(page)).toBe('已冲销');
    await page.getByRole('tab', { name: '库存流水' }).click();
    await expect.poll(() => activeRows(page).count()).toBe(4);
    await page.getByRole('tab', { name: '操作日志' }).click();
    await page.getByText('原因：数量点错，冲销后重开').waitFor();
    await snap(page, '18-reversed');
  });
});
