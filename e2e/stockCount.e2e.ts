import fs from 'node:fs';
import path from 'node:path';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { stockCountEntity } from '@factory/shared/entities/stockCount';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { stockCountMachine } from '@factory/shared/machines/warehouse';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, launch, newPage, pick, signIn } from './browser.ts';

/** Where this test's pictures of the screens go (looked at after each run). */
const OUTPUT = path.resolve(import.meta.dirname, '..', '.test-output', 'stockCount');
async function snap(p: Page, name: string, full = false) {
  fs.mkdirSync(OUTPUT, { recursive: true });
  // let a closing message or dropdown finish its animation
  await p.waitForTimeout(400);
  await p.screenshot({ path: path.join(OUTPUT, `${name}.png`), fullPage: full });
}

const COUNTS = '/warehouse/inventory-info/inventory-account?tab=counts';
const COUNT_CALLS = entityEndpoints(stockCountEntity);
const CANCEL = machineEndpoints(stockCountMachine).actions.cancel;
/** The demo's raw-material warehouse and an area of it its receipts shelve stock in. */
const WAREHOUSE = '原材料库';
const AREA = '硅钢区';
/** This run's sheet, told apart from any other by its remark. */
const REMARK = `E2E盘点${String(Date.now()).slice(-6)}`;

let browser: Browser;
let keeper: Page;
let admin: Page;
/** The sheet this run made, and whether it was posted (else it is cancelled at the end). */
let code = '';
let posted = false;

beforeAll(async () => {
  browser = await launch();
  ({ page: keeper } = await newPage(browser));
  ({ page: admin } = await newPage(browser));
  // the demo's warehouse keeper counts; an approval is somebody else's (the admin's)
  await signIn(keeper, 'transformer', 'cangguan01');
  await signIn(admin, 'transformer', 'admin');
});
afterAll(async () => {
  // a sheet left counting would keep its area frozen for the tests after this one
  if (code && !posted) {
    const { token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
      memberCode: 'transformer',
      userName: 'admin',
      password: await encryptText(DEMO_PASSWORD),
    });
    const byCode = [{ fieldName: 'code', fieldType: 'string', operator: 'eq', fieldValue: code }];
    const searchVal = encodeURIComponent(await encryptText(JSON.stringify(byCode)));
    const found = await apiCall<{ content: { id: number; version: number; status: number }[] }>(
      token,
      'GET',
      `${COUNT_CALLS.listPage.path}?currentPage=1&pageSize=20&searchVal=${searchVal}`,
    );
    const left = found.content[0];
    if (left && (left.status === 0 || left.status === 1))
      await apiCall(token, 'POST', CANCEL.path, { id: left.id, version: left.version });
  }
  await browser?.close();
});

const listRows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();
const drawer = (p: Page) => p.locator('.ant-drawer-section').last();
const drawerRows = (p: Page) =>
  drawer(p).locator('[role="tabpanel"][aria-hidden="false"] .ant-table-tbody tr.ant-table-row');
const confirmOk = (p: Page) =>
  p
    .locator('.ant-modal-confirm')
    .last()
    .getByRole('button', { name: /确\s*定/ })
    .click();
/** The state tag the drawer's title shows. */
const sheetStatus = (p: Page) => drawer(p).locator('.ant-drawer-title .ant-tag').last().textContent();
/** A quantity as the screens show it ('608.352 kg'): its number. */
const numberIn = (text: string | null) => Number(/-?\d+(?:\.\d+)?/.exec(text ?? '')?.[0] ?? Number.NaN);
/** A table cell under the header `title` in `row`. */
async function cellUnder(table: Locator, row: Locator, title: string) {
  const headers = await table.locator('thead th').allTextContents();
  return row.locator('td').nth(headers.findIndex((h) => h.trim() === title));
}

/** Opens this run's sheet from the 盘点 tab (searched by its number). */
async function openSheet(p: Page) {
  await p.goto(COUNTS);
  await p.getByPlaceholder('请输入盘点单号').fill(code);
  await p.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => listRows(p).count()).toBe(1);
  await listRows(p).first().getByText(code, { exact: true }).click();
  await drawer(p).getByText('基本信息').waitFor();
}

describe('stock count', () => {
  it('the keeper makes a count sheet for an area holding stock and starts it', async () => {
    await keeper.goto(COUNTS);
    // the list has loaded: its rows, or that there are none
    await keeper
      .locator('.ant-table-tbody tr.ant-table-row, .ant-table .ant-empty-description')
      .first()
      .waitFor();
    await keeper.getByRole('button', { name: /新增盘点单/ }).click();
    const form = dialog(keeper);
    await form.getByText('新增盘点单').waitFor();
    // the area waits for its warehouse
    expect(await form.getByLabel('库区', { exact: true }).isDisabled()).toBe(true);
    await pick(keeper, form.getByLabel('仓库', { exact: true }), WAREHOUSE);
    await pick(keeper, form.getByLabel('库区', { exact: true }), AREA);
    await form.getByPlaceholder('请输入备注').fill(REMARK);
    await snap(keeper, '01-new-sheet');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await keeper.getByText('新增成功').first().waitFor();

    // newest first: this run's draft at the top
    const row = listRows(keeper).filter({ hasText: AREA }).filter({ hasText: '草稿' }).first();
    await row.waitFor();
    code = ((await row.locator('a').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^PD\d+$/);
    await snap(keeper, '02-list-draft');

    await row.getByRole('button', { name: '开始盘点' }).click();
    await keeper.getByText(/开始后将按当前账面生成盘点明细/).waitFor();
    await confirmOk(keeper);
    await keeper.getByText('开始盘点成功').first().waitFor();
    const started = listRows(keeper).filter({ hasText: code });
    await expect.poll(() => started.locator('.ant-tag').first().textContent()).toBe('盘点中');
    await snap(keeper, '03-list-counting');
  });

  it('counts one line above the book and the rest as booked, saves and submits', async () => {
    await openSheet(keeper);
    await expect.poll(() => sheetStatus(keeper)).toBe('盘点中');
    const first = drawer(keeper).getByLabel('第1行实盘数量');
    await first.waitFor();
    const table = drawer(keeper).locator('[role="tabpanel"][aria-hidden="false"] .ant-table').first();
    const book = numberIn(
      await (await cellUnder(table, drawerRows(keeper).first(), '账面数量')).textContent(),
    );
    expect(book).toBeGreaterThan(0);
    const progress = drawer(keeper).getByText(/^已录入 \d+ \/ \d+ 行/);
    const total = numberIn(((await progress.textContent()) ?? '').split('/')[1]);
    expect(total).toBeGreaterThan(0);
    await snap(keeper, '04-sheet-counting');

    // nothing counted yet: submitting is refused, naming the first line
    await drawer(keeper)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await keeper.locator('.ant-message-notice', { hasText: '尚未录入实盘数量' }).waitFor();

    await drawer(keeper)
      .getByRole('button', { name: /未录入按账面填入/ })
      .click();
    await expect.poll(() => first.inputValue()).toBe(String(book));
    await first.fill(String(book + 1));
    await first.blur();
    await expect.poll(() => progress.textContent()).toBe(`已录入 ${total} / ${total} 行，差异 1 行`);
    await expect
      .poll(async () => (await cellUnder(table, drawerRows(keeper).first(), '差异')).textContent())
      .toMatch(/^\+1( |$)/);
    // what is typed but not saved holds the actions back
    await drawer(keeper).getByText('有未保存的录入，请先保存盘点结果').waitFor();
    await drawer(keeper).getByText('只看差异').click();
    await expect.poll(() => drawerRows(keeper).count()).toBe(1);
    await snap(keeper, '05-sheet-difference');

    await drawer(keeper)
      .getByRole('button', { name: /保存盘点结果/ })
      .click();
    await keeper.getByText('保存成功').first().waitFor();
    await drawer(keeper)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await keeper.getByText('提交成功').first().waitFor();
    await expect.poll(() => sheetStatus(keeper)).toBe('待审核');
    // the counter does not approve their own count
    await drawer(keeper).getByRole('button', { name: '审核过账' }).click();
    await confirmOk(keeper);
    await keeper.locator('.ant-message-notice', { hasText: '须由盘点人以外的人审核' }).waitFor();
    await expect.poll(() => sheetStatus(keeper)).toBe('待审核');
    await snap(keeper, '06-sheet-submitted');
  });

  it('the admin approves it, and the gain is posted to the ledger', async () => {
    await openSheet(admin);
    await expect.poll(() => sheetStatus(admin)).toBe('待审核');
    // submitted: the one differing line shows with its gain
    await drawer(admin).getByText('只看差异').click();
    await expect.poll(() => drawerRows(admin).count()).toBe(1);
    const line = drawerRows(admin).first();
    const material = (await line.locator('td').nth(1).textContent())?.trim() ?? '';
    expect(material).not.toBe('');
    await drawer(admin).getByRole('button', { name: '审核过账' }).click();
    await admin.getByText('过账后盘盈盘亏将调整库存，确定审核过账吗？').waitFor();
    await confirmOk(admin);
    await admin.getByText('审核过账成功').first().waitFor();
    posted = true;
    await expect.poll(() => sheetStatus(admin)).toBe('已过账');
    // its adjustment: one stock-in of the gain (盘盈)
    const adjust = drawer(admin).locator('.ant-descriptions-item', { hasText: '调整单号' }).getByRole('link');
    await expect.poll(() => adjust.count()).toBe(1);
    const docCode = ((await adjust.textContent()) ?? '').trim();
    expect(docCode).toMatch(/^CRK\d+$/);
    await drawer(admin).getByRole('tab', { name: '操作日志' }).click();
    await drawer(admin).getByText('审核过账', { exact: true }).last().waitFor();
    await snap(admin, '07-sheet-posted');

    await drawer(admin)
      .getByRole('tab', { name: /盘点明细/ })
      .click();
    await adjust.click();
    await admin.waitForURL(/warehouse-record/);
    const doc = listRows(admin).filter({ hasText: docCode });
    await doc.waitFor();
    expect(await doc.textContent()).toMatch(/入库.*已过账/);
    // its detail on a page of its own (the pages passed on the way stay open in their tabs)
    await admin.goto((await doc.getByRole('link', { name: docCode }).getAttribute('href')) ?? '');
    await admin.getByText(`单据编号`).first().waitFor();
    await admin.getByRole('tab', { name: '库存流水' }).click();
    const moves = admin.locator('[role="tabpanel"][aria-hidden="false"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => moves.count()).toBe(1);
    expect(await moves.first().textContent()).toContain(material);
    expect(await moves.first().textContent()).toMatch(/\+1( |[^\d.])/);
    await snap(admin, '08-adjustment-movement');
  });
});
