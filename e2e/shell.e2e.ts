import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newPage, shot, signIn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const menuTitles = async (page: Page) =>
  (await mainMenu(page).locator('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

describe('sign-in and tenant variations', () => {
  it('the login page says what is missing and why a login was refused', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('请输入用户名').count()).toBeGreaterThan(0);
    await page.getByPlaceholder('请输入企业编码').fill('transformer');
    await expect.poll(() => page.getByText('华东变压器制造有限公司').count()).toBeGreaterThan(0);
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('Wrong12345');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const refusal = page.getByText(/企业编码、用户名或密码错误，还可尝试\d次/);
    await refusal.first().waitFor();
    // said once, on the card (no toast beside it)
    await page.waitForTimeout(500);
    expect(await refusal.count()).toBe(1);
    await shot(page, 'login-refused');
    // the member code in another case, with spaces around it, is the same tenant
    await page.getByPlaceholder('请输入企业编码').fill('  TransFormer ');
    await page.getByPlaceholder('请输入密码').fill('Demo@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await context.close();
  });

  it('the demo tenant has no lock button and no logout; transformer has both', async () => {
    const demo = await newPage(browser);
    await signIn(demo.page, 'demo', 'admin');
    await demo.page.getByText(/好，演示管理员/).waitFor();
    expect(await demo.page.getByRole('button', { name: '锁屏' }).count()).toBe(0);
    await demo.page.getByText('演示管理员', { exact: true }).first().click();
    await demo.page.waitForTimeout(300);
    expect(await demo.page.getByText('退出登录').count()).toBe(0);
    expect(await demo.page.getByRole('button', { name: /应用市场/ }).count()).toBe(0);
    await shot(demo.page, 'tenant-demo');
    await demo.context.close();

    const t = await newPage(browser);
    await signIn(t.page, 'transformer', 'admin');
    await t.page.getByRole('button', { name: '锁屏' }).waitFor();
    expect(await t.page.getByRole('button', { name: /应用市场/ }).count()).toBe(0);
    await t.page.getByText('系统管理员', { exact: true }).first().click();
    await t.page.getByText('退出登录').waitFor();
    await shot(t.page, 'tenant-transformer');
    await t.page.getByText('退出登录').click();
    await t.page.waitForURL(/\/login/);
    await t.context.close();
  });

  it('the provider tenant shows the application-market button', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'provider', 'admin');
    await page.getByRole('button', { name: /应用市场/ }).waitFor();
    await shot(page, 'tenant-provider');
    await context.close();
  });

  it("the provider's tenant list searches, shows flags, keeps its own tenant on, and refuses other tenants", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'provider', 'admin');
    await page.goto('/tenant');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    const own = rows.filter({ hasText: '当前' });
    expect(await own.count()).toBe(1);
    // the provider's own tenant cannot be switched off: the action says why instead of asking
    await own.getByRole('button', { name: '停用' }).click();
    await page.getByText('不能停用服务商自身的租户').waitFor();
    await page.locator('#tenantSearch_memberCode').fill('transformer');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('华东变压器制造有限公司');
    await page.screenshot({ path: '/tmp/tenant-list.png' });
    await shot(page, 'tenant-list');
    await context.close();

    const other = await newPage(browser);
    await signIn(other.page, 'transformer', 'admin');
    await other.page.goto('/tenant');
    await other.page.getByText('仅服务商可以管理租户').waitFor();
    await other.context.close();
  });
});

describe('the shell', () => {
  it('opens the second-level panel and three pages, then refreshes and closes tags', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'transformer', 'admin');
    expect(new URL(page.url()).pathname).toBe('/home');
    await mainMenu(page).getByRole('button', { name: '系统设置' }).click();
    const panel = page.getByRole('navigation', { name: '系统设置' });
    await panel.waitFor();
    await shot(page, 'menu-panel');
    await panel.getByText('系统参数').click();
    await page.getByText('企业信息').first().waitFor();
    expect(await page.title()).toBe('系统参数 - 工厂MES与售后服务平台');
    await panel.getByText('基础设置').click();
    await page.getByText('分页条数选项').first().waitFor();
    await mainMenu(page).getByRole('button', { name: '工作台' }).click();
    await page.getByText(/好，系统管理员/).waitFor();
    await panel.waitFor({ state: 'detached' });
    const tags = page.locator('[data-tag]');
    expect(await tags.count()).toBe(3);
    await shot(page, 'tags-three');

    // refresh keeps the page and its tags
    await page.getByRole('button', { name: '刷新当前页' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByText(/好，系统管理员/).waitFor();
    expect(await tags.count()).toBe(3);

    // close one tag, then close others
    await page.getByRole('button', { name: '关闭基础设置' }).click();
    expect(await tags.count()).toBe(2);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    expect(await tags.count()).toBe(1);
    await page.getByText('系统参数').first().isVisible();

    // close all keeps the current page
    await mainMenu(page).getByRole('button', { name: '系统设置' }).click();
    await page.getByRole('navigation', { name: '系统设置' }).getByText('系统参数').click();
    await page.getByText('企业信息').first().waitFor();
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect.poll(() => tags.count()).toBe(1);
    expect(await page.locator('[data-tag="systemParams"]').count()).toBe(1);
    await context.close();
  });

  it('locks, survives a reload, refuses a wrong password and unlocks with the right one', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'transformer', 'zhijian01');
    await page.getByRole('button', { name: '锁屏' }).click();
    const unlock = page.getByPlaceholder('请输入密码解锁');
    await unlock.waitFor();
    await page.reload();
    await unlock.waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('lock'))).toBe('true');
    await shot(page, 'lock-screen');
    await unlock.fill('Wrong12345');
    await unlock.press('Enter');
    await page
      .getByText(/密码错误，还可尝试\d次/)
      .first()
      .waitFor();
    await unlock.fill('Demo@2026');
    await unlock.press('Enter');
    await unlock.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('lock'))).toBeNull();
    await context.close();
  });

  it('below 992 px the panel closes, and closes again on route change', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'transformer', 'admin');
    await mainMenu(page).getByRole('button', { name: '系统设置' }).click();
    const panel = page.getByRole('navigation', { name: '系统设置' });
    await panel.waitFor();
    await page.setViewportSize({ width: 900, height: 800 });
    await panel.waitFor({ state: 'detached' });
    await shot(page, 'narrow-900');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await panel.waitFor();
    await panel.getByText('基础设置').click();
    await page.getByText('分页条数选项').first().waitFor();
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });

  it('an unknown path shows the 404 page with a way home', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'transformer', 'admin');
    await page.goto('/no/such/page');
    await page.waitForURL(/\/404$/);
    await page.getByText('抱歉，您访问的页面不存在或您没有权限访问').waitFor();
    await shot(page, 'not-found');
    await page.getByRole('button', { name: /返回首页/ }).click();
    await page.waitForURL(/\/home$/);
    await context.close();
  });

  it('an expired session shows the token message and returns to login', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'transformer', 'admin');
    await page.getByText(/好，系统管理员/).waitFor();
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // the session ends on the server (as at expiry); the page finds out on its next call
    const res = await fetch(`${baseURL()}/api/web/v1/authority/private/user/logout`, {
      headers: { token: token ?? '' },
    });
    expect((await res.json()).errorCode).toBe(0);
    await mainMenu(page).getByRole('button', { name: '系统设置' }).click();
    await page.getByRole('navigation', { name: '系统设置' }).getByText('系统参数').click();
    await page.getByText('Token认证失败，请重新登录').waitFor();
    await page.waitForTimeout(300); // let the toast finish fading in for the screenshot
    await shot(page, 'token-expired');
    // the message shows on the page the user was on, then login after 1.5 s
    expect(new URL(page.url()).pathname).toBe('/setting/system-params');
    await page.waitForURL(/\/login/, { timeout: 5000 });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('a non-admin role sees only its menus and cannot open other pages', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'transformer', 'zhijian01');
    await page.getByText(/好，王芳/).waitFor();
    // the inspector's role reads materials (基础信息 → 物料管理) and work orders (生产计划 → 工单管理),
    // keeps the quality configuration (质量管理 → 质检配置), answers quality calls (呼叫系统 → 呼叫查询)
    // and holds nothing of 系统设置
    expect(await menuTitles(page)).toEqual(['工作台', '基础信息', '质量管理', '生产计划', '呼叫系统']);
    await shot(page, 'role-quality-inspector');
    await page.goto('/setting/system-params');
    await page.waitForURL(/\/404$/);
    await context.close();
  });
});
