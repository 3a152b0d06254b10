import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pick, signIn } from './browser.ts';

/** Where this test's pictures of the screens go (looked at after each run). */
const OUTPUT = path.resolve(import.meta.dirname, '..', '.test-output', 'materialPrep');
async function snap(p: Page, name: string, full = false) {
  fs.mkdirSync(OUTPUT, { recursive: true });
  // let a closing message or dropdown finish its animation
  await p.waitForTimeout(400);
  await p.screenshot({ path: path.join(OUTPUT, `${name}.png`), fullPage: full });
}

const LIST = '/warehouse/inventory-info/warehouse-assign';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  // the demo's warehouse keeper: preparing the work orders' materials is the role's work
  await signIn(page, 'transformer', 'cangguan01');
});
afterAll(async () => {
  await browser?.close();
});

const listRows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
/** The detail page's status tag text. */
const status = (p: Page) => p.locator('.ant-card').first().locator('.ant-tag').last().textContent();
const dialog = (p: Page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();
/** A quantity as the screens show it ('608.352 kg'): its number. */
const numberIn = (text: string | null) => Number(/-?\d+(?:\.\d+)?/.exec(text ?? '')?.[0] ?? Number.NaN);
/** The count on a status tab's badge. */
const tabCount = async (p: Page, label: string) =>
  numberIn(
    await p
      .getByRole('tab', { name: new RegExp(label) })
      .locator('.ant-badge')
      .textContent(),
  );

/** The pick dialog's lines: 序号, what is still to pick and what the source warehouse has. */
async function pickLines(rows: Locator) {
  const out: { seq: number; remaining: number; available: number }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = rows.nth(i).locator('td');
    // columns: selection, 序号, 物料, 工序, 未领数量, 仓库可用, 领料数量, 批次/库位
    out.push({
      seq: numberIn(await cells.nth(1).textContent()),
      remaining: numberIn(await cells.nth(4).textContent()),
      available: numberIn(await cells.nth(5).textContent()),
    });
  }
  return out;
}

describe('material preparation', () => {
  it('the keeper sends an order if needed, picks what it still needs and sees it prepared', async () => {
    await page.goto(LIST);
    await listRows(page).first().waitFor();
    // the open states' tabs count what waits in them
    await expect.poll(() => tabCount(page, '待备料')).toBeGreaterThanOrEqual(0);
    await snap(page, '01-list');

    // an order still to send if there is one, else one sent and waiting
    const toSend = await tabCount(page, '待下发');
    await page.getByRole('tab', { name: toSend > 0 ? /待下发/ : /待备料/ }).click();
    await expect
      .poll(() => listRows(page).first().locator('.ant-tag').textContent())
      .toBe(toSend > 0 ? '待下发' : '待备料');
    await snap(page, '02-list-tab');
    const link = listRows(page).first().getByRole('link').first();
    const code = (await link.textContent()) ?? '';
    expect(code).toMatch(/^BL\d+$/);
    await link.click();
    await page.waitForURL(/warehouse-assign-detail\/\d+/);
    await page.getByText(`备料单号`).first().waitFor();
    await expect.poll(() => status(page)).toMatch(/待下发|待备料/);

    if ((await status(page)) === '待下发') {
      await snap(page, '03-detail-to-send', true);
      await page.getByRole('button', { name: /下\s*发/ }).click();
      await page.getByText('下发成功').first().waitFor();
      await expect.poll(() => status(page)).toBe('待备料');
    }
    // every line still needs all it requires
    const detailLines = page.locator(
      '[role="tabpanel"][aria-hidden="false"] .ant-table-tbody tr.ant-table-row',
    );
    await detailLines.first().waitFor();
    await snap(page, '04-detail-waiting', true);

    await page.getByRole('button', { name: /领\s*料/ }).click();
    const modal = dialog(page);
    await modal.getByText('发料仓库').first().waitFor();
    const rows = modal.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    // quantities start at what each line still needs
    const first = await pickLines(rows);
    expect(first.length).toBeGreaterThan(0);
    expect(Number(await modal.getByLabel(`第${first[0].seq}行领料数量`).inputValue())).toBe(
      first[0].remaining,
    );
    // no warehouse chosen: the dialog says so and sends nothing
    await modal.getByRole('button', { name: /领\s*料/ }).click();
    await modal.locator('.ant-form-item-explain-error', { hasText: '请选择发料仓库' }).waitFor();

    await pick(page, modal.getByLabel('发料仓库'), '原材料库');
    // the source warehouse's stock of every line
    await expect
      .poll(async () => (await pickLines(rows)).every((l) => !Number.isNaN(l.available)))
      .toBe(true);
    // the first line's batches in that warehouse, with where they lie and what is available
    await modal.getByLabel(`第${first[0].seq}行批次`).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    if (await options.count()) await expect.poll(() => options.first().textContent()).toMatch(/可用 \d/);
    await snap(page, '05-pick-batches');
    await page.keyboard.press('Escape');

    const lines = await pickLines(rows);
    const short = lines.filter((l) => l.available < l.remaining);
    if (short.length) {
      // the ledger refuses what the shelves do not hold, naming it; the dialog keeps the refusal
      await modal.getByRole('button', { name: /领\s*料/ }).click();
      await modal.locator('.ant-alert-error', { hasText: '库存不足' }).waitFor();
      await snap(page, '06-pick-short');
      // pick only the lines the stock covers
      for (const l of short)
        await rows
          .filter({ has: page.getByLabel(`第${l.seq}行领料数量`) })
          .locator('.ant-checkbox-input')
          .click();
    }
    await snap(page, '06-pick-ready');
    await modal.getByRole('button', { name: /领\s*料/ }).click();
    const done = page.locator('.ant-modal-confirm', { hasText: '领料成功' });
    await done.waitFor();
    // the pick's stock document, posted at once
    expect(await done.textContent()).toMatch(/领料单 CRK\d+ 已过账/);
    await snap(page, '07-picked');
    await done.getByRole('button', { name: /知道了/ }).click();

    await expect.poll(() => status(page)).toBe(short.length ? '备料中' : '已备料');
    if (!short.length) {
      // nothing left to pick: no 领料, every line complete
      await expect.poll(() => page.getByRole('button', { name: /领\s*料/ }).count()).toBe(0);
      await expect.poll(() => detailLines.filter({ hasText: '已领齐' }).count()).toBe(lines.length);
    }
    await snap(page, '08-detail-after', true);
    await page.getByRole('tab', { name: '操作日志' }).click();
    await page
      .locator('[role="tabpanel"][aria-hidden="false"]')
      .getByText('领料', { exact: true })
      .first()
      .waitFor();
    await snap(page, '09-log', true);

    // the list shows it in its new state
    const byCode = encodeURIComponent(JSON.stringify({ code }));
    await page.goto(`${LIST}?tab=${short.length ? 2 : 3}&q=${byCode}`);
    await listRows(page).filter({ hasText: code }).first().waitFor();
    expect(await listRows(page).filter({ hasText: code }).first().locator('.ant-tag').textContent()).toBe(
      short.length ? '备料中' : '已备料',
    );
  });
});
