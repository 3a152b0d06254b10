import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser.ts';

const TENANT = 'transformer';
/** The demo planner (计划员: every page and button of 生产计划, 齐套 included). */
const PLANNER = 'jihua01';
const REMARK = `端到端齐套${Date.now() % 100000}`;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, TENANT, PLANNER);
});
afterAll(async () => {
  await browser?.close();
});

const rows = (l: Page | Locator) => l.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
const noErrors = async (p: Page) => expect(await p.locator('.ant-message-error').allInnerTexts()).toEqual([]);
/** A number as the figures show it, from a table cell's text. */
const num = (text: string | null) => Number((text ?? '').trim());

describe('kitting (齐套)', () => {
  it('calculates every open plan, shows plans and materials, saves and finds it in the list', async () => {
    await page.goto('/plans/complete-set-list');
    await page.getByRole('button', { name: /齐套计算/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/plans/complete-set-add');
    // the open plans to choose from
    const choice = page.locator('#kittingPlanChoice');
    await rows(choice).first().waitFor();
    await expect.poll(() => page.getByText(/全部未完成计划（\d+ 个）/).count()).toBe(1);
    const open = Number((await page.getByText(/全部未完成计划（\d+ 个）/).textContent())?.match(/\d+/)?.[0]);
    expect(open).toBeGreaterThan(0);

    // 全部未完成计划 is the default: no plan to pick
    await page.getByRole('button', { name: /计\s*算/ }).click();
    const plans = page.locator('#kittingPlans');
    await rows(plans).first().waitFor();
    await page.getByText('齐套结果（全部未完成计划）').waitFor();
    await noErrors(page);
    const figure = (label: string) =>
      page.locator('.ant-statistic').filter({ has: page.getByText(label, { exact: true }) });
    expect(num(await figure('参与计划').locator('.ant-statistic-content-value').textContent())).toBe(open);
    // every plan is tagged 齐套 or 缺料
    const first = rows(plans).first();
    expect(await first.textContent()).toMatch(/齐套|缺料/);
    // a plan opens to its material lines
    await first.locator('.ant-table-row-expand-icon').click();
    const lines = plans.locator('tr.ant-table-expanded-row').first();
    await expect
      .poll(() => lines.textContent())
      .toMatch(/物料编码.*需求数量.*已发数量.*待发数量.*分配数量.*缺料数量/);

    // the materials over all plans, shortest first
    const materials = page.locator('#kittingMaterials');
    await rows(materials).first().waitFor();
    const shortages = await rows(materials).evaluateAll((trs) =>
      trs.map((tr) => Number(tr.querySelectorAll('td')[6]?.textContent ?? '0')),
    );
    expect(shortages.length).toBeGreaterThan(0);
    expect([...shortages].sort((a, b) => b - a)).toEqual(shortages);
    await shot(page, 'kitting-result');

    // 保存分析 with a remark, then to the list
    await page.getByRole('button', { name: /保存分析/ }).click();
    await dialog(page).getByLabel('备注（选填）').fill(REMARK);
    await dialog(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.locator('.ant-modal-confirm-title', { hasText: '齐套分析已保存' }).waitFor();
    const saved = await page.locator('.ant-modal-confirm-content').textContent();
    const code = saved?.match(/QT\d+/)?.[0] ?? '';
    expect(code).toMatch(/^QT\d{11}$/);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '查看齐套分析列表' }).click();
    // a navigation within the app: no load event to wait for
    await expect.poll(() => new URL(page.url()).pathname).toBe('/plans/complete-set-list');
    const mine = rows(page).filter({ hasText: code });
    await mine.waitFor();
    expect(await mine.textContent()).toContain(REMARK);
    expect(await mine.textContent()).toContain('冯丽');
    await noErrors(page);

    // 详情 shows it as it was calculated
    await mine.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `齐套分析 — ${code}` });
    await rows(drawer.locator('#kittingPlans')).first().waitFor();
    await drawer.getByText(new RegExp(`分析编号 ${code}`)).waitFor();
    expect(await rows(drawer.locator('#kittingMaterials')).count()).toBeGreaterThan(0);
    await shot(page, 'kitting-detail');
  });
});
