import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, setOwnPassword, shot, signIn } from './browser.ts';

const MEMBER = 'demo';
const ROLE = 'E2E工位录入';
const USER = { userName: 'e2erole', name: '工位录入员', password: 'E2eRole2026', ownPassword: 'Mine2026e2e' };
const STATIONS = '/information/production-info/station';

let browser: Browser;
let admin: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page: admin } = await newPage(browser));
  await signIn(admin, MEMBER, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

const mainMenu = (p: Page) => p.getByRole('navigation', { name: '主菜单' });
const menuTitles = async (p: Page) =>
  (await mainMenu(p).locator('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
const drawer = (p: Page) => p.locator('.ant-drawer-section').last();
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
/** A node of the permission tree by its whole title (a search highlights parts of others). */
const treeNode = (scope: Locator, title: string) =>
  scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });

async function openRoles(p: Page) {
  await p.goto('/setting/user-info/role');
  await p.getByText('角色列表').first().waitFor();
  await p.locator('.ant-table-row').first().waitFor();
}
const roleRow = (p: Page) => p.locator('.ant-table-row', { hasText: ROLE });

/** Opens the role's 功能权限 and shows the station page with its buttons. */
async function openStationPermissions(p: Page): Promise<Locator> {
  await roleRow(p).getByRole('button', { name: '功能权限' }).click();
  const d = drawer(p);
  await d.getByPlaceholder('搜索菜单或按钮名称').fill('工位');
  const station = treeNode(d, '工位');
  await station.waitFor();
  if (await station.locator('.ant-tree-switcher_close').count())
    await station.locator('.ant-tree-switcher').click();
  await treeNode(d, '新增').waitFor();
  return d;
}
const isChecked = async (node: Locator) =>
  (await node.locator('.ant-tree-checkbox').getAttribute('class'))?.includes('ant-tree-checkbox-checked');

describe('the Roles screen', () => {
  it('creates a role holding only the station list with 新增', async () => {
    await openRoles(admin);
    await admin.getByRole('button', { name: /新增角色/ }).click();
    await dialog(admin).getByPlaceholder('请输入角色名称').fill(ROLE);
    await dialog(admin).getByPlaceholder('请输入备注').fill('只录入工位');
    await dialog(admin)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.getByText('新增成功').last().waitFor();
    await roleRow(admin).waitFor();

    const d = await openStationPermissions(admin);
    await treeNode(d, '新增').locator('.ant-tree-checkbox').click();
    // the page and its ancestors follow, half-checked: part of them is granted
    await expect.poll(() => d.getByText(/已选 4 \//).count()).toBe(1);
    expect(await isChecked(treeNode(d, '新增'))).toBe(true);
    expect(await treeNode(d, '工位').locator('.ant-tree-checkbox-indeterminate').count()).toBe(1);
    await shot(admin, 'roles-permission');
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('设置成功').last().waitFor();
  });

  it('gives the role to a new user through 关联用户', async () => {
    await admin.goto('/setting/user-info/user');
    await admin.getByRole('button', { name: /新增用户/ }).click();
    const form = dialog(admin);
    await form.getByPlaceholder('请输入用户名').fill(USER.userName);
    await form.getByPlaceholder('请输入姓名').fill(USER.name);
    await form.getByPlaceholder('请输入初始密码').fill(USER.password);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('新增成功').last().waitFor();

    await openRoles(admin);
    await roleRow(admin).getByRole('button', { name: '关联用户' }).click();
    const d = drawer(admin);
    await d.getByText('暂无用户').waitFor();
    await d.getByRole('button', { name: /添加用户/ }).click();
    const add = dialog(admin);
    await add.locator('.ant-select').click();
    await admin.keyboard.type(USER.name);
    await admin.locator('.ant-select-item-option', { hasText: USER.name }).click();
    await add.locator('.ant-modal-title').click();
    await add.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('已添加 1 位用户').waitFor();
    await d.locator('.ant-table-row', { hasText: USER.userName }).waitFor();
    await shot(admin, 'roles-users');
    await d.locator('.ant-drawer-close').click();
    await expect.poll(() => roleRow(admin).textContent()).toContain('1 人');
  });

  it('the user sees only 基础信息 → 工位 with 新增, and the change of the role after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, MEMBER, USER.userName, USER.password);
    // the administrator chose the password: the user sets their own first
    await setOwnPassword(page, USER.password, USER.ownPassword);
    await expect.poll(() => menuTitles(page)).toEqual(['基础信息']);
    await mainMenu(page).getByRole('button', { name: '基础信息' }).click();
    const panel = page.getByRole('navigation', { name: '基础信息' });
    await panel.getByText('工位', { exact: true }).waitFor();
    expect(await panel.getByText('产线').count()).toBe(0);
    expect(await panel.getByText('工序').count()).toBe(0);

    await page.goto(STATIONS);
    await page.getByText('工位列表').first().waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /新增工位/ }).waitFor();
    for (const name of ['导入', '导出', '删除', '修改'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    await shot(page, 'roles-user-stations');

    // the administrator takes 新增 away and grants 删除
    await openRoles(admin);
    const d = await openStationPermissions(admin);
    await treeNode(d, '新增').locator('.ant-tree-checkbox').click();
    await treeNode(d, '删除').locator('.ant-tree-checkbox').click();
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('设置成功').last().waitFor();

    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: '删除', exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: /新增工位/ }).count()).toBe(0);
    await shot(page, 'roles-user-changed');
    await context.close();
  });

  it('refuses to delete the role while the user holds it, then deletes it once removed', async () => {
    await openRoles(admin);
    await roleRow(admin).getByRole('button', { name: '删除' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.getByText(`角色“${ROLE}”已分配给1位用户（${USER.name}）`, { exact: false }).first().waitFor();
    await roleRow(admin).getByRole('button', { name: '关联用户' }).click();
    const d = drawer(admin);
    await d
      .locator('.ant-table-row', { hasText: USER.userName })
      .getByRole('button', { name: '移除' })
      .click();
    await admin.getByText(/只有这一个角色/).waitFor();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.getByText('移除成功').last().waitFor();
    await d.getByText('暂无用户').waitFor();
    await d.locator('.ant-drawer-close').click();
    await roleRow(admin).getByRole('button', { name: '删除' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.getByText('删除成功').last().waitFor();
    await expect.poll(() => roleRow(admin).count()).toBe(0);
  });
});
