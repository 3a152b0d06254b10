import { encryptText } from '@factory/shared/crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, launch, newPage, shot, signIn } from './browser.ts';

/**
 * Issue 24 in the browser: the quality inspector (王芳) inspects a first article of a winding step
 * that fails (its insulation resistance under the plan's 500 MΩ), and handles the rejected lot:
 * one coil back for repair (a rework work order), the other scrapped.
 */
const TENANT = 'transformer';
const Q = 'quality/private/';

let browser: Browser;
let page: Page;
let admin = '';
const order = { id: 0, code: '' };

interface Nc {
  id: number;
  code: string;
  handlingStatus: number;
  quantity: number;
  repairQuantity: number;
  scrapQuantity: number;
}

const login = async (userName: string) =>
  (
    await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
      memberCode: TENANT,
      userName,
      password: await encryptText(DEMO_PASSWORD),
    })
  ).token;

const filtered = async (items: unknown[]) => encodeURIComponent(await encryptText(JSON.stringify(items)));
const eq = (fieldName: string, fieldValue: unknown, fieldType = 'integer') => ({
  fieldName,
  fieldType,
  operator: 'eq',
  fieldValue,
});

beforeAll(async () => {
  admin = await login('admin');
  // an open work order with a high-voltage winding step (GX001), under the first-article plan
  const procedures = await apiCall<{ content: { id: number }[] }>(
    admin,
    'GET',
    `basicData/production/private/procedure/getProcedureListPage?currentPage=1&pageSize=10&searchVal=${await filtered([eq('code', 'GX001', 'string')])}`,
  );
  const winding = procedures.content[0].id;
  const open = await apiCall<{ content: { id: number; materialsId: number }[] }>(
    admin,
    'GET',
    `production/kiki/private/produceWorkOrder/getProduceWorkOrderListPage?currentPage=1&pageSize=50&searchVal=${await filtered([{ fieldName: 'status', fieldType: 'integer', operator: 'in', fieldValue: [0, 1] }])}`,
  );
  let chosen: { id: number; materialsId: number } | undefined;
  for (const wo of open.content) {
    const tasks = await apiCall<{ procedureId: number }[]>(
      admin,
      'GET',
      `production/kiki/private/produceTask/getProduceTaskList?workOrderId=${wo.id}`,
    );
    if (tasks.some((t) => t.procedureId === winding)) {
      chosen = wo;
      break;
    }
  }
  expect(chosen, 'an open work order with a GX001 step').toBeDefined();
  // the setter asks for a first-article check of two coils (one sampled, 首检数量 1)
  const raised = await apiCall<{ id: number; code: string; sampleQuantity: number }>(
    admin,
    'POST',
    `${Q}inspectionOrder/addQualityInspectionOrder`,
    {
      inspectionType: 2,
      materialsId: chosen?.materialsId,
      workOrderId: chosen?.id,
      procedureId: winding,
      lotQuantity: 2,
      remark: '换线后首件',
    },
  );
  expect(raised.sampleQuantity).toBe(1);
  Object.assign(order, raised);
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, TENANT, 'zhijian01');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a failed first article, inspected and handled by the inspector', () => {
  it('enters the sheet, submits, and sees the lot rejected', async () => {
    await page.goto(`/quality/quality-infos/quality-inspection-order-detail/${order.id}`);
    await page.getByText(order.code).first().waitFor();
    await page.locator('[aria-label="样本1 绕组外观"]').getByText('OK', { exact: true }).click();
    await page.locator('input[aria-label="样本1 绝缘电阻"]').fill('320');
    await page.locator('input[aria-label="样本1 直流电阻不平衡率"]').fill('1.2');
    await page.locator('input[aria-label="样本1 直流电阻不平衡率"]').press('Tab');
    await shot(page, 'quality-first-article-sheet');
    await page
      .getByRole('button', { name: /提\s*交/ })
      .last()
      .click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(
        async () =>
          (await apiCall<{ status: number; verdict: number | null }>(
            admin,
            'GET',
            `${Q}inspectionOrder/getQualityInspectionOrderDetail?id=${order.id}`,
          )) as { status: number; verdict: number | null },
        { timeout: 15_000 },
      )
      .toMatchObject({ status: 3, verdict: 1 });
    await page.getByText('不合格', { exact: true }).first().waitFor();
    await shot(page, 'quality-first-article-rejected');
  });

  it('sends one coil back for repair and scraps the other on the non-conforming page', async () => {
    const list = await apiCall<{ content: Nc[] }>(
      admin,
      'GET',
      `${Q}nonconforming/getNonconformingListPage?currentPage=1&pageSize=10&searchVal=${await filtered([{ fieldName: 'sourceCode', fieldType: 'string', operator: 'like', fieldValue: order.code }])}`,
    );
    const nc = list.content[0];
    expect(nc).toMatchObject({ quantity: 2, handlingStatus: 0 });
    await page.goto('/quality/quality-infos/unquality');
    const row = page.locator('tr', { hasText: nc.code });
    await row.waitFor();
    await row.getByText('返修', { exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: `返修 · ${nc.code}` });
    await dialog.locator('input').first().fill('1');
    await dialog.getByRole('button', { name: /确认返修/ }).click();
    await page.getByText('处置成功').waitFor();
    await row.getByText('报废', { exact: true }).click();
    const scrap = page.locator('.ant-modal', { hasText: `报废 · ${nc.code}` });
    await expect.poll(() => scrap.locator('input').first().inputValue()).toBe('1');
    await scrap.getByRole('textbox').last().fill('绝缘击穿，线圈无法修复');
    await scrap.getByRole('button', { name: /确认报废/ }).click();
    await expect
      .poll(
        async () =>
          (await apiCall<Nc>(admin, 'GET', `${Q}nonconforming/getNonconformingDetail?id=${nc.id}`)) as Nc,
        { timeout: 15_000 },
      )
      .toMatchObject({ handlingStatus: 2, repairQuantity: 1, scrapQuantity: 1 });
    const dispositions = await apiCall<{ disposition: number; madeCode: string | null }[]>(
      admin,
      'GET',
      `${Q}nonconforming/getDispositionList?id=${nc.id}`,
    );
    expect(dispositions.map((d) => d.disposition)).toEqual([0, 1]);
    expect(dispositions[0].madeCode).toMatch(/^WO/);
    await row.getByText('详情', { exact: true }).click();
    await page
      .getByText(dispositions[0].madeCode as string)
      .first()
      .waitFor();
    await shot(page, 'quality-nonconforming-handled');
  });
});
