import fs from 'node:fs';
import path from 'node:path';
import { encryptText } from '@factory/shared/crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.ts';

export const DEMO_PASSWORD = 'Demo@2026';
export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');
export const baseURL = () => inject('baseURL');

export const launch = launchChromium;

export async function newPage(
  browser: Browser,
  width = 1440,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height },
    locale: 'zh-CN',
  });
  return { context, page: await context.newPage() };
}

/** Signs in through the login page as a new user would. */
export async function signIn(
  page: Page,
  memberCode: string,
  userName: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入企业编码').fill(memberCode);
  await page.getByPlaceholder('请输入用户名').fill(userName);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** A select's search input (the select given by its wrapper or its input). */
const inputOf = async (select: Locator) =>
  (await select.evaluate((el) => el.tagName === 'INPUT')) ? select : select.locator('input').first();

/**
 * The dropdown of this select (found by the listbox its input controls), not another one still
 * closing.
 */
export async function dropdownOf(p: Page, select: Locator): Promise<Locator> {
  const list = await (await inputOf(select)).getAttribute('aria-controls');
  return list
    ? p.locator('.ant-select-dropdown', { has: p.locator(`[id="${list}"]`) })
    : p.locator('.ant-select-dropdown:visible');
}

/**
 * Opens a select (its wrapper or its input), types to search when `typed`, and picks the option
 * from that select's own dropdown.
 */
export async function pick(p: Page, select: Locator, option: string, typed?: string) {
  await select.click();
  if (typed) await (await inputOf(select)).fill(typed);
  const dropdown = await dropdownOf(p, select);
  // the whole text ('成品' must not pick '半成品'), after a code where options show one (materials)
  const exact = new RegExp(`^(?:\\S+ )?${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await dropdown.locator('.ant-select-item-option', { hasText: exact }).first().click();
}

/** One API call as a test sets up its data (a user made the way the user screen makes one); throws on a refusal. */
export async function apiCall<T>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL()}/api/web/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { errorCode: number; result: T; errorMsg: string };
  if (env.errorCode !== 0) throw new Error(`${path}: ${JSON.stringify(env)}`);
  return env.result;
}

/**
 * A user made the way the user screen makes one (addUser), who has then done what such a user must
 * at the first login: replaced the administrator's password with their own, `password`. Answers
 * the new user's row.
 */
export async function addUserReady<T = { id: number }>(
  adminToken: string,
  memberCode: string,
  user: { userName: string; password: string } & Record<string, unknown>,
): Promise<T> {
  const initial = `${user.password}x1`;
  const row = await apiCall<T>(adminToken, 'POST', 'authority/private/user/addUser', {
    ...user,
    password: await encryptText(initial),
  });
  const { token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
    memberCode,
    userName: user.userName,
    password: await encryptText(initial),
  });
  await apiCall(token, 'PUT', 'authority/private/user/updatePassword', {
    oldPassword: await encryptText(initial),
    newPassword: await encryptText(user.password),
  });
  return row;
}

/**
 * What a user whose password an administrator set does first after signing in: the 设置新密码
 * form, from the administrator's password to their own; then the page they asked for.
 */
export async function setOwnPassword(page: Page, adminSet: string, own: string): Promise<void> {
  const card = page.locator('.ant-card', { hasText: '设置新密码' });
  await card.getByPlaceholder('请输入原密码').fill(adminSet);
  await card.getByPlaceholder('请输入新密码').fill(own);
  await card.getByPlaceholder('请再次输入新密码').fill(own);
  await card.getByRole('button', { name: '设置新密码' }).click();
  await card.waitFor({ state: 'detached' });
}
