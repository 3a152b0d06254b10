import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser.ts';

const MINE = '/self-center/mine-equipment';
const REGISTER = '/equipment/account/account-list';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  // the production manager reads the register and starts with an empty My equipment
  await signIn(page, 'transformer', 'jingli01');
});
afterAll(async () => {
  await browser?.close();
});

const rows = (scope: Page | ReturnType<Page['locator']>) =>
  scope.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-container').last();
/** The page's own list, not the picker's table (which stays in the page once opened). */
const list = (p: Page) => p.locator('.ant-card').filter({ has: p.locator('.ant-table') });
const confirmBox = (p: Page) => p.locator('.ant-modal-confirm');
/** The 设备名称 cells: the second column, the third in the picker (after its checkboxes). */
const names = async (scope: Page | ReturnType<Page['locator']>, column = 2) =>
  (await rows(scope).locator(`td:nth-child(${column})`).allTextContents()).map((t) => t.trim());
/** The register's total, from its pager (共 N 条). */
const registerTotal = async (p: Page) =>
  Number((await p.locator('.ant-pagination-total-text').textContent())?.match(/\d+/)?.[0]);

describe('My equipment', () => {
  let all = 0;

  it('adds two pieces of equipment from the register', async () => {
    await page.goto(REGISTER);
    await rows(page).first().waitFor();
    all = await registerTotal(page);
    expect(all).toBeGreaterThan(30);

    await page.goto(MINE);
    await page.getByText('还没有设备').waitFor();
    await page.getByRole('button', { name: /添加设备/ }).click();
    const d = dialog(page);
    await d.getByPlaceholder('按设备名称搜索').fill('箔式绕线机');
    await d.getByPlaceholder('按设备名称搜索').press('Enter');
    await expect.poll(() => names(d, 3)).toEqual(['1#箔式绕线机', '2#箔式绕线机', '3#箔式绕线机']);
    await rows(d).nth(0).locator('.ant-checkbox-input').check();
    await rows(d).nth(1).locator('.ant-checkbox-input').check();
    await shot(page, 'mine-equipment-picker');
    await d.getByRole('button', { name: /添加（2）/ }).click();
    await page.getByText('添加成功').last().waitFor();
    await expect.poll(() => names(list(page))).toEqual(['1#箔式绕线机', '2#箔式绕线机']);
  });

  it('removes one after asking', async () => {
    await rows(list(page)).nth(1).getByRole('button', { name: '移除' }).click();
    await confirmBox(page).getByText('确定将“2#箔式绕线机”从我的设备中移除吗？').waitFor();
    await confirmBox(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('移除成功').last().waitFor();
    await expect.poll(() => names(list(page))).toEqual(['1#箔式绕线机']);
  });

  it('仅显示我的设备 narrows the register to the own list, and back', async () => {
    const toggle = page.getByRole('switch', { name: '仅显示我的设备' });
    await toggle.click();
    await page.getByText('已开启，设备台账只显示我的设备').waitFor();
    await shot(page, 'mine-equipment');

    await page.goto(REGISTER);
    await page.getByText('仅显示我的设备').waitFor();
    await expect.poll(() => names(page)).toEqual(['1#箔式绕线机']);
    await shot(page, 'mine-equipment-register');

    await page.goto(MINE);
    await rows(page).first().waitFor();
    await toggle.click();
    await page.getByText('已关闭，设备台账显示全部设备').waitFor();
    await page.goto(REGISTER);
    await rows(page).first().waitFor();
    await expect.poll(() => registerTotal(page)).toBe(all);
    expect(await page.getByText('仅显示我的设备').count()).toBe(0);
  });

  it("设置设备 shows on a role's users except for tenants with hideUserEquipment", async () => {
    for (const [memberCode, shown] of [
      ['transformer', 1],
      ['machinery', 0],
    ] as const) {
      const { context, page: admin } = await newPage(browser);
      await signIn(admin, memberCode, 'admin');
      await admin.goto('/setting/user-info/role');
      const role = admin.locator('.ant-table-row', { hasText: '设备管理员' });
      await role.getByRole('button', { name: '关联用户' }).click();
      const users = admin.locator('.ant-drawer-section').last();
      const keeper = users.locator('.ant-table-row', { hasText: 'shebei01' });
      await keeper.getByRole('button', { name: '设置工位' }).waitFor();
      expect(await keeper.getByRole('button', { name: '设置设备' }).count(), memberCode).toBe(shown);
      if (shown) {
        await keeper.getByRole('button', { name: '设置设备' }).click();
        await dialog(admin).getByText('1#立式绕线机').waitFor();
        await admin.waitForTimeout(400); // let the dialog finish zooming in for the screenshot
        await shot(admin, 'mine-equipment-set-dialog');
      }
      await context.close();
    }
  });
});
