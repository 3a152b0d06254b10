import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pick, shot, signIn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const dialog = (p: Page) => p.locator('.ant-modal-container').last();
const bell = (p: Page) => p.locator('header').getByRole('button', { name: /^消息通知/ });
const badge = (p: Page) => bell(p).locator('.ant-badge-count');
const panel = (p: Page) => p.getByRole('dialog', { name: '消息通知' });

/** Reads and clears what the demo left in a user's bell (the product's changelog), for exact counts after. */
async function startClean(p: Page) {
  await bell(p).click();
  await panel(p).getByText('消息推送已连接').waitFor();
  const readAll = panel(p).getByRole('button', { name: '全部已读' });
  if (await readAll.isEnabled()) {
    await readAll.click();
    await expect.poll(() => badge(p).count()).toBe(0);
  }
  await panel(p).getByRole('tab', { name: '历史消息' }).click();
  const clear = panel(p).getByRole('button', { name: '清空' });
  if (await clear.isEnabled()) {
    await clear.click();
    await panel(p).getByText('暂无历史消息').waitFor();
  }
  await panel(p)
    .getByRole('tab', { name: /新消息/ })
    .click();
  await p.keyboard.press('Escape');
}

async function addUser(p: Page, userName: string, name: string) {
  await p.goto('/setting/user-info/user');
  await p.getByRole('button', { name: /新增用户/ }).click();
  await dialog(p).getByPlaceholder('请输入用户名').fill(userName);
  await dialog(p).getByPlaceholder('请输入姓名').fill(name);
  await dialog(p).getByPlaceholder('请输入初始密码').fill('Notice2026');
  await dialog(p)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await p.getByText('新增成功').first().waitFor();
}

describe('live notifications', () => {
  it("reach a user's open page when another user acts, and are read, read all and cleared", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'machinery', 'admin');
    // the rule: 陈静 (a warehouse keeper) hears about new users
    await admin.page.goto('/setting/system-setting-info/message-notificate-list');
    // 新增 opens the add page of its own route (message-notificate-add)
    await admin.page.getByRole('button', { name: /新增消息通知/ }).click();
    await admin.page.waitForURL(/message-notificate-add/);
    const form = admin.page.locator('form#notificationRuleForm');
    await form.getByPlaceholder('请输入规则名称').fill('新用户通知仓管');
    await pick(admin.page, form.getByLabel('触发事件', { exact: true }), '新增用户');
    await pick(admin.page, form.getByLabel('通知用户', { exact: true }), '陈静', '陈静');
    await shot(admin.page, 'notification-rule-form');
    await admin.page.getByRole('button', { name: /保\s*存/ }).click();
    await admin.page.getByText('新增成功').first().waitFor();
    await admin.page.waitForURL(/message-notificate-list/);
    await admin.page.locator('.ant-table-row', { hasText: '新用户通知仓管' }).waitFor();
    await shot(admin.page, 'notification-rules');

    const keeper = await newPage(browser);
    await signIn(keeper.page, 'machinery', 'cangguan01');
    await startClean(keeper.page);

    await addUser(admin.page, 'notice01', '通知一号');
    // no reload on the keeper's side: the push brings the badge
    await expect.poll(() => badge(keeper.page).textContent()).toBe('1');
    await shot(keeper.page, 'notification-badge');
    await bell(keeper.page).click();
    const item = panel(keeper.page).getByRole('button', { name: /新增用户.*通知一号/ });
    await item.waitFor();
    await shot(keeper.page, 'notification-panel');
    await item.click();
    await panel(keeper.page).getByText('管理员新增了用户“通知一号”（notice01）').waitFor();
    await shot(keeper.page, 'notification-detail');
    // opening it read it
    await expect.poll(() => badge(keeper.page).count()).toBe(0);
    await panel(keeper.page)
      .getByRole('button', { name: /返\s*回/ })
      .click();
    await panel(keeper.page).getByText('暂无新消息').waitFor();

    await addUser(admin.page, 'notice02', '通知二号');
    await addUser(admin.page, 'notice03', '通知三号');
    await expect.poll(() => badge(keeper.page).textContent()).toBe('2');
    await panel(keeper.page).getByRole('button', { name: '全部已读' }).click();
    await keeper.page.getByText('更新成功').last().waitFor();
    await expect.poll(() => badge(keeper.page).count()).toBe(0);
    await panel(keeper.page).getByRole('tab', { name: '历史消息' }).click();
    await expect
      .poll(() =>
        panel(keeper.page)
          .getByRole('button', { name: /^删除 / })
          .count(),
      )
      .toBe(3);
    await panel(keeper.page).getByRole('button', { name: '删除 新增用户' }).first().click();
    await keeper.page.getByText('删除成功').last().waitFor();
    await expect
      .poll(() =>
        panel(keeper.page)
          .getByRole('button', { name: /^删除 / })
          .count(),
      )
      .toBe(2);
    await panel(keeper.page).getByRole('button', { name: '清空' }).click();
    await keeper.page.getByText('清空成功').last().waitFor();
    await panel(keeper.page).getByText('暂无历史消息').waitFor();
    await shot(keeper.page, 'notification-cleared');
    await admin.context.close();
    await keeper.context.close();
  });
});

describe('changelog', () => {
  it("is kept in the provider's console: added with the spec's checks, listed by date, full screen", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'provider', 'admin');
    await startClean(page);
    await page.getByRole('button', { name: '更新日志' }).click();
    const log = page.locator('.ant-modal-container', { hasText: '更新日志' }).first();
    await log.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByPlaceholder('请输入更新内容').fill('  ');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('请输入更新内容').last().waitFor();
    await form.getByPlaceholder('请输入更新内容').fill('新增消息通知：事件、规则与实时推送');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await log.getByText('新增消息通知：事件、规则与实时推送').waitFor();
    await log.getByRole('button', { name: '全屏' }).click();
    await shot(page, 'changelog-full-screen');
    await log.getByRole('button', { name: '退出全屏' }).waitFor();
    // the entry reached everyone as a notification, the author included
    await page.keyboard.press('Escape');
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await context.close();
  });

  it('shows a customer the entries its bell brought, though its tenant does not load the list', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'transformer', 'admin');
    await page.getByRole('button', { name: '更新日志' }).click();
    const log = page.locator('.ant-modal-container', { hasText: '更新日志' }).first();
    await log.getByText('新增消息通知：事件、规则与实时推送').waitFor();
    // the customer may not write the provider's changelog
    expect(await log.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    await shot(page, 'changelog-customer');
    await context.close();
  });
});
