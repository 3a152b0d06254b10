import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsEntity } from '@factory/shared/entities/materials';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { produceOrderMachine } from '@factory/shared/machines/plans';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, dropdownOf, launch, newPage, shot, signIn } from './browser.ts';

/**
 * Issue 22 in the browser: an MRP run (采购需求 → MRP计算) whose bought planned orders become
 * purchase requests, one submitted and turned into a purchase order (转采购订单), priced, confirmed
 * and received into stock (收货), the receipt in 收货记录 and its batch in the material's stock.
 */
const TENANT = 'transformer';
/** The demo's reference product: a BOM of six levels with bought materials at each. */
const PRODUCT = 'CP-S13-400';
/** A bought material of its BOM (one per transformer, bought from 宝钢硅钢), short for this many. */
const MATERIAL = '铭牌';
const SUPPLIER = '宝钢';
const QUANTITY = 1000;
const PRICE = '12.5';

let browser: Browser;
let page: Page;
let token = '';
/** The request submitted and ordered, and the purchase order made of it. */
const request = { code: '' };
const order = { id: 0, code: '' };

beforeAll(async () => {
  ({ token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
    memberCode: TENANT,
    userName: 'admin',
    password: await encryptText(DEMO_PASSWORD),
  }));
  // demand MRP has to buy for whatever the demo holds: a confirmed production order of the
  // product, large and due in three weeks
  const searchVal = await encryptText(
    JSON.stringify([{ fieldName: 'code', fieldType: 'string', operator: 'eq', fieldValue: PRODUCT }]),
  );
  const products = await apiCall<{ content: { id: number; code: string }[] }>(
    token,
    'GET',
    `${entityEndpoints(materialsEntity).listPage.path}?currentPage=1&pageSize=10&searchVal=${encodeURIComponent(searchVal)}`,
  );
  const product = products.content.find((m) => m.code === PRODUCT);
  if (!product) throw new Error(`the demo has no ${PRODUCT}`);
  const delivery = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const produce = await apiCall<{ id: number; version: number }>(
    token,
    'POST',
    entityEndpoints(produceOrderEntity).add?.path ?? '',
    {
      materialsId: product.id,
      quantity: QUANTITY,
      deliveryTime: `${delivery} 17:00:00`,
      priority: 0,
      source: 0,
      remark: 'E2E：MRP 采购',
    },
  );
  await apiCall(token, 'POST', machineEndpoints(produceOrderMachine).actions.confirm.path, {
    id: produce.id,
    version: produce.version,
  });
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
/** A state's tag (the page also names 已收货 as a figure and a column). */
const tag = (scope: Page | Locator, state: string) =>
  scope.locator('.ant-tag', { hasText: new RegExp(`^${state}$`) });

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

/** The MRP requests of the material still to submit, as 采购需求 lists them after a search. */
const mrpRequests = (p: Page) => rows(p).filter({ hasText: 'MRP' }).filter({ hasText: '待提交' });

describe('purchase: MRP requests ordered, confirmed and received', () => {
  it('runs MRP from 采购需求: the run with its planned orders, and its requests in the list', async () => {
    await page.goto('/project/mrp/purchasing-demand');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'MRP计算' }).click();
    const asking = page.locator('.ant-modal-container', { hasText: '开始计算' });
    await asking.getByText(/上次运算生成且仍待提交的请购单将被替换。/).waitFor();
    await asking.getByRole('radio', { name: '全部未完成的订单' }).check();
    await asking.getByRole('button', { name: '开始计算' }).click();
    await page
      .getByText(/^MRP运算完成：需求 \d+ 条/)
      .last()
      .waitFor({ timeout: 90_000 });
    const drawer = page.locator('.ant-drawer-section', { hasText: 'MRP运算记录' });
    await drawer.waitFor();
    // the run just made is shown: its planned orders, bought ones with their requests
    await drawer.getByRole('tab', { name: /^计划订单（[1-9]\d*）$/ }).waitFor();
    await rows(drawer).first().waitFor();
    await expect
      .poll(() =>
        rows(drawer)
          .filter({ hasText: /QG\d{11}/ })
          .count(),
      )
      .toBeGreaterThan(0);
    await drawer.locator('.ant-list-item').first().getByText('已完成').waitFor();
    await noErrors(page);
    await shot(page, 'purchase-mrp-run');
    // a make suggestion becomes a material-requirements plan with its order (生成生产计划)
    await drawer.getByText(/^自制（[1-9]\d*）$/).click();
    // the product ordered above (its semi-finished parts have no flow of their own to plan by)
    const suggestion = rows(drawer).filter({ hasText: PRODUCT }).filter({ hasText: '自制建议' }).first();
    await rows(drawer).first().waitFor();
    // its page among the run's made parts, by release day
    for (let n = 0; n < 20 && !(await suggestion.count()); n++)
      await drawer.locator('.ant-pagination-next').first().click();
    await suggestion.getByRole('checkbox').check();
    await drawer.getByRole('button', { name: /生成生产计划（1）/ }).click();
    await page
      .locator('.ant-popover', { hasText: '物料需求计划' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const made = page.getByText(/^已生成生产计划 PL\d{11}（计划类型：物料需求计划）$/).last();
    await made.waitFor();
    const planCode = ((await made.textContent()) ?? '').match(/PL\d{11}/)?.[0] ?? '';
    await rows(drawer).filter({ hasText: PRODUCT }).filter({ hasText: planCode }).first().waitFor();
    await shot(page, 'purchase-mrp-plan');
    await drawer.getByText(/^全部（\d+）$/).click();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // the material's requests from this run: 来源 MRP, 待提交
    const expand = page.getByRole('button', { name: /展\s*开/ });
    if (await expand.count()) await expand.click();
    // the search form's 物料 (the table's column is labelled so too)
    await page.locator('#purchaseRequestSearch').getByLabel('物料', { exact: true }).fill(MATERIAL);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await mrpRequests(page).first().waitFor();
    await expect
      .poll(async () => (await rows(page).allInnerTexts()).every((t) => t.includes(MATERIAL)))
      .toBe(true);
    request.code = (
      (await mrpRequests(page)
        .first()
        .getByText(/^QG\d{11}$/)
        .textContent()) ?? ''
    ).trim();
    expect(request.code).toMatch(/^QG\d{11}$/);
    await shot(page, 'purchase-requests');
  });

  it('submits one (提交) and turns it into a purchase order to the chosen supplier (转采购订单)', async () => {
    const row = rows(page).filter({ hasText: request.code });
    await row.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.getByText('提交成功').last().waitFor();
    await tag(row, '已提交').waitFor();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /转采购订单/ }).click();
    const dialog = page.locator('.ant-modal-container', { hasText: '转采购订单' });
    await dialog.getByText(request.code).waitFor();
    await choose(page, dialog.getByLabel('供应商', { exact: true }), SUPPLIER);
    await shot(page, 'purchase-order-requests');
    await dialog.getByRole('button', { name: '生成采购订单' }).click();
    const done = page.locator('.ant-message-success', { hasText: '已生成采购订单' });
    const link = done.getByRole('link', { name: /^CG\d{11}$/ });
    await link.waitFor();
    order.code = ((await link.textContent()) ?? '').trim();
    await tag(row, '已采购').waitFor();
    await noErrors(page);

    await link.click();
    await page.waitForURL(/\/purchase\/purchase-order-detail\/\d+$/);
    order.id = Number(page.url().match(/purchase-order-detail\/(\d+)/)?.[1]);
    await page.getByText('订单信息').waitFor();
    await page.getByText(order.code).first().waitFor();
    await tag(page, '未确认').first().waitFor();
    const line = tabRows(page).first();
    await line.waitFor();
    expect(await line.textContent()).toContain(MATERIAL);
    expect(await line.textContent()).toContain(request.code);
  });

  it('prices the line (编辑 → 含税单价 → 保存) and confirms the order (确认)', async () => {
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await page.waitForURL(/\/purchase\/purchase-order-add\?id=\d+$/);
    await page.getByText(`编辑采购订单`).first().waitFor();
    await cell(page, 1, '含税单价').fill(PRICE);
    await shot(page, 'purchase-order-edit');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').last().waitFor();
    await page.waitForURL(new RegExp(`/purchase/purchase-order-detail/${order.id}$`));
    await tabRows(page).first().getByText(PRICE, { exact: true }).waitFor();

    await page.getByRole('button', { name: /^确\s*认$/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确认后即可按订单收货，确定确认吗？').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('确认成功').last().waitFor();
    await tag(page, '已确认').first().waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await noErrors(page);
    await shot(page, 'purchase-order-confirmed');
  });

  it('receives it (收货) into a warehouse: the receipt with its batch, and the batch in stock', async () => {
    await page.locator('button', { hasText: /^收\s*货$/ }).click();
    const receive = page.locator('.ant-modal-container', { hasText: `收货 · ${order.code}` });
    await receive.waitFor();
    await choose(page, receive.getByLabel('收货仓库', { exact: true }), '原材料库');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    const quantity = Number(await receive.getByLabel('第1行本次收货').inputValue());
    expect(quantity).toBeGreaterThan(0);
    await shot(page, 'purchase-receive');
    await receive.getByRole('button', { name: '确认收货' }).click();
    await page
      .getByText(/^收货成功，入库单 /)
      .last()
      .waitFor();
    await tag(page, '已收货').first().waitFor();

    await page.getByRole('tab', { name: /^收货记录（1）$/ }).click();
    const receipt = tabRows(page).first();
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain(MATERIAL);
    expect(text).toContain('原材料库');
    const cells = await receipt.locator('td').allInnerTexts();
    // 入库单, 收货时间, 物料, 数量, 批次号 …
    const batchCode = (cells[4] ?? '').replace('待检', '').trim();
    expect(batchCode).not.toBe('');
    expect(Number((cells[3] ?? '').replace(/,/g, ''))).toBe(quantity);
    await noErrors(page);
    await shot(page, 'purchase-received');

    // the batch is in the material's stock, all of it
    const detail = await apiCall<{ lines: { materialsId: number }[] }>(
      token,
      'GET',
      `${entityEndpoints(purchaseOrderEntity).detail.path}?id=${order.id}`,
    );
    const stock = await apiCall<StockBalanceRow[]>(
      token,
      'GET',
      `warehouse/kiki/private/warehouseMaterialsBatKiki/getMaterialsBatchList?materialsId=${detail.lines[0].materialsId}`,
    );
    const batch = stock.find((b) => b.batchCode === batchCode);
    expect(batch).toMatchObject({ warehouseName: '原材料库', onHand: quantity });
  });
});
