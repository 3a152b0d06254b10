import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pick, shot, signIn } from './browser.ts';

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

/** Lists reload through the server; on a busy machine that takes more than expect.poll's 1 s. */
const SLOW = { timeout: 20_000 };
const rows = (p: Page | Locator) => p.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
/** Searches a list by code: `entity` names the search form (materialsSearch, bomSearch). */
async function findByCode(p: Page, entity: string, code: string) {
  // the search form takes its values from the URL once the list has loaded
  await rows(p).first().waitFor();
  await p.locator(`#${entity}Search_code`).fill(code);
  await p.getByRole('button', { name: /查\s*询/ }).click();
}
const ok = (p: Page) =>
  dialog(p)
    .getByRole('button', { name: /确\s*定/ })
    .click();
const field = (p: Page, label: string) => dialog(p).getByLabel(label, { exact: true });

async function addMaterial(
  p: Page,
  m: { code: string; name: string; type: string; unit: string; aux?: [string, string] },
) {
  await p.getByRole('button', { name: /新增物料/ }).click();
  await dialog(p).getByPlaceholder('留空则按编码规则自动生成').fill(m.code);
  await dialog(p).getByPlaceholder('请输入物料名称').fill(m.name);
  await pick(p, field(p, '物料类型'), m.type);
  await pick(p, field(p, '主单位'), m.unit, m.unit);
  if (m.aux) {
    await pick(p, field(p, '辅单位'), m.aux[0], m.aux[0]);
    await dialog(p).getByPlaceholder('1个主单位等于多少辅单位').fill(m.aux[1]);
  }
}

/** The BOM editor's line `i` (0-based). */
const line = (p: Page, i: number) => rows(p.locator('#bomLines')).nth(i);
async function addLine(p: Page, i: number, child: string, quantity: string, lossRate?: string) {
  await p.getByRole('button', { name: /添加子件/ }).click();
  await pick(p, line(p, i).locator('.ant-select').first(), child, child);
  await line(p, i).getByPlaceholder('请输入用量').fill(quantity);
  if (lossRate) await line(p, i).getByPlaceholder('0', { exact: true }).fill(lossRate);
}
const save = async (p: Page) => p.getByRole('button', { name: /保\s*存/ }).click();
const treeRow = (p: Page, code: string) =>
  p.locator('.ant-card', { hasText: 'BOM结构' }).locator('tr.ant-table-row', { hasText: code }).first();

async function openBom(p: Page, code: string) {
  await p.goto('/information/materials-info/materials-setting-list');
  await findByCode(p, 'bom', code);
  await expect.poll(() => rows(p).count(), SLOW).toBe(1);
  await p.getByRole('link', { name: code }).click();
  await p.getByText('BOM明细（本层）').waitFor();
}

describe('materials and their multi-level BOM, through the screens', () => {
  it('adds materials with units, a conversion and an attribute; the rules speak on the field', async () => {
    await page.goto('/information/materials-info/materials-list');
    await rows(page).first().waitFor();
    await addMaterial(page, {
      code: 'E2E-R',
      name: '测试漆包线',
      type: '原材料',
      unit: 'kg',
      aux: ['米', ''],
    });
    await ok(page);
    // an auxiliary unit needs its conversion: the server's rule lands on the field
    await dialog(page).getByText('有辅单位时请输入换算率').waitFor();
    await shot(page, 'materials-rule-on-field');
    await dialog(page).getByPlaceholder('1个主单位等于多少辅单位').fill('143');
    await ok(page);
    await page.getByText('新增成功').last().waitFor();

    await addMaterial(page, { code: 'E2E-S', name: '测试器身', type: '半成品', unit: '台' });
    await ok(page);
    await page.getByText('新增成功').first().waitFor();

    await addMaterial(page, { code: 'E2E-P', name: '测试变压器', type: '成品', unit: '台' });
    await dialog(page)
      .getByRole('button', { name: /添加属性/ })
      .click();
    const attributes = dialog(page).locator('.ant-form-item', { hasText: '物料属性' }).locator('.ant-select');
    await pick(page, attributes.nth(0), '电压等级');
    await pick(page, attributes.nth(1), '10kV');
    await ok(page);
    await page.getByText('新增成功').first().waitFor();

    await findByCode(page, 'materials', 'E2E-');
    await expect.poll(() => rows(page).count(), SLOW).toBe(3);
    const product = await rows(page).filter({ hasText: 'E2E-P' }).textContent();
    expect(product).toMatch(/测试变压器\s*—\s*成品/);
    expect(product).toContain('电压等级：10kV');
    await shot(page, 'materials-added');
  });

  it('builds a three-level BOM, refuses a loop, and shows the rolled-up tree', async () => {
    await page.goto('/information/materials-info/materials-setting-list');
    await page.getByRole('button', { name: /新增BOM/ }).click();
    await pick(page, field(page, '产品'), '测试变压器', '测试变压器');
    await ok(page);
    await page.getByText('BOM明细（本层）').waitFor();
    expect(await page.getByText('尚未建立BOM').count()).toBe(1);
    await addLine(page, 0, '测试器身', '2');
    await save(page);
    await page.getByText('保存成功').last().waitFor();

    await openBom(page, 'E2E-S');
    await addLine(page, 0, '测试漆包线', '12.5', '2');
    await addLine(page, 1, '高压绝缘筒', '1');
    // a line that would put the product under its own part
    await addLine(page, 2, '测试变压器', '1');
    await save(page);
    await page.getByText('BOM不能循环引用：测试器身 → 测试变压器 → 测试器身').first().waitFor();
    await shot(page, 'bom-loop-refused');
    await line(page, 2).getByRole('button', { name: '移除' }).click();
    // a line with data is removed only once confirmed
    await page.getByText('确定移除第3行吗？').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await save(page);
    await page.getByText('保存成功').last().waitFor();

    await openBom(page, 'E2E-P');
    // 2 器身 × 12.5 kg × 1.02 = 25.5 kg; 2 × 1 绝缘筒 × 0.5 张 × 1.08 = 1.08 张
    await expect.poll(() => treeRow(page, 'E2E-R').textContent(), SLOW).toMatch(/25\.5 kg/);
    expect(await treeRow(page, 'YCL-JY-002').textContent()).toMatch(/1\.08 张/);
    expect(await treeRow(page, 'BCP-XQ-003').textContent()).toContain('2 个');
    await treeRow(page, 'E2E-R').scrollIntoViewIfNeeded();
    await shot(page, 'bom-tree-rolled-up');
  });

  it('exports the exploded BOM, and the material detail shows it in its BOM tab', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出BOM/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('E2E-P 测试变压器 BOM.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.worksheets[0];
    const body = (ws.getSheetValues().slice(2) as unknown[][]).map((r) => [r[1], r[3], r[10]]);
    expect(body).toEqual([
      [undefined, 'E2E-P', 1],
      ['1', 'E2E-S', 2],
      ['1.1', 'E2E-R', 25.5],
      ['1.2', 'BCP-XQ-003', 2],
      ['1.2.1', 'YCL-JY-002', 1.08],
    ]);

    await page.goto('/information/materials-info/materials-list');
    await findByCode(page, 'materials', 'E2E-P');
    await expect.poll(() => rows(page).count(), SLOW).toBe(1);
    await page.getByRole('link', { name: 'E2E-P' }).click();
    await page.getByRole('tab', { name: /BOM/ }).click();
    await expect.poll(() => treeRow(page, 'E2E-R').textContent(), SLOW).toMatch(/25\.5 kg/);
    await shot(page, 'material-detail-bom');
    await page.getByRole('tab', { name: '使用情况' }).click();
    await page.getByText('没有物料的BOM使用它').waitFor();
  });
});
