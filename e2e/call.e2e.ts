import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TENANT = 'transformer';
const bell = (p: Page) => p.locator('header').getByRole('button', { name: /^消息通知/ });
const badge = (p: Page) => bell(p).locator('.ant-badge-count');
const panel = (p: Page) => p.getByRole('dialog', { name: '消息通知' });

/** Reads what the demo left in a user's bell, so the call's notice is the one new. */
async function readAll(p: Page) {
  await bell(p).click();
  await panel(p).getByText('消息推送已连接').waitFor();
  const all = panel(p).getByRole('button', { name: '全部已读' });
  if (await all.isEnabled()) {
    await all.click();
    await expect.poll(() => badge(p).count()).toBe(0);
  }
  await p.keyboard.press('Escape');
}

describe('call system', () => {
  it("an operator's call arrives live at a responder, who responds and closes it", async () => {
    // the responder: a quality inspector, a receiver of 质量 calls, on her home page
    const inspector = await newPage(browser);
    await signIn(inspector.page, TENANT, 'zhijian01');
    await readAll(inspector.page);

    // the operator at her station terminal
    const operator = await newPage(browser);
    const op = operator.page;
    await signIn(op, TENANT, 'op001');
    await op.goto('/plans/station-scheduling');
    await op.getByRole('button', { name: '切换工位' }).first().click();
    const switcher = op.locator('.ant-modal', { hasText: '切换工位' });
    await switcher.locator('.ant-select').click();
    const options = op.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    await options.first().click();
    await switcher.getByRole('button', { name: /确\s*定/ }).click();
    await op.getByText('切换成功').first().waitFor();
    await switcher.waitFor({ state: 'hidden' });

    // the terminal's own button, not the menu's 呼叫系统
    await op.getByRole('button', { name: /呼\s*叫$/ }).click();
    const dialog = op.locator('.ant-modal', { hasText: '本工位未关闭的呼叫' });
    await dialog.getByText('质量', { exact: true }).click();
    await dialog.getByPlaceholder('简要说明需要什么帮助，可不填').fill('首件尺寸待确认');
    await shot(op, 'call-terminal-dialog');
    await dialog.getByRole('button', { name: /^呼\s*叫$/ }).click();
    const made = op.getByText(/呼叫成功，单号 HJ\d{11}/).first();
    await made.waitFor();
    const code = /HJ\d{11}/.exec((await made.textContent()) ?? '')?.[0] ?? '';
    expect(code).not.toBe('');

    // no reload on the inspector's side: the push brings the badge and the notice
    await expect.poll(() => badge(inspector.page).textContent(), { timeout: 15_000 }).toBe('1');
    await bell(inspector.page).click();
    const notice = panel(inspector.page).getByRole('button', { name: /质量呼叫/ });
    await notice.waitFor();
    await shot(inspector.page, 'call-notice-arrived');
    await notice.click();
    await panel(inspector.page).getByText(`“${code}”`, { exact: false }).waitFor();
    await inspector.page.keyboard.press('Escape');

    // she responds from the call list, then closes it with what she did
    await inspector.page.goto('/call/search');
    const row = inspector.page.locator('.ant-table-row', { hasText: code });
    await row.waitFor();
    await row.getByRole('button', { name: '响应' }).click();
    await inspector.page.getByText('响应成功').first().waitFor();
    await expect.poll(() => row.textContent()).toMatch(/已响应/);
    await row.getByRole('button', { name: '关闭' }).click();
    const closing = inspector.page.locator('.ant-modal', { hasText: `关闭呼叫 ${code}` });
    await closing.getByPlaceholder('请输入处理结果').fill('首件检验合格，可批量生产');
    await closing.getByRole('button', { name: '关闭呼叫' }).click();
    await inspector.page.getByText('关闭成功').first().waitFor();
    await expect.poll(() => row.textContent()).toMatch(/已关闭/);
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = inspector.page.locator('.ant-drawer', { hasText: `呼叫详情 — ${code}` });
    await drawer.getByText('首件检验合格，可批量生产').waitFor();
    await drawer.getByText('响应').first().waitFor();
    await shot(inspector.page, 'call-detail');

    // the operator hears it was handled
    await expect.poll(() => badge(op).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await inspector.context.close();
    await operator.context.close();
  });
});
