import { MARKET_CONTACT, MARKET_TABS } from '@factory/shared/api/market';
import { encryptText } from '@factory/shared/crypto';
import { formatAuthority } from '@factory/shared/permissions';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../packages/server/src/testing/images.ts';
import { addUserReady, apiCall, DEMO_PASSWORD, launch, newPage, shot, signIn } from './browser.ts';

/** The provider's tenant (flag providerConsole) is the one that maintains the shared catalogue. */
const PROVIDER = 'provider';
const BROWSER_USER = { userName: 'e2emarket', name: '应用浏览员', password: 'Market2026a' };

let browser: Browser;
let admin: Page;

beforeAll(async () => {
  // a provider user who may open the market pages but holds none of their buttons
  const { token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
    memberCode: PROVIDER,
    userName: 'admin',
    password: await encryptText(DEMO_PASSWORD),
  });
  const role = await apiCall<{ id: number }>(token, 'POST', 'authority/private/role/addRole', {
    name: 'E2E应用浏览',
  });
  await apiCall(token, 'PUT', 'authority/private/role/updatePermission', {
    id: role.id,
    authority: formatAuthority([{ checked: ['ApplyMarket', 'applyDetails'], half: [] }]),
  });
  await addUserReady(token, PROVIDER, {
    userName: BROWSER_USER.userName,
    name: BROWSER_USER.name,
    password: BROWSER_USER.password,
    roleIds: [role.id],
  });
  browser = await launch();
  ({ page: admin } = await newPage(browser));
  await signIn(admin, PROVIDER, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

const cards = (p: Page) => p.getByTestId('market-card');
const cardNames = async (p: Page) => (await cards(p).locator('a').allTextContents()).map((t) => t.trim());
const tabs = (p: Page) => p.getByRole('tab');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();

async function openMarket(p: Page) {
  await p.goto('/apply');
  await cards(p).first().waitFor();
}

describe('the application market', () => {
  it('opens from the header in a new tab, with its own header, the ten tabs and the recommended applications', async () => {
    await admin.goto('/home');
    const [market] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByRole('button', { name: /应用市场/ }).click(),
    ]);
    await market.waitForURL(/\/apply$/);
    await cards(market).first().waitFor();
    expect(await market.getByText('应用中心', { exact: true }).count()).toBe(1);
    expect(await market.getByTestId('market-user').textContent()).toBe('平台管理员');
    await market.getByRole('heading', { name: '选择您的应用' }).waitFor();
    expect(await market.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    expect((await tabs(market).allTextContents()).map((t) => t.trim())).toEqual([...MARKET_TABS]);
    expect((await cardNames(market)).slice(0, 4)).toEqual([
      '一键呼叫',
      '自定义工单引擎',
      '自定义审批流',
      '智能排产插件',
    ]);
    expect(await cards(market).first().textContent()).toContain('6,800元起');
    await shot(market, 'market-apply');
    await market.close();
  });

  it('switches tabs and searches by name (Enter or the icon)', async () => {
    await openMarket(admin);
    await tabs(admin).filter({ hasText: '仓库' }).click();
    await expect.poll(() => cardNames(admin)).toContain('PDA扫码出入库');
    expect(await cardNames(admin)).not.toContain('一键呼叫');

    const search = admin.getByPlaceholder('请输入应用名称');
    await search.fill('盘点');
    await search.press('Enter');
    await expect.poll(() => cardNames(admin)).toEqual(['盘点助手']);
    await search.fill('不存在的应用');
    await admin.getByRole('button', { name: '搜索' }).click();
    await admin.getByText('没有找到名称包含“不存在的应用”的应用').waitFor();
    await search.fill('');
    await expect.poll(async () => (await cardNames(admin)).length).toBeGreaterThan(4);
  });

  it('获取 only asks to contact the provider', async () => {
    await openMarket(admin);
    await cards(admin)
      .first()
      .getByRole('button', { name: /获\s*取/ })
      .click();
    const box = dialog(admin);
    await box.getByText(MARKET_CONTACT.phone).waitFor();
    expect(await box.locator('.ant-modal-confirm-title').textContent()).toBe('咨询');
    expect(await box.textContent()).toContain(MARKET_CONTACT.phone);
    await shot(admin, 'market-consult');
    await box.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => admin.locator('.ant-modal-container').count()).toBe(0);
    expect(new URL(admin.url()).pathname).toBe('/apply');
  });

  it('adds an application to a group, then deletes it from its detail page', async () => {
    await openMarket(admin);
    await tabs(admin).filter({ hasText: '其他' }).click();
    await admin.getByRole('button', { name: '在“开放平台”中新增应用' }).click();
    const form = dialog(admin);
    await form.getByText('新增', { exact: true }).waitFor();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    for (const m of ['请输入名称', '请输入价格', '请输入描述', '请上传图片'])
      await form.getByText(m).waitFor();
    await form.getByPlaceholder('请输入名称').fill('E2E数据中台');
    await form.getByPlaceholder('请输入价格').fill('12800');
    await form.getByPlaceholder('请输入描述').fill('打通车间与经营数据');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'app.png', mimeType: 'image/png', buffer: png(96, 96, [88, 120, 252]) });
    await form.getByAltText('应用图片').waitFor();
    await expect.poll(() => form.getByText('请上传图片').count()).toBe(0);
    await shot(admin, 'market-add');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('添加成功').last().waitFor();
    await expect.poll(() => cardNames(admin)).toContain('E2E数据中台');

    await cards(admin).filter({ hasText: 'E2E数据中台' }).getByRole('link').click();
    await admin.waitForURL(/\/applyDetails\?id=\d+/);
    await admin.getByRole('heading', { name: 'E2E数据中台' }).waitFor();
    // the copied picture is public: it loads without a token
    const picture = admin.getByAltText('E2E数据中台');
    expect(await picture.getAttribute('src')).toMatch(/^\/api\/web\/v1\/market\/public\/picture\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await admin.getByRole('button', { name: /删\s*除/ }).click();
    const confirm = dialog(admin);
    await confirm.getByText('您确定要删除吗?').waitFor();
    expect(await confirm.locator('.ant-modal-confirm-title').textContent()).toBe('提示');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('删除成功!').waitFor();
    await admin.waitForURL(/\/apply$/);
  });

  it('the provider edits the introduction and sees the change after submitting', async () => {
    await openMarket(admin);
    await cards(admin).filter({ hasText: '一键呼叫' }).getByRole('link').click();
    await admin.waitForURL(/\/applyDetails\?id=\d+/);
    await admin.getByText('核心功能').waitFor();
    await shot(admin, 'market-detail');
    await admin.getByRole('button', { name: /编\s*辑/ }).click();
    const editor = admin.getByRole('textbox', { name: '介绍' });
    await editor.waitFor();
    await editor.locator('p').first().click();
    await admin.keyboard.press('End');
    await admin.keyboard.type('（现已支持广播呼叫）');
    await shot(admin, 'market-edit');
    await admin.getByRole('button', { name: /提\s*交/ }).click();
    await admin.getByText('修改成功').last().waitFor();
    await admin.getByText('（现已支持广播呼叫）').waitFor();
    expect(await admin.getByRole('textbox', { name: '介绍' }).count()).toBe(0);
    await admin.reload();
    await admin.getByText('（现已支持广播呼叫）').waitFor();
  });

  it('has no add, edit or delete controls for a user without the keys, nor for another tenant', async () => {
    for (const [member, user, password] of [
      [PROVIDER, BROWSER_USER.userName, BROWSER_USER.password],
      ['transformer', 'admin', DEMO_PASSWORD],
    ]) {
      const { context, page } = await newPage(browser);
      await signIn(page, member, user, password);
      await openMarket(page);
      expect(await page.getByRole('button', { name: /新增应用/ }).count(), member).toBe(0);
      await cards(page).filter({ hasText: '智能排产插件' }).getByRole('link').click();
      await page.getByText('核心功能').waitFor();
      expect(await page.getByRole('button', { name: /获\s*取/ }).count()).toBe(1);
      for (const name of [/编\s*辑/, /删\s*除/])
        expect(await page.getByRole('button', { name }).count(), `${member} ${name}`).toBe(0);
      await context.close();
    }
  });
});
