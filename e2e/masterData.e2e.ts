import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { areaEntity } from '@factory/shared/entities/information';
import type { Browser, Page } from 'playwright-core';
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

const AREAS = entityEndpoints(areaEntity);
const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
/** The list's search card (the dialog has inputs with the same placeholders). */
const search = (p: Page) => p.locator('form').filter({ has: p.getByRole('button', { name: /查\s*询/ }) });
const ok = (p: Page) =>
  dialog(p)
    .getByRole('button', { name: /确\s*定/ })
    .click();
/** Picks an option of the select labelled `label` in the open dialog, typing to search it. */
async function choose(p: Page, label: string, option: string, search = false) {
  const select = dialog(p).getByLabel(label, { exact: true });
  await select.click();
  if (search) await select.fill(option);
  await p
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

describe('master data screens declared once', () => {
  it('adds a station on a line with its procedures, numbered by the rule when the code is left empty', async () => {
    await page.goto('/information/production-info/station');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: /新增工位/ }).click();
    await ok(page);
    await dialog(page).getByText('请输入工位名称').waitFor();
    await dialog(page).getByPlaceholder('请输入工位名称').fill('端到端工位');
    await choose(page, '所属产线', '试验线');
    await choose(page, '可做工序', '出厂试验', true);
    await page.keyboard.press('Escape');
    await ok(page);
    await page.getByText('新增成功').last().waitFor();
    await search(page).getByPlaceholder('请输入工位名称').fill('端到端');
    await search(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.textContent()).toMatch(/GW\d{3}\s*端到端工位\s*试验线\s*出厂试验/);
    await shot(page, 'stations-added');
  });

  it('refuses deleting a line that stations use, naming them', async () => {
    await page.goto('/information/production-info/factory-model');
    await rows(page).first().waitFor();
    const line = rows(page).filter({ hasText: '试验线' });
    await line.getByRole('button', { name: '删除' }).click();
    // the confirmation (modal.confirm, or a Popconfirm): open, asking, its button ready
    const confirm = page.locator('.ant-modal-confirm, .ant-popconfirm').filter({ hasText: '您确定要删除吗' });
    await confirm.waitFor({ state: 'visible' });
    const yes = confirm.getByRole('button', { name: /确\s*定/ });
    await expect.poll(() => yes.isEnabled()).toBe(true);
    // the delete call's answer and the message the page shows of it (a loaded machine may take a
    // while to answer: both are waited for up to two minutes, not the default half)
    const answer = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith(AREAS.remove?.path ?? '') && r.request().method() === 'DELETE',
      { timeout: 120_000 },
    );
    // the toast lasts three seconds: looked for from the click on, not only once the answer is read
    const toast = page
      .locator('.ant-message')
      .getByText('“试验线”已被工位使用，不能删除')
      .waitFor({ timeout: 120_000 });
    for (const w of [answer, toast]) w.catch(() => undefined);
    await yes.click();
    const env = (await (await answer).json()) as { errorCode: number; errorMsg: string };
    expect(env).toMatchObject({ errorCode: 5, errorMsg: '“试验线”已被工位使用，不能删除' });
    await toast;
    // nothing deleted: the confirmation is closed and the line still listed
    await confirm.waitFor({ state: 'hidden' });
    expect(await rows(page).filter({ hasText: '试验线' }).count()).toBe(1);
  });

  it('adds a custom field to stations and fills, filters and shows it', async () => {
    await page.goto('/setting/system-setting-info/field-setting');
    await page.getByRole('button', { name: /新增自定义字段/ }).click();
    await choose(page, '所属对象', '工位');
    await dialog(page).getByPlaceholder('请输入字段名称').fill('额定电流');
    await choose(page, '字段类型', '数字');
    await ok(page);
    await page.getByText('新增成功').last().waitFor();

    await page.goto('/information/production-info/station');
    await rows(page).first().waitFor();
    const target = rows(page).filter({ hasText: '端到端工位' });
    await search(page).getByPlaceholder('请输入工位名称').fill('端到端');
    await search(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await target.getByRole('button', { name: '修改' }).click();
    await dialog(page).getByLabel('额定电流').fill('630');
    await ok(page);
    await page.getByText('修改成功').last().waitFor();
    await expect.poll(() => target.textContent()).toContain('630');
    expect(await page.locator('.ant-table-thead th', { hasText: '额定电流' }).count()).toBe(1);
    await shot(page, 'stations-custom-field');
  });
});
