import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, 'transformer', 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/** The list card whose title starts with `title` (the screen has three lists). */
const list = (p: Page, title: RegExp) =>
  p.locator('.ant-card').filter({ has: p.locator('h5', { hasText: title }) });
const rows = (l: Locator) => l.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
const ok = (p: Page) =>
  dialog(p)
    .getByRole('button', { name: /确\s*定/ })
    .click();

describe('the warehouse model screen', () => {
  it('adds a warehouse, an area in it and a location in the area, and shows them', async () => {
    await page.goto('/information/warehouse-info/model');
    const warehouses = list(page, /^仓库列表$/);
    await rows(warehouses).first().waitFor();
    await page.getByText('点击上方的仓库，查看和维护它的库区与库位').waitFor();

    await warehouses.getByRole('button', { name: /新增仓库/ }).click();
    await dialog(page).getByPlaceholder('请输入仓库名称').fill('端到端仓库');
    const keeper = dialog(page).getByLabel('仓管员', { exact: true });
    await keeper.click();
    await keeper.fill('陈静');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '陈静' }).click();
    await dialog(page).getByPlaceholder('请输入仓库地址').fill('3号库房');
    await ok(page);
    await page.getByText('新增成功').first().waitFor();
    const mine = rows(warehouses).filter({ hasText: '端到端仓库' });
    await mine.waitFor();
    expect(await mine.textContent()).toMatch(/CK\d{3}\s*端到端仓库\s*陈静\s*3号库房\s*0\s*0\s*否\s*启用/);

    await mine.click();
    const areas = list(page, /^库区/);
    await areas.getByText('端到端仓库').waitFor();
    await areas.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await areas.getByRole('button', { name: /新增库区/ }).click();
    // the warehouse chosen above is already filled in
    await expect.poll(() => dialog(page).textContent()).toContain('端到端仓库');
    await shot(page, 'warehouse-model-area-form');
    await dialog(page).getByPlaceholder('请输入库区名称').fill('端到端区');
    await ok(page);
    const area = rows(areas).filter({ hasText: '端到端区' });
    await area.waitFor();

    await area.click();
    const locations = list(page, /^库位/);
    await locations.getByText('端到端仓库 / 端到端区').waitFor();
    await locations.getByRole('button', { name: /新增库位/ }).click();
    await dialog(page).getByPlaceholder('请输入库位编码').fill('E2E-01-01');
    await dialog(page).getByPlaceholder('请输入库位名称').fill('端到端区1排1列');
    await ok(page);
    await rows(locations).filter({ hasText: 'E2E-01-01' }).waitFor();
    // the counts above follow what was added below
    await expect.poll(() => mine.textContent()).toMatch(/3号库房\s*1\s*1\s*否\s*启用/);
    await expect.poll(() => area.textContent()).toMatch(/端到端区\s*1/);
    await shot(page, 'warehouse-model-added');
  });

  it('refuses deleting the warehouse while it has areas, naming them', async () => {
    const warehouses = list(page, /^仓库列表$/);
    const mine = rows(warehouses).filter({ hasText: '端到端仓库' });
    await mine.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-modal-confirm, .ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('“端到端仓库”下还有库区“端到端区”，请先删除这些库区').waitFor();
    expect(await mine.count()).toBe(1);
    await shot(page, 'warehouse-model-delete-refused');
  });
});
