import fs from 'node:fs';
import path from 'node:path';
import type { InspectionSheet } from '@factory/shared/api/quality';
import { userApi } from '@factory/shared/api/user';
import { lineSideApi, warehouseApi } from '@factory/shared/api/warehouse';
import { encryptText } from '@factory/shared/crypto';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatNumber } from '../packages/web/src/platform/list/format.ts';
import { apiCall, DEMO_PASSWORD, dropdownOf, launch, newPage, pick, signIn } from './browser.ts';

/**
 * The warehouse issue's line-side path in the browser: a plan released on a line with a line-side
 * warehouse, its preparation order sent and picked there by the keeper, the first step reported
 * at the station terminal — the line side falls by the BOM quantity per unit (倒冲, a 生产投料
 * document whose source is the report) — the other steps reported, and the finished unit stocked
 * in and found in the inventory with its batch (docs/warehouse.md).
 */

/** Where this test's pictures of the screens go (looked at after each run). */
const OUTPUT = path.resolve(import.meta.dirname, '..', '.test-output', 'lineSide');
async function snap(p: Page, name: string, full = false) {
  fs.mkdirSync(OUTPUT, { recursive: true });
  // let a closing message or dropdown finish its animation
  await p.waitForTimeout(400);
  await p.screenshot({ path: path.join(OUTPUT, `${name}.png`), fullPage: full });
}

const TENANT = 'transformer';
/** The demo's people: the warehouse keeper, the planner, an operator of the winding stations, the administrator. */
const KEEPER = 'cangguan01';
const PLANNER = 'jihua01';
const OPERATOR = { userName: 'caozuo01', name: '周强' };
const ADMIN = 'admin';

const LINE_SIDE = '/site-warehouse/warehouses';
const PREPS = '/warehouse/inventory-info/warehouse-assign';
const PLANS = '/plans/plan-list';
const RECORDS = '/warehouse/inventory-info/warehouse-record';
const INVENTORY = '/warehouse/inventory-info/inventory';
/** How many units the test makes: reported good at every step, then stocked in. */
const GOOD = 1;

let browser: Browser;
let keeper: Page;
let planner: Page;
let operator: Page;
let admin: Page;

beforeAll(async () => {
  browser = await launch();
  ({ page: keeper } = await newPage(browser));
  ({ page: planner } = await newPage(browser));
  // the operator works on a tablet
  ({ page: operator } = await newPage(browser, 1024, 768));
  ({ page: admin } = await newPage(browser));
  await signIn(keeper, TENANT, KEEPER);
  await signIn(planner, TENANT, PLANNER);
  await signIn(operator, TENANT, OPERATOR.userName);
  await signIn(admin, TENANT, ADMIN);
});
afterAll(async () => {
  await browser?.close();
});
// each step goes on from where the one before left the work: after a failure the rest would only fail again
let failed = false;
beforeEach(({ skip, onTestFailed }) => {
  if (failed) skip();
  onTestFailed(async () => {
    failed = true;
    // what each screen showed when it failed
    for (const [who, p] of Object.entries({ keeper, planner, operator, admin }))
      await p?.screenshot({ path: path.join(OUTPUT, `failed-${who}.png`) }).catch(() => undefined);
  });
});

const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
/** The rows of the table in the tab shown (within `scope`). */
const activeRows = (scope: Page | Locator) =>
  scope.locator('[role="tabpanel"][aria-hidden="false"] .ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();
/** The detail page's status tag text. */
const status = (p: Page) => p.locator('.ant-card').first().locator('.ant-tag').last().textContent();
/** A quantity as the screens show it ('210.15 kg', '-70.05 kg'): its number. */
const numberIn = (text: string | null) =>
  Number(/-?\d+(?:\.\d+)?/.exec((text ?? '').replace('−', '-'))?.[0] ?? Number.NaN);
/** Quantities compared exactly, in millionths (the ledger's 6 decimals). */
const micro = (n: number) => Math.round(n * 1_000_000);
/** No error message is on screen. */
const noErrors = async (p: Page) => expect(await p.locator('.ant-message-error').allInnerTexts()).toEqual([]);
/** A list's search in the address, as the lists keep it (`?q=`). */
const searched = (values: Record<string, string>) => `q=${encodeURIComponent(JSON.stringify(values))}`;

/** The index of the column titled `title` in the table within `scope` (its header cells). */
async function columnAt(scope: Page | Locator, title: string | RegExp): Promise<number> {
  const headers = await scope.locator('thead').first().locator('th').allTextContents();
  const at = headers.findIndex((h) =>
    typeof title === 'string' ? h.trim() === title : title.test(h.trim()),
  );
  if (at < 0) throw new Error(`no column “${title}” among ${headers.join('|')}`);
  return at;
}
/** A row's cell under the column titled `title`. */
const cellOf = async (scope: Page | Locator, row: Locator, title: string | RegExp) =>
  (
    (await row
      .locator('td')
      .nth(await columnAt(scope, title))
      .textContent()) ?? ''
  ).trim();

/** Clicks a row action, inline or folded into 更多. */
async function rowAction(p: Page, row: Locator, name: string) {
  const inline = row.getByText(name, { exact: true });
  if (await inline.count()) return inline.first().click();
  await row.getByText('更多').click();
  await p.getByRole('menuitem', { name }).click();
}

/** The JSON answer of the next call to `apiPath` (the figures a screen is drawn from, to the millionth). */
function answerOf<T>(p: Page, apiPath: string, accept: (url: URL) => boolean = () => true): Promise<T> {
  return p
    .waitForResponse((r: Response) => {
      const url = new URL(r.url());
      return url.pathname.endsWith(apiPath) && accept(url);
    })
    .then(async (r) => {
      const env = (await r.json()) as { errorCode: number; result: T; errorMsg: string };
      if (env.errorCode !== 0) throw new Error(`${apiPath}: ${env.errorMsg}`);
      return env.result;
    });
}

interface LineSideFigures {
  currentQuantity: number;
  needQuantity: number;
  shortageQuantity: number;
}
/**
 * One material's row of 线边库存 in one line-side warehouse, searched for by its code: what the
 * screen shows and the figures it was drawn from (the screen cuts to 3 decimals).
 */
async function lineSideRow(p: Page, warehouse: string, code: string) {
  await p.goto(LINE_SIDE);
  await p.getByText('在制需求 = 未完工工单的备料需求 − 已消耗').waitFor();
  await p.getByPlaceholder('物料编码或名称').fill(code);
  const answer = answerOf<{
    content: (LineSideFigures & { warehouseName: string; materialsCode: string })[];
  }>(p, lineSideApi.stock.path, (u) => u.searchParams.get('keyword') === code);
  await p.getByRole('button', { name: /查\s*询/ }).click();
  const figures = (await answer).content.find(
    (r) => r.warehouseName === warehouse && r.materialsCode === code,
  );
  if (!figures) throw new Error(`线边库存 has no row of ${code} in ${warehouse}`);
  const row = rows(p).filter({ hasText: warehouse }).filter({ hasText: code });
  // the table shows the searched rows only
  await expect.poll(() => rows(p).filter({ hasNotText: code }).count()).toBe(0);
  await expect.poll(() => row.count()).toBe(1);
  await expect.poll(() => cellOf(p, row, '现存量')).toBe(formatNumber(figures.currentQuantity));
  await expect.poll(() => cellOf(p, row, '在制需求')).toBe(formatNumber(figures.needQuantity));
  return { row, figures };
}

type LineSideRow = LineSideFigures & {
  warehouseName: string;
  areaName: string | null;
  materialsCode: string;
};
/**
 * 线边库存 on one page, all of it or one line-side warehouse's: the rows the screen was drawn
 * from, checked to be the rows it shows.
 */
async function lineSideAll(p: Page, warehouse?: string): Promise<LineSideRow[]> {
  let answer = answerOf<{ content: LineSideRow[]; total: number }>(p, lineSideApi.stock.path);
  await p.goto(LINE_SIDE);
  await p.getByText('在制需求 = 未完工工单的备料需求 − 已消耗').waitFor();
  if (warehouse) {
    await answer;
    await pick(p, p.getByRole('combobox', { name: /线边仓/ }), warehouse);
    await p.keyboard.press('Escape');
    answer = answerOf(p, lineSideApi.stock.path, (u) => Boolean(u.searchParams.get('warehouseIdStr')));
    await p.getByRole('button', { name: /查\s*询/ }).click();
  }
  let shown = await answer;
  if (shown.total > shown.content.length) {
    // the largest page the pager offers
    const sizes = p.locator('.ant-pagination-options .ant-select');
    await sizes.click();
    // the pager's own dropdown: the 线边仓 one may still be closing
    const largest = (await dropdownOf(p, sizes)).locator('.ant-select-item-option').last();
    const size = numberIn(await largest.textContent());
    answer = answerOf(p, lineSideApi.stock.path, (u) => Number(u.searchParams.get('pageSize')) === size);
    await largest.click();
    shown = await answer;
  }
  expect(shown.content.length).toBe(shown.total);
  if (warehouse) expect(new Set(shown.content.map((r) => r.warehouseName))).toEqual(new Set([warehouse]));
  await expect.poll(() => rows(p).count()).toBe(shown.total);
  return shown.content;
}

/** One line-side warehouse's figures by material code, each of this run's materials as the screen shows it. */
async function lineSideOf(p: Page, warehouse: string): Promise<Map<string, LineSideFigures>> {
  const figures = new Map((await lineSideAll(p, warehouse)).map((r) => [r.materialsCode, r]));
  for (const m of run.materials) {
    const row = rows(p).filter({ has: p.getByText(m.code, { exact: true }) });
    const f = figures.get(m.code);
    expect(f, `${m.code} on ${warehouse}`).toBeDefined();
    await expect.poll(() => cellOf(p, row, '现存量')).toBe(formatNumber(f?.currentQuantity));
  }
  return figures;
}

/** The line-side place and work this run works on, as the screens said it. */
const run = {
  planCode: '',
  lines: [] as string[],
  workOrderCode: '',
  workOrderHref: '',
  quantity: 0,
  product: '',
  lineSide: '',
  prepHref: '',
  tasks: [] as { seq: number; procedure: string; outsourced: boolean; stations: string[] }[],
  /** The preparation lines, to the millionth, with the step each is used at. */
  materials: [] as { code: string; name: string; procedure: string | null; required: number }[],
  before: new Map<string, LineSideFigures>(),
  /** The whole line side once picked, before the first report. */
  picked: new Map<string, LineSideFigures>(),
  /** Lines the raw-material warehouse could not cover, by material code: not picked. */
  unpicked: [] as string[],
  reportCode: '',
  stockInCode: '',
  batch: '',
};
/** The materials the first step uses: those of its procedure, and those named at no step. */
const firstStepMaterials = () =>
  run.materials.filter((m) => m.procedure === null || m.procedure === run.tasks[0].procedure);
/** What reporting `good` units takes of a line by backflush: its share of the requirement, rounded up to the millionth. */
const usedFor = (required: number, good: number) => Math.ceil((micro(required) * good) / run.quantity);

/**
 * Adds these stations to the ones a user may work at (as 设置工位 on the users screen does). Which
 * work order the demo leaves open for this test, and so where its first step runs, depends on the
 * hour the demo was written; the operator must be able to stand at one of its stations.
 */
async function holdStations(userName: string, stationNames: string[]) {
  const { token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
    memberCode: TENANT,
    userName: ADMIN,
    password: await encryptText(DEMO_PASSWORD),
  });
  const searchVal = encodeURIComponent(
    await encryptText(JSON.stringify([{ fieldName: 'userName', operator: 'eq', fieldValue: userName }])),
  );
  const [user] = (
    await apiCall<{ content: { id: number; stationIds: number[] }[] }>(
      token,
      'GET',
      `${userApi.listPage.path}?currentPage=1&pageSize=20&searchVal=${searchVal}`,
    )
  ).content;
  const all = await apiCall<{ records: { id: number; name: string }[] }>(
    token,
    'GET',
    'basicData/private/station/getStationList?page=1&limit=100',
  );
  const wanted = all.records.filter((r) => stationNames.includes(r.name)).map((r) => r.id);
  await apiCall(token, 'PUT', userApi.setStations.path, {
    id: user.id,
    stationIds: [...new Set([...user.stationIds, ...wanted])],
  });
}

describe('line side: preparation → report work backflushes → finished goods in stock', () => {
  it('the planner releases a plan on a line with a line-side warehouse', async () => {
    // the lines whose line side is stocked (the demo works there), the best stocked first
    const stocked = new Map<string, number>();
    for (const r of await lineSideAll(keeper))
      if (r.areaName && r.currentQuantity > 0) stocked.set(r.areaName, (stocked.get(r.areaName) ?? 0) + 1);
    run.lines = [...stocked].sort((a, b) => b[1] - a[1]).map(([line]) => line);
    expect(run.lines.length).toBeGreaterThan(0);
    await rows(keeper).first().scrollIntoViewIfNeeded();
    await snap(keeper, '01-line-side-stock');

    // the newest plan not yet released (not scheduled, else scheduled) on the best stocked line that has one
    const unreleased: { tab: string; line: string; code: string }[] = [];
    for (const tab of ['0', '2']) {
      await planner.goto(`${PLANS}?tab=${tab}`);
      // its rows, or its empty table
      await planner
        .locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-empty')
        .first()
        .waitFor();
      await expect.poll(() => planner.locator('.ant-spin-spinning').count()).toBe(0);
      for (let i = 0; i < (await rows(planner).count()); i++)
        unreleased.push({
          tab,
          line: await cellOf(planner, rows(planner).nth(i), '产线'),
          code: await cellOf(planner, rows(planner).nth(i), '计划编号'),
        });
    }
    const chosen = run.lines.flatMap((line) => unreleased.filter((u) => u.line === line))[0];
    if (!chosen) throw new Error(`no unreleased plan on ${run.lines.join('、')}`);
    await planner.goto(`${PLANS}?tab=${chosen.tab}`);
    const plan = rows(planner).filter({ hasText: chosen.code });
    await plan.waitFor();
    run.planCode = (await cellOf(planner, plan, '计划编号')).trim();
    expect(run.planCode).toMatch(/^PL\d+$/);
    // the row by its number: the list changes under a held row
    const row = rows(planner).filter({ hasText: run.planCode });
    await row.scrollIntoViewIfNeeded();
    await snap(planner, '02-plan-to-release');
    await rowAction(planner, row, '下达');
    await planner.locator('.ant-modal-confirm').getByText('下达后将生成工单，确定下达吗？').waitFor();
    await planner
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await planner.getByText('下达成功').last().waitFor();
    await noErrors(planner);
  });

  it('the keeper sends its preparation order and picks every line from the raw-material warehouse', async () => {
    const p = keeper;
    await p.goto(`${PREPS}?${searched({ planCode: run.planCode })}`);
    const listed = rows(p).filter({ hasText: run.planCode });
    await listed.waitFor();
    await expect.poll(() => rows(p).count()).toBe(1);
    expect(await listed.locator('.ant-tag').first().textContent()).toBe('待下发');
    run.workOrderCode = await cellOf(p, listed, '工单编号');
    expect(run.workOrderCode).toMatch(/^WO\d+/);
    await snap(p, '03-prep-list');

    // the lines to the millionth, as the detail reads them
    const lines = answerOf<
      {
        materialsCode: string;
        materialsName: string;
        procedureName: string | null;
        requiredQuantity: number;
      }[]
    >(p, warehouseApi.prepLines.path);
    await listed.getByRole('link').first().click();
    await p.waitForURL(/warehouse-assign-detail\/\d+/);
    run.prepHref = new URL(p.url()).pathname;
    await p.getByText('备料单号').first().waitFor();
    run.materials = (await lines).map((l) => ({
      code: l.materialsCode,
      name: l.materialsName,
      procedure: l.procedureName,
      required: l.requiredQuantity,
    }));
    const fact = (label: string) =>
      p
        .locator('.ant-descriptions-item', { has: p.getByText(label, { exact: true }) })
        .locator('.ant-descriptions-item-content')
        .first()
        .textContent();
    run.quantity = numberIn(await fact('工单数量'));
    run.product = ((await fact('产品')) ?? '').trim();
    run.lineSide = ((await fact('线边仓')) ?? '').trim();
    expect(run.quantity).toBeGreaterThanOrEqual(GOOD);
    // the work order's line keeps a line-side warehouse: the picks go there
    expect(run.lineSide).toMatch(/线边仓$/);
    expect(run.materials.length).toBeGreaterThan(0);
    await expect.poll(() => status(p)).toBe('待下发');
    await snap(p, '04-prep-to-send', true);

    await p.getByRole('button', { name: /下\s*发/ }).click();
    await p.getByText('下发成功').first().waitFor();
    await expect.poll(() => status(p)).toBe('待备料');

    await p.getByRole('button', { name: /领\s*料/ }).click();
    const modal = dialog(p);
    await modal.getByText('发料仓库').first().waitFor();
    const picks = rows(modal);
    await expect.poll(() => picks.count()).toBe(run.materials.length);
    await pick(p, modal.getByLabel('发料仓库'), '原材料库');
    // what the shelves hold of every line: all of it must be there (the steps use every line)
    const availableAt = await columnAt(modal, '仓库可用');
    const remainingAt = await columnAt(modal, '未领数量');
    await expect
      .poll(async () =>
        (await picks.locator(`td:nth-child(${availableAt + 1})`).allTextContents()).every(
          (t) => !Number.isNaN(numberIn(t)),
        ),
      )
      .toBe(true);
    const available = (await picks.locator(`td:nth-child(${availableAt + 1})`).allTextContents()).map(
      numberIn,
    );
    const remaining = (await picks.locator(`td:nth-child(${remainingAt + 1})`).allTextContents()).map(
      numberIn,
    );
    // a line the shelves cannot cover is left to a later pick (the line side may hold some of it already)
    const short = remaining.flatMap((r, i) => (available[i] < r ? [i + 1] : []));
    run.unpicked = short.map((seq) => run.materials[seq - 1].code);
    for (const seq of short)
      await picks
        .filter({ has: p.getByLabel(`第${seq}行领料数量`) })
        .locator('.ant-checkbox-input')
        .click();
    await snap(p, '05-pick');
    await modal.getByRole('button', { name: /领\s*料/ }).click();
    const done = p.locator('.ant-modal-confirm', { hasText: '领料成功' });
    await done.waitFor();
    const prepared = short.length ? '备料中' : '已备料';
    expect(await done.textContent()).toMatch(
      new RegExp(`领料单 CRK\\d+ 已过账，物料已调入“${run.lineSide}”.*备料单状态：${prepared}`),
    );
    await snap(p, '06-picked');
    await done.getByRole('button', { name: /知道了/ }).click();
    await expect.poll(() => status(p)).toBe(prepared);
    const detailLines = activeRows(p);
    await expect
      .poll(() => detailLines.filter({ hasText: '已领齐' }).count())
      .toBe(run.materials.length - short.length);
    await detailLines.last().scrollIntoViewIfNeeded();
    await snap(p, '07-prepared');
  });

  it('the work order shows its steps: the first one’s materials are on the line side', async () => {
    const p = admin;
    await p.goto(`/plans/works/work-list?${searched({ code: run.workOrderCode })}`);
    const row = rows(p).filter({ hasText: run.workOrderCode });
    await row.waitFor();
    await row.getByRole('link', { name: run.workOrderCode }).click();
    await p.waitForURL(/\/plans\/works\/work-detail\/\d+/);
    run.workOrderHref = new URL(p.url()).pathname;
    const tasks = activeRows(p);
    await tasks.first().waitFor();
    for (let i = 0; i < (await tasks.count()); i++) {
      const t = tasks.nth(i);
      run.tasks.push({
        seq: numberIn(await cellOf(p, t, '序号')),
        procedure: await cellOf(p, t, '工序'),
        outsourced: (await cellOf(p, t, '类型')) === '委外',
        stations: (
          await t
            .locator('td')
            .nth(await columnAt(p, '工位'))
            .locator('.ant-tag')
            .allTextContents()
        ).map((s) => s.trim()),
      });
    }
    expect(run.tasks[0]?.seq).toBe(1);
    expect(run.tasks[0].outsourced).toBe(false);
    await tasks.first().scrollIntoViewIfNeeded();
    await snap(p, '08-work-order');

    // 线边库存 before the report: every material of the first step, now on the line side
    expect(firstStepMaterials().length).toBeGreaterThan(0);
    expect(
      firstStepMaterials().filter((m) => run.unpicked.includes(m.code)),
      'the first step’s materials are picked',
    ).toEqual([]);
    for (const m of firstStepMaterials()) {
      const { figures } = await lineSideRow(keeper, run.lineSide, m.code);
      // what was just picked is there, and still needed
      expect(micro(figures.currentQuantity)).toBeGreaterThanOrEqual(micro(m.required));
      expect(micro(figures.needQuantity)).toBeGreaterThanOrEqual(micro(m.required));
      run.before.set(m.code, figures);
    }
    await snap(keeper, '09-line-side-before');
    run.picked = await lineSideOf(keeper, run.lineSide);
    await snap(keeper, '09-line-side-whole-before');
  });

  it('the operator starts the first step at the station terminal and reports a good unit', async () => {
    const p = operator;
    await holdStations(OPERATOR.userName, run.tasks[0].stations);
    await p.goto('/plans/station-scheduling');
    await p.getByRole('button', { name: '切换工位' }).first().click();
    const switcher = p.locator('.ant-modal', { hasText: '切换工位' });
    await switcher.locator('.ant-select').click();
    // her station among those the first step may run at, found by typing its name (she may hold
    // more stations than the dropdown draws at once)
    const options = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    let station = '';
    for (const name of run.tasks[0].stations) {
      await switcher.locator('.ant-select input').fill(name);
      const option = options.filter({ hasText: name });
      const held = await option
        .first()
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (held) {
        station = name;
        await option.first().click();
        break;
      }
    }
    expect(station, `${OPERATOR.userName} has none of ${run.tasks[0].stations.join('、')}`).not.toBe('');
    await switcher.getByRole('button', { name: /确\s*定/ }).click();
    await p.getByText('切换成功').first().waitFor();
    // closed (its fade-out done) before the terminal is touched: its mask would take the taps
    await switcher.waitFor({ state: 'hidden' });
    await p.getByRole('heading', { name: station }).waitFor();

    await p.getByLabel('工单编号').fill(run.workOrderCode);
    await p.getByLabel('工单编号').press('Enter');
    const card = p.locator('.ant-card', {
      has: p.getByTestId('task-work-order').getByText(run.workOrderCode),
    });
    await card.waitFor();
    await card.getByText(run.tasks[0].procedure).first().waitFor();
    await snap(p, '10-terminal');
    await card.getByRole('button', { name: /开\s*工/ }).click();
    await p.getByText('开工成功').last().waitFor();
    await card.getByText('进行中').first().waitFor();

    await card.getByRole('button', { name: /报\s*工/ }).click();
    const d = dialog(p);
    await expect.poll(() => d.getByTestId('available').textContent()).toBe(String(run.quantity));
    await d.getByLabel('合格数量', { exact: true }).fill(String(GOOD));
    await snap(p, '11-report-dialog');
    await d.getByRole('button', { name: /确认报工/ }).click();
    await p.getByText('报工成功').last().waitFor();
    await noErrors(p);
    await snap(p, '12-terminal-reported');

    // the report's number, as the work order lists it
    await admin.goto(run.workOrderHref);
    await admin.getByRole('tab', { name: '报工记录' }).click();
    const report = activeRows(admin).first();
    await report.waitFor();
    run.reportCode = await cellOf(
      admin.locator('[role="tabpanel"][aria-hidden="false"]'),
      report,
      '报工单号',
    );
    expect(run.reportCode).toMatch(/^BG\d+$/);
    await report.scrollIntoViewIfNeeded();
    await snap(admin, '13-work-order-reports');
  });

  it('the line side fell by the BOM quantity of that unit, fed by a 生产投料 document of the report', async () => {
    const p = keeper;
    for (const m of firstStepMaterials()) {
      const before = run.before.get(m.code);
      if (!before) throw new Error(`no figures of ${m.code}`);
      const used = usedFor(m.required, GOOD);
      // the unit's share of the line: required ÷ work-order quantity, per unit reported
      expect(Math.abs(used / 1e6 - (m.required / run.quantity) * GOOD)).toBeLessThan(1e-6);
      const { row, figures } = await lineSideRow(p, run.lineSide, m.code);
      expect(micro(before.currentQuantity) - micro(figures.currentQuantity)).toBe(used);
      // and the open work orders need that much less of it
      expect(micro(before.needQuantity) - micro(figures.needQuantity)).toBe(used);
      await snap(p, `14-line-side-after-${m.code}`);

      // its movements there: the newest are the feed of the report, one per batch it took from (oldest first)
      await row.getByText(m.code, { exact: true }).click();
      const drawer = p.locator('.ant-drawer-section').last();
      await drawer.getByText(`线边库存明细 — ${run.lineSide} · ${m.code} ${m.name}`).waitFor();
      const moves = answerOf<{ content: { docCode: string; stockTypeName: string; quantity: number }[] }>(
        p,
        lineSideApi.movements.path,
      );
      await drawer.getByRole('tab', { name: '库存流水' }).click();
      const listed = (await moves).content;
      const docCode = listed[0]?.docCode ?? '';
      expect(docCode).toMatch(/^CRK\d+$/);
      const fed = listed.filter((f) => f.docCode === docCode);
      expect(fed.map((f) => f.stockTypeName)).toEqual(fed.map(() => '生产投料'));
      expect(fed.reduce((n, f) => n + micro(f.quantity), 0)).toBe(-used);
      // as the drawer lists them
      const panel = drawer.locator('[role="tabpanel"][aria-hidden="false"]');
      const feedRows = activeRows(drawer).filter({
        has: p.getByRole('link', { name: docCode, exact: true }),
      });
      await expect.poll(() => feedRows.count()).toBe(fed.length);
      for (let i = 0; i < fed.length; i++) {
        expect(await cellOf(panel, feedRows.nth(i), '出入库类型')).toBe('生产投料');
        expect(numberIn(await cellOf(panel, feedRows.nth(i), '数量'))).toBe(
          Number(formatNumber(fed[i].quantity)),
        );
      }
      const feed = feedRows.first();
      await snap(p, `15-line-side-movements-${m.code}`);

      // the document: out of the line side, posted, its source the report (once the drawer's
      // movement rows, one per batch, have left the page)
      await feed.getByRole('link', { name: docCode }).click();
      await p.waitForURL((u) => u.pathname === RECORDS);
      await expect.poll(() => p.locator('.ant-drawer-section').count()).toBe(0);
      const doc = rows(p).filter({ hasText: docCode });
      await doc.waitFor();
      await expect.poll(() => rows(p).count()).toBe(1);
      expect(await cellOf(p, doc, '来源单号')).toBe(run.reportCode);
      expect(await doc.textContent()).toMatch(/生产投料/);
      expect(await doc.textContent()).toMatch(/已过账/);
      expect(await doc.textContent()).toContain(run.lineSide);
      await snap(p, `16-feed-document-${m.code}`);
    }
  });

  it('the other steps are reported for that unit (an outsourced step skipped), completing it', {
    timeout: 600_000,
  }, async () => {
    const p = admin;
    await p.goto(run.workOrderHref);
    const tasks = activeRows(p);
    await tasks.first().waitFor();
    for (const task of run.tasks.slice(1)) {
      const row = tasks.filter({ has: p.locator('td').first().getByText(String(task.seq), { exact: true }) });
      await row.waitFor();
      if (task.outsourced) {
        // the browser has no 报工 for an outsourced step (no station to report at): it is skipped
        await rowAction(p, row, '跳过');
        const d = dialog(p);
        await d.getByLabel('跳过原因').fill('本工单不喷漆，委外工序跳过');
        await d.getByRole('button', { name: /确\s*定/ }).click();
        await p.getByText('跳过成功').first().waitFor();
        await expect.poll(() => row.textContent()).toMatch(/已跳过/);
        continue;
      }
      await expect.poll(() => cellOf(p, row, '可报数量')).toBe(String(GOOD));
      await rowAction(p, row, '报工');
      const d = dialog(p);
      await expect.poll(() => d.getByTestId('available').textContent()).toBe(String(GOOD));
      await expect.poll(() => d.getByText(task.procedure, { exact: true }).count()).toBe(1);
      // at one of the stations the step may run at
      await pick(p, d.getByLabel('工位', { exact: true }), task.stations[0]);
      await d.getByLabel('合格数量', { exact: true }).fill(String(GOOD));
      await d.getByRole('button', { name: /确认报工/ }).click();
      // the dialog closes once reported; a refusal stays in it (or in a message), and is what the poll says
      await expect
        .poll(async () =>
          (await d.isVisible())
            ? (
                await p
                  .locator('.ant-message-error, .ant-form-item-explain-error, .ant-alert-error')
                  .allInnerTexts()
              ).join('；') || '报工中'
            : '已报工',
        )
        .toBe('已报工');
      await expect.poll(() => cellOf(p, row, '合格数量')).toBe(String(GOOD));
      await noErrors(p);
    }
    const fact = (label: string) =>
      p
        .locator('.ant-descriptions-item', { has: p.getByText(label, { exact: true }) })
        .locator('.ant-descriptions-item-content')
        .first()
        .textContent();
    await expect.poll(async () => numberIn(await fact('完工数量'))).toBe(GOOD);
    await p.getByText('基本信息').scrollIntoViewIfNeeded();
    await snap(p, '17-work-order-completed-unit');
    await tasks.last().scrollIntoViewIfNeeded();
    await snap(p, '18-work-order-steps-reported');
  });

  it('the line side gave every reported step’s materials for the unit, none of the skipped step’s', async () => {
    const after = await lineSideOf(keeper, run.lineSide);
    await snap(keeper, '19-line-side-whole-after');
    // what each material should have given: its lines' shares of the unit, at the steps reported
    const expected = new Map<string, number>();
    for (const m of run.materials) {
      const step = run.tasks.find((t) => t.procedure === m.procedure) ?? run.tasks[0];
      const used = step.outsourced ? 0 : usedFor(m.required, GOOD);
      expected.set(m.code, (expected.get(m.code) ?? 0) + used);
    }
    const fell = new Map(
      [...expected.keys()].map((code) => [
        code,
        micro(run.picked.get(code)?.currentQuantity ?? Number.NaN) -
          micro(after.get(code)?.currentQuantity ?? Number.NaN),
      ]),
    );
    expect(Object.fromEntries(fell)).toEqual(Object.fromEntries(expected));
    // nothing else on the line side moved
    for (const [code, f] of after)
      if (!expected.has(code)) expect(f.currentQuantity, code).toBe(run.picked.get(code)?.currentQuantity);
  });

  it('the inspector passes the finished unit’s routine test, which holds it from stock-in until then', async () => {
    const { token } = await apiCall<{ token: string }>(null, 'POST', 'authority/public/user/login', {
      memberCode: TENANT,
      userName: 'zhijian01',
      password: await encryptText(DEMO_PASSWORD),
    });
    const Q = 'quality/private/inspectionOrder/';
    const searchVal = encodeURIComponent(
      await encryptText(
        JSON.stringify([
          {
            fieldName: 'workOrderCode',
            fieldType: 'string',
            operator: 'like',
            fieldValue: run.workOrderCode,
          },
          { fieldName: 'inspectionType', fieldType: 'integer', operator: 'eq', fieldValue: 5 },
          { fieldName: 'status', fieldType: 'integer', operator: 'eq', fieldValue: 1 },
        ]),
      ),
    );
    const pending = await apiCall<{ content: { id: number; version: number }[] }>(
      token,
      'GET',
      `${Q}getQualityInspectionOrderListPage?currentPage=1&pageSize=10&searchVal=${searchVal}`,
    );
    expect(pending.content.length).toBeGreaterThan(0);
    for (const o of pending.content) {
      const sheet = await apiCall<InspectionSheet>(token, 'GET', `${Q}getInspectionSheet?id=${o.id}`);
      // every unit within its limits: an OK/NG item OK, a count 0, a measured value inside
      const inside = (i: InspectionSheet['items'][number]) =>
        i.lowerLimit !== null && i.upperLimit !== null
          ? (i.lowerLimit + i.upperLimit) / 2
          : i.lowerLimit !== null
            ? i.lowerLimit * 2
            : (i.upperLimit ?? 1) / 2;
      const results = Array.from({ length: sheet.sampleQuantity }, (_, k) =>
        sheet.items.map((i) =>
          i.valueType === 0
            ? { sampleNo: k + 1, lineNo: i.lineNo, judgement: 0 }
            : { sampleNo: k + 1, lineNo: i.lineNo, value: i.valueType === 2 ? 0 : inside(i) },
        ),
      ).flat();
      const saved = await apiCall<{ version: number }>(token, 'POST', `${Q}record`, {
        id: o.id,
        version: o.version,
        results,
      });
      await apiCall(token, 'POST', `${Q}submit`, { id: o.id, version: saved.version });
    }
  });

  it('the planner stocks the finished unit in from the plan list', async () => {
    const p = planner;
    await p.goto(`${PLANS}?${searched({ code: run.planCode })}`);
    const row = rows(p).filter({ hasText: run.planCode });
    await row.waitFor();
    await rowAction(p, row, '入库');
    const d = dialog(p);
    await d.getByText(`计划 ${run.planCode}的已完工未入库数量将入库`).waitFor();
    await pick(p, d.getByLabel('入库仓库'), '成品库');
    await snap(p, '20-stocking');
    await d.getByRole('button', { name: /入\s*库/ }).click();
    const done = p.locator('.ant-message-notice', { hasText: '已入库' });
    await done.waitFor();
    const text = (await done.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`已入库 ${GOOD}（1 个工单），入库单 CRK\\d+`));
    run.stockInCode = /CRK\d+/.exec(text)?.[0] ?? '';
    await noErrors(p);
    await snap(p, '21-stocked');
  });

  it('the keeper finds the product in 库存信息 with the new batch', async () => {
    const p = keeper;
    // the stock-in, posted, its batch numbered
    await p.goto(`${RECORDS}?${searched({ code: run.stockInCode })}`);
    const doc = rows(p).filter({ hasText: run.stockInCode });
    await doc.waitFor();
    expect(await cellOf(p, doc, '来源单号')).toBe(run.planCode);
    expect(await doc.textContent()).toMatch(/生产入库/);
    await doc.getByRole('link', { name: run.stockInCode }).click();
    await p.waitForURL(/warehouse-operate-detail\/\d+/);
    await expect.poll(() => status(p)).toBe('已过账');
    const line = activeRows(p).first();
    await line.waitFor();
    await expect.poll(() => activeRows(p).count()).toBe(1);
    const panel = p.locator('[role="tabpanel"][aria-hidden="false"]');
    run.batch = await cellOf(panel, line, '批次号');
    expect(run.batch).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(await line.textContent()).toContain(run.product);
    expect(numberIn(await cellOf(panel, line, '数量'))).toBe(GOOD);
    await line.scrollIntoViewIfNeeded();
    await snap(p, '22-stock-in-document');

    await p.goto(INVENTORY);
    await p.getByPlaceholder('请输入批次号').fill(run.batch);
    await p.getByRole('button', { name: /查\s*询/ }).click();
    // the list before the query holds other batches of the product: wait for the one row of this batch
    await expect.poll(() => rows(p).count()).toBe(1);
    const stock = rows(p).filter({ hasText: run.product });
    await stock.waitFor();
    await snap(p, '23-inventory');
    await stock.locator('a').first().click();
    await p.getByText(`库存明细 — `).first().waitFor();
    const drawer = p.locator('.ant-drawer-section').last();
    const batch = rows(drawer).filter({ hasText: run.batch });
    await batch.waitFor();
    expect(await batch.textContent()).toContain('成品库');
    const balances = drawer.locator('[role="tabpanel"][aria-hidden="false"]');
    expect(numberIn(await cellOf(balances, batch, /^现存量/))).toBe(GOOD);
    await snap(p, '24-inventory-batch');
  });
});
