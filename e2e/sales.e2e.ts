import { encryptText } from '@factory/shared/crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, dropdownOf, launch, newPage, shot, signIn } from './browser.ts';

const TENANT = 'transformer';
/** More than the finished-goods warehouse holds of any rating: confirming leaves a shortfall. */
const QUANTITY = '500';
const DELIVERY = '2027-06-30 17:00:00';

let browser: Browser;
let page: Page;
/** The order added on sales-order-add, and the production order its confirmation made. */
const order = { id: 0, code: '', productCode: '' };
let produceOrderCode = '';
/** The admin's token, for what the test puts in stock through the API. */
let token = '';

beforeAll(async () => {
  ({ token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
    memberCode: TENANT,
    userName: 'admin',
    password: await encryptText(DEMO_PASSWORD),
  }));
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, TENANT, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
/** The rows of the table in the tab shown. */
const tabRows = (p: Page) => rows(p.locator('[role="tabpanel"][aria-hidden="false"]'));
const cell = (p: Page, line: number, column: string) => p.getByLabel(`第${line}行${column}`, { exact: true });
/** No error toast is on screen. */
const noErrors = async (p: Page) => expect(await p.locator('.ant-message-error').allInnerTexts()).toEqual([]);

/** Opens a select, types `typed` when given, and picks the first option containing `text` (or the first of all). */
async function choose(p: Page, select: Locator, text?: string, typed?: string): Promise<string> {
  await select.click();
  if (typed) await select.fill(typed);
  const dropdown = await dropdownOf(p, select);
  const option = text
    ? dropdown.locator('.ant-select-item-option', { hasText: text }).first()
    : dropdown.locator('.ant-select-item-option').first();
  await option.waitFor();
  const label = ((await option.textContent()) ?? '').trim();
  await option.click();
  return label;
}

/**
 * Types a date and time into a line's picker and takes it with the picker's 确定 (Enter in a line
 * moves on to the next cell before the picker has taken the typed time).
 */
async function fillDate(p: Page, input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  const dropdown = p.locator('.ant-picker-dropdown:visible');
  await dropdown.locator('.ant-picker-ok button').click();
  await expect.poll(() => p.locator('.ant-picker-dropdown:visible').count()).toBe(0);
  await expect.poll(() => input.inputValue()).toBe(value);
}

describe('sales: a sales order confirmed into production', () => {
  it('adds a sales order for a finished product on sales-order-add', async () => {
    await page.goto('/sales/sales-order-add');
    await page.getByText('新增销售订单').first().waitFor();
    await choose(page, page.getByLabel('客户', { exact: true }));
    await choose(page, cell(page, 1, '产品'), '油浸式变压器', '油浸式变压器');
    await cell(page, 1, '数量').fill(QUANTITY);
    await cell(page, 1, '含税单价').fill('98000');
    await fillDate(page, cell(page, 1, '交货日期'), DELIVERY);
    await shot(page, 'sales-order-add');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').last().waitFor();
    await page.waitForURL(/\/sales\/sales-order-detail\/\d+$/);
    order.id = Number(page.url().match(/sales-order-detail\/(\d+)/)?.[1]);
    order.code = (
      (await page
        .getByText(/^SO\d{11}$/)
        .first()
        .textContent()) ?? ''
    ).trim();
    expect(order.code).toMatch(/^SO\d{11}$/);
    await page.getByText('未确认').first().waitFor();
    // the line as saved: its product's code (序号, 产品, 产品编码, …)
    const line = tabRows(page).first();
    await line.waitFor();
    order.productCode = ((await line.locator('td').nth(2).textContent()) ?? '').trim();
    expect(order.productCode).not.toBe('');
    expect(await line.textContent()).toContain('500');
    await noErrors(page);
  });

  it('confirms it: a production order (source 销售订单) is made for what stock does not cover', async () => {
    await page.getByRole('button', { name: /^确\s*认$/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确认后将为库存不足的数量生成生产订单，确定确认吗？').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('确认成功').last().waitFor();
    await page.getByText('已确认').first().waitFor();
    const tab = page.getByRole('tab', { name: /^生产订单（1）$/ });
    await tab.waitFor();
    await tab.click();
    const linked = tabRows(page).first();
    await linked.waitFor();
    produceOrderCode = ((await linked.getByRole('link').first().textContent()) ?? '').trim();
    expect(produceOrderCode).toMatch(/^MO\d{11}/);
    expect(await linked.textContent()).toMatch(/第1行/);
    expect(await linked.textContent()).toMatch(/未确认/);
    await noErrors(page);
    await shot(page, 'sales-order-detail-confirmed');

    // the production order's own page names its source
    await tabRows(page).first().getByRole('link', { name: produceOrderCode }).click();
    await page.waitForURL(/\/plans\/orders\/order-detail\/\d+$/);
    await page.getByText('订单信息').waitFor();
    await page.getByText(order.code).first().waitFor();
    await page.getByText('销售/生产订单').first().waitFor();
    await noErrors(page);
  });

  it('lists the production order in plans → order-list with the sales order as its source', async () => {
    await page.goto('/plans/orders/order-list');
    await rows(page).first().waitFor();
    const expand = page.getByRole('button', { name: /展\s*开/ });
    if (await expand.count()) await expand.click();
    await page.getByLabel('来源单号', { exact: true }).fill(order.code);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rows(page).filter({ hasText: produceOrderCode });
    await row.waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(order.code);
    expect(text).toContain('销售/生产订单');
    await shot(page, 'sales-produce-order-list');
  });

  it('shows the order’s demand in 销售需求, with the order line behind it', async () => {
    await page.goto('/sales/sales-demand-list');
    await page.getByText('销售需求').first().waitFor();
    await page.getByLabel('产品', { exact: true }).fill(order.productCode);
    await page.getByText('按月').click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rows(page).filter({ hasText: '2027年6月' }).filter({ hasText: order.productCode });
    await row.first().waitFor();
    await shot(page, 'sales-demand-list');
    // the rows of that month: one of them holds this order's line
    const count = await row.count();
    let found = false;
    for (let i = 0; i < count && !found; i++) {
      await row.nth(i).getByText('明细').click();
      const drawer = page.locator('.ant-drawer-section').last();
      await drawer.getByText('销售订单明细').waitFor();
      await rows(drawer).first().waitFor();
      found = (await drawer.getByRole('link', { name: order.code }).count()) > 0;
      if (found) await shot(page, 'sales-demand-detail');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' }).catch(() => undefined);
    }
    expect(found).toBe(true);
    await noErrors(page);
  });

  it('ships part of it and takes the shipment back (撤销发货): struck through, the quantity and the state back', async () => {
    // three of the product in the finished-goods warehouse (其他入库), under a batch of this run's
    const W = 'warehouse/private/';
    const warehouses = await apiCall<{ content: { id: number; name: string }[] }>(
      token,
      'GET',
      `${W}warehouse/getWarehouseListPage?currentPage=1&pageSize=50`,
    );
    const types = await apiCall<{ content: { id: number; name: string }[] }>(
      token,
      'GET',
      `${W}stockType/getStockTypeListPage?currentPage=1&pageSize=50`,
    );
    const detail = await apiCall<{ lines: { materialsId: number; materialsName: string }[] }>(
      token,
      'GET',
      `sales/private/salesOrder/getSalesOrderDetail?id=${order.id}`,
    );
    const doc = await apiCall<{ id: number; version: number }>(token, 'POST', `${W}stockDoc/addStockDoc`, {
      kind: 0,
      stockTypeId: types.content.find((t) => t.name === '其他入库')?.id,
      warehouseId: warehouses.content.find((w) => w.name === '成品库')?.id,
      lines: [
        { materialsId: detail.lines[0].materialsId, quantity: 3, batchCode: `E2E-SO-${Date.now() % 1e6}` },
      ],
    });
    const submitted = await apiCall<{ version: number }>(token, 'POST', `${W}stockDoc/submit`, {
      id: doc.id,
      version: doc.version,
    });
    await apiCall(token, 'POST', `${W}stockDoc/approve`, { id: doc.id, version: submitted.version });

    await page.goto(`/sales/sales-order-detail/${order.id}`);
    await page.getByText('订单信息').waitFor();
    // 发货 (its icon names it too: matched by its text)
    await page.locator('button', { hasText: /^发\s*货$/ }).click();
    const ship = page.locator('.ant-modal-container').last();
    await ship.getByText(`发货 · ${order.code}`).waitFor();
    const quantity = ship.getByLabel(`${detail.lines[0].materialsName}本次发货`);
    await quantity.fill('2');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await page
      .getByText(/^发货成功，出库单 CRK/)
      .last()
      .waitFor();
    await page.getByText('部分发货').first().waitFor();

    // polled for its text, so that a wrong count says which it was
    const shipmentsTab = page.getByRole('tab', { name: /^发货记录（\d+）$/ });
    await expect.poll(() => shipmentsTab.textContent(), { timeout: 30_000 }).toBe('发货记录（1）');
    await shipmentsTab.click();
    const shipment = tabRows(page).first();
    await shipment.waitFor();
    await shipment.getByRole('button', { name: /撤销发货/ }).click();
    const unship = page.locator('.ant-modal-container').last();
    await unship.getByText(/^撤销发货 · CRK/).waitFor();
    // the reason is required
    await unship.getByRole('button', { name: '确定撤销' }).click();
    await unship.getByText('请输入撤销发货原因').waitFor();
    await unship.getByLabel('撤销发货原因').fill('E2E：客户拒收，整车退回');
    await shot(page, 'sales-unship');
    await unship.getByRole('button', { name: '确定撤销' }).click();
    await page.getByText('撤销发货成功').last().waitFor();
    await page.getByText('未发货').first().waitFor();
    await shipment.getByText('已撤销').waitFor();
    expect(await shipment.locator('del').count()).toBeGreaterThan(0);
    expect(await shipment.getByRole('button', { name: /撤销发货/ }).count()).toBe(0);
    await noErrors(page);
    await shot(page, 'sales-unshipped');
  });
});
