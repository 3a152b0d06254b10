import { encryptText } from '@factory/shared/crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, launch, newPage, setOwnPassword, shot, signIn } from './browser.ts';

const TENANT = 'transformer';
const USER = 'selfcenter01';
/** The administrator's password for the new user, replaced at the first login. */
const FIRST_PASSWORD = 'Start2026a';
const OWN_PASSWORD = 'Mine2026c';
const NEW_PASSWORD = 'Changed2026b';

let browser: Browser;
let page: Page;
let stations: string[];

beforeAll(async () => {
  const { token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
    memberCode: TENANT,
    userName: 'admin',
    password: await encryptText(DEMO_PASSWORD),
  });
  const roles = await apiCall<{ records: { id: number; name: string }[] }>(
    token,
    'GET',
    'authority/private/role/getRoleList?page=1&limit=50',
  );
  const operator = roles.records.find((r) => r.name === '操作工');
  const user = await apiCall<{ id: number }>(token, 'POST', 'authority/private/user/addUser', {
    userName: USER,
    name: '自助测试',
    password: await encryptText(FIRST_PASSWORD),
    roleIds: operator ? [operator.id] : [],
  });
  const list = await apiCall<{ records: { id: number; name: string }[] }>(
    token,
    'GET',
    'basicData/private/station/getStationList?page=1&limit=20',
  );
  // two stations of their own: only these are offered when switching
  const mine = list.records.slice(1, 3);
  stations = mine.map((s) => s.name);
  await apiCall(token, 'PUT', 'authority/private/user/updateOneStation', {
    id: user.id,
    stationIds: mine.map((s) => s.id),
  });
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, TENANT, USER, FIRST_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
});

const userButton = (p: Page) => p.locator('header button', { hasText: '自助测试' });
const headerPost = (p: Page) => userButton(p).locator('span[title^="当前班次"]');

async function switchTo(p: Page, item: '切换班次' | '切换工位', option: string) {
  await userButton(p).click();
  await p.getByRole('menuitem', { name: item }).click();
  const dialog = p.locator('.ant-modal', { hasText: item });
  await dialog.locator('.ant-select').click();
  await p
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await p.getByText('切换成功').first().waitFor();
}

describe('self-centre', () => {
  it('a user the administrator added sets a password of their own before anything else', async () => {
    const card = page.locator('.ant-card', { hasText: '设置新密码' });
    await card.getByText('您的密码由管理员设置').waitFor();
    expect(await page.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    // any page by its address is the same form
    await page.goto('/self-center/user-info');
    await card.getByText('您的密码由管理员设置').waitFor();
    await shot(page, 'self-first-password');
    await card.getByPlaceholder('请输入原密码').fill(FIRST_PASSWORD);
    await card.getByPlaceholder('请输入新密码').fill('short');
    await card.getByPlaceholder('请再次输入新密码').fill('other');
    await card.getByRole('button', { name: '设置新密码' }).click();
    await page.getByText('密码至少8位，且须同时包含字母和数字', { exact: true }).waitFor();
    await page.getByText('两次输入的新密码不一致').waitFor();
    await setOwnPassword(page, FIRST_PASSWORD, OWN_PASSWORD);
    await page.getByText('新密码已设置').first().waitFor();
    // then the page asked for, with the shell
    await userButton(page).waitFor();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    await page.getByText('账号与岗位').waitFor();
    await page.goto('/');
  });

  it('switches shift and station from the header, and keeps them after a reload', async () => {
    // a user given stations starts at the first of them
    await expect.poll(() => headerPost(page).textContent()).toBe(stations[0]);
    await switchTo(page, '切换班次', '夜班');
    await expect.poll(() => headerPost(page).textContent()).toBe(`夜班 · ${stations[0]}`);
    // only the user's own stations are offered
    await userButton(page).click();
    await page.getByRole('menuitem', { name: '切换工位' }).click();
    await page.locator('.ant-modal', { hasText: '切换工位' }).locator('.ant-select').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => offered.count()).toBe(2);
    await shot(page, 'self-switch-station');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await switchTo(page, '切换工位', stations[1]);
    await expect.poll(() => headerPost(page).textContent()).toBe(`夜班 · ${stations[1]}`);
    await page.reload();
    await expect.poll(() => headerPost(page).textContent()).toBe(`夜班 · ${stations[1]}`);
    await userButton(page).click();
    await expect.poll(() => page.getByTestId('current-shift').textContent()).toBe('夜班');
    await shot(page, 'self-header-menu');
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL('**/self-center/user-info');
    await page.getByText('账号与岗位').waitFor();
    await shot(page, 'self-user-info');
  });

  it('changes the own password from the header’s 修改密码, and the next login takes the new one', async () => {
    await userButton(page).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.waitForURL('**/self-center/modify-password');
    await page.getByPlaceholder('请输入原密码').fill(OWN_PASSWORD);
    await page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText(/密码修改成功/).waitFor();
    await shot(page, 'self-modify-password');
    await userButton(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/login/);
    await signIn(page, TENANT, USER, NEW_PASSWORD);
    // the shift and station chosen before are where the new session starts
    await expect.poll(() => headerPost(page).textContent()).toBe(`夜班 · ${stations[1]}`);
  });
});
