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

const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
const confirmOk = (p: Page) =>
  p
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
/** The open version's panel (the card holding the version tabs). */
const panel = (p: Page) => p.locator('[role=tabpanel] [role=tabpanel]:visible');
/** Opens the select showing `placeholder` inside `scope` and picks `option`, typing it first when asked. */
async function pick(p: Page, scope: Locator, placeholder: string, option: string, type = false) {
  await scope.locator('.ant-select', { hasText: placeholder }).last().click();
  if (type) await p.keyboard.type(option);
  await p
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}
const versionTab = (p: Page, name: string) =>
  p.locator('.ant-tabs-card > .ant-tabs-nav .ant-tabs-tab', { hasText: name });

describe('process flows', () => {
  it('adds a flow, which starts with its main version V1', async () => {
    await page.goto('/information/factory-info/process-list');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: /新增工艺路线/ }).click();
    await dialog(page).getByPlaceholder('请输入工艺路线名称').fill('端到端干变工艺');
    await dialog(page).getByLabel('产品', { exact: true }).click();
    await page.keyboard.type('干式');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '干式变压器' })
      .first()
      .click();
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('新增成功').last().waitFor();
    const row = rows(page).filter({ hasText: '端到端干变工艺' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/GYLX\d{4}端到端干变工艺干式变压器CP-SCB13-1000V1/);
    await row.getByRole('link', { name: '端到端干变工艺' }).click();
    await page.waitForURL(/process-detail\/\d+/);
    await versionTab(page, 'V1').getByText('主版本').waitFor();
  });

  it('saves the steps and the BOM list of V1', async () => {
    await panel(page).getByText('暂无工序').waitFor();
    await panel(page)
      .getByRole('button', { name: /添加工序/ })
      .click();
    await pick(page, panel(page), '请选择工序', '出厂试验', true);
    await pick(page, panel(page), '排产时可用的产线', '试验线', true);
    await page.keyboard.press('Escape');
    await pick(page, panel(page), '可不选', '试验站');
    await page.keyboard.press('Escape');
    await panel(page)
      .getByRole('button', { name: /保存工序/ })
      .click();
    await page.getByText('保存成功').last().waitFor();
    await page.getByRole('tab', { name: /工序（1）/ }).waitFor();

    await page.getByRole('tab', { name: /BOM清单视图/ }).click();
    await panel(page)
      .getByRole('button', { name: /从BOM带入/ })
      .click();
    await page.getByText(/已带入 4 个物料/).waitFor();
    await pick(page, panel(page), '未指定', '1. 出厂试验');
    await panel(page)
      .getByRole('button', { name: /保存物料清单/ })
      .click();
    await page.getByText('保存成功').first().waitFor();
    await page.getByRole('tab', { name: /BOM清单视图（4）/ }).waitFor();
    await shot(page, 'process-flow-bom-list');
  });

  it('adds V2 from the main version and makes it the main version', async () => {
    await page.getByRole('button', { name: /新建版本/ }).click();
    await page.getByText('复制主版本（自动命名）').click();
    await page.getByText('已生成 V2（复制主版本）').waitFor();
    await expect
      .poll(() => page.locator('.ant-tabs-card > .ant-tabs-nav .ant-tabs-tab-active').textContent())
      .toBe('V2');
    await page.getByRole('tab', { name: /工序（1）/ }).waitFor();
    await page.getByRole('button', { name: /设为主版本/ }).click();
    await confirmOk(page);
    await page.getByText('设置成功').last().waitFor();
    await versionTab(page, 'V2').getByText('主版本').waitFor();
    // V1 loses its badge once the versions are read again
    await expect.poll(() => versionTab(page, 'V1').textContent()).toBe('V1');
    // the main version cannot be deleted; the other one can be made main again
    expect(await page.getByRole('button', { name: /删除版本/ }).isDisabled()).toBe(true);
    await shot(page, 'process-flow-versions');
  });

  it('exports the BOM list view of the main version', async () => {
    await page.getByRole('tab', { name: /BOM清单视图/ }).click();
    const download = page.waitForEvent('download');
    await panel(page)
      .getByRole('button', { name: /导\s*出/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^GYLX\d{4} 端到端干变工艺 V2 物料清单\.xlsx$/);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['序号', '物料编码']);
    expect(sheet.rowCount).toBe(5);
    expect(String(sheet.getRow(2).getCell(7).value)).toBe('1. 出厂试验');
  });

  it('shows the new main version in the list', async () => {
    await page.goto('/information/factory-info/process-list');
    const row = rows(page).filter({ hasText: '端到端干变工艺' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/V2/);
    await shot(page, 'process-flow-list');
  });
});
