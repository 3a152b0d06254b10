import type { TaskItemRow } from '@factory/shared/api/equipmentTask';
import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentRepairEntity } from '@factory/shared/entities/equipmentRepair';
import { pointBillEntity } from '@factory/shared/entities/equipmentTask';
import { sparePartEntity } from '@factory/shared/entities/sparePart';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, launch, newPage, pick, shot, signIn } from './browser.ts';

/**
 * Issue 23 in the browser: an equipment keeper (杨帆) executes a spot-check task (点检工单) with one
 * NG item; the fault report it files is audited (dispatched to himself), taken and repaired with a
 * spare part (the stock falls) by him, and verified by the other keeper (何军).
 */
const TENANT = 'transformer';
const KEEPER = '杨帆';

let browser: Browser;
let page: Page;
let admin = '';
const task = { id: 0, code: '', equipmentName: '', items: [] as TaskItemRow[] };
/** The spare part taken: a registered spare part with stock in a spare warehouse. */
const part = { materialsId: 0, name: '', warehouse: '', before: 0 };

const login = async (userName: string) =>
  (
    await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
      memberCode: TENANT,
      userName,
      password: await encryptText(DEMO_PASSWORD),
    })
  ).token;

const filtered = async (items: unknown[]) => encodeURIComponent(await encryptText(JSON.stringify(items)));

async function stockOf(materialsId: number, warehouse: string) {
  const rows = await apiCall<StockBalanceRow[]>(
    admin,
    'GET',
    `warehouse/kiki/private/warehouseMaterialsBatKiki/getMaterialsBatchList?materialsId=${materialsId}`,
  );
  return rows.filter((r) => r.warehouseName === warehouse).reduce((sum, r) => sum + r.onHand, 0);
}

beforeAll(async () => {
  admin = await login('admin');
  // a pending spot-check of the keeper's whose items need no photo and have an OK/NG item to fail
  const pending = await apiCall<{
    content: { id: number; code: string; equipmentName: string; assigneeNames: string }[];
  }>(
    admin,
    'GET',
    `${entityEndpoints(pointBillEntity).listPage.path}?currentPage=1&pageSize=50&searchVal=${await filtered([
      { fieldName: 'status', fieldType: 'integer', operator: 'eq', fieldValue: 1 },
    ])}`,
  );
  for (const t of pending.content.filter((r) => r.assigneeNames?.includes(KEEPER))) {
    const items = await apiCall<TaskItemRow[]>(
      admin,
      'GET',
      `equipment/private/pointBill/getItemList?id=${t.id}`,
    );
    if (items.some((i) => i.valueType === 0) && !items.some((i) => i.needsPhoto)) {
      Object.assign(task, { id: t.id, code: t.code, equipmentName: t.equipmentName, items });
      break;
    }
  }
  if (!task.id) throw new Error('the demo has no pending spot-check task of 杨帆 to execute');
  // a registered spare part with stock in a spare warehouse (备件仓)
  const spareWarehouses = await apiCall<{ content: { name: string; isSpare: boolean | number }[] }>(
    admin,
    'GET',
    `${entityEndpoints(warehouseEntity).listPage.path}?currentPage=1&pageSize=50`,
  );
  const names = new Set(spareWarehouses.content.filter((w) => w.isSpare).map((w) => w.name));
  const parts = await apiCall<{
    content: { materialsId: number; materialsName: string; stockQuantity: number }[];
  }>(admin, 'GET', `${entityEndpoints(sparePartEntity).listPage.path}?currentPage=1&pageSize=50`);
  for (const m of parts.content.filter((r) => r.stockQuantity >= 5)) {
    const balances = await apiCall<StockBalanceRow[]>(
      admin,
      'GET',
      `warehouse/kiki/private/warehouseMaterialsBatKiki/getMaterialsBatchList?materialsId=${m.materialsId}`,
    );
    const at = balances.find((b) => names.has(b.warehouseName) && b.available >= 2);
    if (at) {
      Object.assign(part, { materialsId: m.materialsId, name: m.materialsName, warehouse: at.warehouseName });
      break;
    }
  }
  if (!part.materialsId) throw new Error('the demo has no spare part in stock in a spare warehouse');
  part.before = await stockOf(part.materialsId, part.warehouse);
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, TENANT, 'shebei01');
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a head button and answers its confirmation. */
async function confirmed(p: Page, button: RegExp, done: string) {
  await p.getByRole('button', { name: button }).click();
  await p
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await p.getByText(done).last().waitFor();
}

describe('a keeper’s day: spot-check, NG, repair with a spare part, verification', () => {
  let repairId = 0;

  it('executes the spot-check with one NG item, and the fault report is filed', async () => {
    await page.goto(`/equipment/all-assign/point-bills-detail/${task.id}`);
    await page.getByRole('button', { name: /开始执行/ }).click();
    await page.getByText('开始执行成功').last().waitFor();
    const failing = task.items.find((i) => i.valueType === 0) as TaskItemRow;
    for (const i of task.items) {
      if (i.valueType === 1) {
        const value = i.lowerLimit ?? i.upperLimit ?? 1;
        await page.getByLabel(`${i.name}实测值`).fill(String(value));
        continue;
      }
      if (i.valueType === 2) await page.getByLabel(`${i.name}记录`).fill('正常');
      const verdict = page.getByLabel(`${i.name}判定`);
      await verdict.getByText(i === failing ? 'NG' : 'OK', { exact: true }).click();
    }
    await page.getByLabel(`${failing.name}备注`).fill('现场检查异常，需维修');
    await shot(page, 'equipment-spot-check');
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.getByText('提交成功，NG 项已生成故障报修').last().waitFor();
    const repairs = await apiCall<{ content: { id: number; phenomenon: string; equipmentName: string }[] }>(
      admin,
      'GET',
      `${entityEndpoints(equipmentRepairEntity).listPage.path}?currentPage=1&pageSize=10`,
    );
    const filed = repairs.content.find(
      (r) => r.equipmentName === task.equipmentName && r.phenomenon.includes(failing.name),
    );
    expect(filed, JSON.stringify(repairs.content.slice(0, 3))).toBeDefined();
    repairId = filed?.id ?? 0;
  });

  it('audits, takes and repairs it with a spare part: the stock falls', async () => {
    await page.goto(`/equipment/all-assign/equipment-repair-detail/${repairId}`);
    // 审核派工 names the keeper himself (指派维修人员): only he may take it
    await page.getByRole('button', { name: /审核派工/ }).click();
    const dispatch = page.locator('.ant-modal', { hasText: '审核派工 ·' });
    const named = dispatch.locator('.ant-form-item', { hasText: '指派维修人员' }).locator('.ant-select');
    await pick(page, named, KEEPER, KEEPER);
    await dispatch.getByText('指派维修人员', { exact: true }).click();
    await dispatch.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('审核派工成功').last().waitFor();
    await page.locator('.ant-descriptions-item', { hasText: '指派人员' }).getByText(KEEPER).waitFor();
    await confirmed(page, /^接\s*单$/, '接单成功');
    await confirmed(page, /开始维修/, '开始维修成功');
    await page.getByRole('button', { name: /维修完工/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '维修完工 ·' });
    const reason = dialog.locator('.ant-form-item', { hasText: '故障原因' }).locator('.ant-select');
    await reason.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByPlaceholder(/更换张力传感器/).fill('按点检异常处理，紧固并更换磨损件，试机正常');
    await dialog.getByRole('button', { name: /添加备件/ }).click();
    await pick(page, dialog.locator('.ant-select', { hasText: '备件（物料）' }), part.name, part.name);
    await pick(page, dialog.locator('.ant-select', { hasText: '出库仓库' }), part.warehouse, part.warehouse);
    await dialog.getByPlaceholder('数量').fill('1');
    await shot(page, 'equipment-repair-finish');
    await dialog.getByRole('button', { name: /确认完工/ }).click();
    await page.getByText('维修完工成功').last().waitFor();
    await page.getByText(part.warehouse, { exact: true }).first().waitFor();
    expect(await stockOf(part.materialsId, part.warehouse)).toBeCloseTo(part.before - 1, 6);
  });

  it('is verified by the other keeper, not by the one who repaired it', async () => {
    expect(await page.getByRole('button', { name: /验证通过/ }).count()).toBe(0);
    const { page: other, context } = await newPage(browser);
    await signIn(other, TENANT, 'shebei02');
    await other.goto(`/equipment/all-assign/equipment-repair-detail/${repairId}`);
    await confirmed(other, /验证通过/, '验证通过成功');
    await other.locator('.ant-tag', { hasText: '已完成' }).first().waitFor();
    await shot(other, 'equipment-repair-done');
    await context.close();
  });
});
