import { processFlowApi } from '@factory/shared/api/processFlow';
import { type GanttRow, producePlanApi } from '@factory/shared/api/producePlan';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { areaEntity } from '@factory/shared/entities/information';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { produceOrderMachine } from '@factory/shared/machines/plans';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import type { Static } from 'typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bandLabel,
  CELL_WIDTH,
  cellLabel,
  LEVEL_HEIGHT,
  layoutRows,
  levelTop,
  parseTime,
  TITLE_HEIGHT,
  TITLE_WIDTH,
  timeToX,
} from '../packages/web/src/modules/plans/gantt/geometry.ts';
import { apiCall, launch, newPage, pick, shot, signIn } from './browser.ts';

/**
 * 计划排程 (/plans/plan-schedules) in the browser, as the planner: 一键排产 and its result, a plan
 * dragged on the canvas to another line its process runs on (saved, still there after a reload),
 * to a line its process does not run on ('该工艺没有此产线', nothing saved), a move taken back with
 * 撤销, and the ruler at the hour, day and week scales (docs/scheduling.md "The Gantt").
 *
 * The blocks are drawn on a canvas: the test finds a block's pixels from the same geometry the
 * chart draws with (layoutRows, timeToX) and the rows the page itself fetched; the ruler's texts are
 * read by recording what the page draws with fillText (an init script of the test, the product
 * exposes nothing for it).
 */

const TENANT = 'transformer';
/** The demo planner (计划员: every page and button of 生产计划, 计划排程 included). */
const PLANNER = 'jihua01';
const PAGE = '/plans/plan-schedules';
const PLANS = entityEndpoints(producePlanEntity);
const ORDERS = entityEndpoints(produceOrderEntity);
const AREAS = entityEndpoints(areaEntity).list;

type Row = Static<typeof GanttRow>;
interface PlanDetail {
  id: number;
  code: string;
  areaId: number;
  areaName: string;
  materialsId: number;
  flowVersionId: number;
  scheduleStatus: number;
  planProgress: number;
  version: number;
  planStartTime: string | null;
}
interface VersionDetail {
  steps: { areaList: { id: number; name: string }[] }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The planner's token, read from the signed-in page (the same session the screens use). */
let token = '';

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  // the ruler is drawn on the canvas: record every text drawn there, with its y
  await context.addInitScript(() => {
    const texts: { text: string; y: number }[] = [];
    (window as unknown as { __drawn: typeof texts }).__drawn = texts;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, w?: number) {
      texts.push({ text, y });
      if (texts.length > 20_000) texts.splice(0, 10_000);
      return w === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, w);
    };
  });
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await signIn(page, TENANT, PLANNER);
  token = (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
  expect(token).not.toBe('');
});
afterAll(async () => {
  await browser?.close();
});
// each step goes on from where the one before left the plans: after a failure the rest would only fail again
let failed = false;
beforeEach(({ skip, onTestFailed }) => {
  if (failed) skip();
  onTestFailed(async () => {
    failed = true;
    await shot(page, 'plan-schedules-failed').catch(() => undefined);
  });
});

const dialog = (p: Page) => p.locator('.ant-modal-container').last();
const scroller = (p: Page) => p.getByTestId('gantt-scroller');
const undoButton = (p: Page) => p.getByRole('button', { name: /撤\s*销/ });
const planOf = (id: number) => apiCall<PlanDetail>(token, 'GET', `${PLANS.detail.path}?id=${id}`);

/** The rows the page fetched for its chart and the window it asked for (the chart's viewStart). */
interface Shown {
  rows: Row[];
  beginTime: string;
  endTime: string;
}
/** The page's next getSchedulePlanList answer (asked with a body `accept` takes), after `act` (a click, a reload). */
async function shownAfter(
  p: Page,
  act: () => Promise<unknown>,
  accept: (body: { areaIds?: number[] }) => boolean = () => true,
): Promise<Shown> {
  const response = p.waitForResponse(
    (r) =>
      new URL(r.url()).pathname.endsWith(producePlanApi.scheduleList.path) &&
      r.status() === 200 &&
      accept(r.request().postDataJSON()),
    { timeout: 120_000 },
  );
  // a failed act fails the test, not the wait left behind
  response.catch(() => undefined);
  await act();
  const r = await response;
  const env = (await r.json()) as { errorCode: number; result: Row[] };
  expect(env.errorCode).toBe(0);
  const body = r.request().postDataJSON() as { beginTime: string; endTime: string };
  return { rows: env.result, beginTime: body.beginTime, endTime: body.endTime };
}
/** The same window asked again through the API (what is saved now). */
const listNow = (s: Pick<Shown, 'beginTime' | 'endTime'>) =>
  apiCall<Row[]>(token, 'POST', producePlanApi.scheduleList.path, {
    beginTime: s.beginTime,
    endTime: s.endTime,
  });
const blockIn = (rows: Row[], planId: number) => {
  for (const r of rows) {
    const b = r.gtArray.find((g) => g.id === planId);
    if (b) return { line: r.id, block: b };
  }
  return undefined;
};

/**
 * The lines a plan's version allows, as flowRules.allowedLines decides it (no named line: every
 * line, here those on the chart), with their names.
 */
async function allowedLinesOf(
  plan: PlanDetail,
  shown: { id: number; name: string }[],
): Promise<Map<number, string>> {
  const version = await apiCall<VersionDetail>(
    token,
    'GET',
    `${processFlowApi.versionDetail.path}?id=${plan.flowVersionId}`,
  );
  if (!version.steps.length) return new Map();
  const named = new Map(version.steps.flatMap((s) => s.areaList.map((a) => [a.id, a.name] as const)));
  return named.size ? named : new Map(shown.map((r) => [r.id, r.name]));
}

/**
 * The chart with these lines on it too: a line with no plan in the window is shown (empty) when
 * the 产线 filter names it, with the lines already shown. Answers `shown` itself when all are there.
 */
async function withLines(shown: Shown, wanted: readonly number[]): Promise<Shown> {
  const lines = shown.rows.map((r) => r.id);
  const missing = wanted.filter((l) => !lines.includes(l));
  if (!missing.length) return shown;
  const names = [...lines, ...missing].map((l) => state.lineNames.get(l) ?? '');
  const lineSelect = page
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: /^产线$/ }) })
    .locator('.ant-select')
    .first();
  const filtered = await shownAfter(
    page,
    async () => {
      for (const name of names) await pick(page, lineSelect, name, name);
      await page.keyboard.press('Escape');
    },
    (body) => body.areaIds?.length === names.length,
  );
  expect(filtered.rows.map((r) => r.id).sort()).toEqual([...lines, ...missing].sort());
  await expect
    .poll(() => page.getByRole('list', { name: '产线' }).getByRole('listitem').allTextContents())
    .toEqual(filtered.rows.map((r) => r.name));
  return filtered;
}

/**
 * Drags a plan's block on the canvas to the middle of another line's row, without moving it in
 * time: the grab point is computed from the chart's own geometry over the rows the page drew.
 */
async function dragToLine(p: Page, shown: Shown, planId: number, toLine: number) {
  const viewStart = parseTime(shown.beginTime) as number;
  const scale = 60;
  const laid = layoutRows(shown.rows);
  const from = laid.rows.find((r) => r.blocks.some((b) => b.block.id === planId));
  const to = laid.rows.find((r) => r.id === toLine);
  if (!from || !to) throw new Error(`plan ${planId} or line ${toLine} is not on the chart`);
  const placed = from.blocks.find((b) => b.block.id === planId);
  if (!placed) throw new Error('no block');
  const x0 = timeToX(placed.start, viewStart, scale);
  const width = timeToX(placed.end, viewStart, scale) - x0;
  const el = scroller(p);
  // bring the block's start and both rows into view
  await el.evaluate(
    (e, [left, top]) => {
      e.scrollLeft = left;
      e.scrollTop = top;
    },
    [Math.max(0, x0 - 3 * CELL_WIDTH), Math.max(0, Math.min(from.top, to.top) - 10)],
  );
  const view = await el.evaluate((e) => ({
    left: e.scrollLeft,
    top: e.scrollTop,
    width: e.clientWidth,
    height: e.clientHeight,
  }));
  const box = await el.evaluate((e) => {
    const b = e.getBoundingClientRect();
    return { x: b.left, y: b.top };
  });
  const grabX = box.x + TITLE_WIDTH + x0 + Math.min(width / 2, 20) - view.left;
  const grabY =
    box.y +
    TITLE_HEIGHT +
    from.top +
    levelTop(from.height, from.levels, placed.level) +
    LEVEL_HEIGHT / 2 -
    view.top;
  const dropY = box.y + TITLE_HEIGHT + to.top + to.height / 2 - view.top;
  // both points inside the chart's body, else the drag would miss
  expect(grabX - box.x).toBeGreaterThan(TITLE_WIDTH);
  expect(grabX - box.x).toBeLessThan(view.width);
  expect(grabY - box.y).toBeGreaterThan(TITLE_HEIGHT);
  expect(grabY - box.y).toBeLessThan(view.height);
  expect(dropY - box.y).toBeGreaterThan(TITLE_HEIGHT);
  expect(dropY - box.y).toBeLessThan(view.height);
  // the hover tooltip names the block under the pointer: the grab point is on the right plan (after
  // the scroll event of the jump above, a frame later, which hides the tooltip)
  await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await p.mouse.move(grabX, grabY);
  await expect
    .poll(() =>
      el
        .getByRole('tooltip')
        .allTextContents()
        .then((t) => t.join(' ')),
    )
    .toContain(placed.block.code);
  await p.mouse.down();
  await p.mouse.move(grabX, grabY + (dropY > grabY ? 8 : -8), { steps: 2 });
  await p.mouse.move(grabX, dropY, { steps: 8 });
  await p.mouse.up();
}

interface Chosen {
  planId: number;
  from: number;
  allowed: number;
  refused: number;
}
/** Shown state after 一键排产, and the plan the drags are made with. */
const state: { shown?: Shown; pick?: Chosen; planIds: number[]; lineNames: Map<number, string> } = {
  planIds: [],
  lineNames: new Map(),
};

/**
 * The test's own plans, not whatever the demo left unstarted at this hour: a new extra-urgent
 * order of a product the demo plans (its main version runs on some of the tenant's lines, not all)
 * and two plans of it on one line, so that line keeps a row when one of them is dragged away.
 */
async function addOwnPlans(): Promise<void> {
  const lines = (
    await apiCall<{ records: { id: number; name: string }[] }>(token, 'GET', `${AREAS.path}?page=1&limit=100`)
  ).records;
  for (const l of lines) state.lineNames.set(l.id, l.name);
  const demo = await apiCall<{ content: { id: number }[] }>(
    token,
    'GET',
    `${PLANS.listPage.path}?currentPage=1&pageSize=50`,
  );
  for (const { id } of demo.content) {
    const plan = await planOf(id);
    if (!plan.materialsId || !plan.flowVersionId) continue;
    const allowed = await allowedLinesOf(plan, lines);
    const allowedOther = [...allowed.keys()].find((l) => l !== plan.areaId);
    const refused = lines.find((l) => !allowed.has(l.id));
    if (!allowed.has(plan.areaId) || allowedOther === undefined || !refused) continue;
    const delivery = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const order = await apiCall<{ id: number; version: number }>(token, 'POST', ORDERS.add?.path ?? '', {
      materialsId: plan.materialsId,
      quantity: 2,
      deliveryTime: `${delivery} 17:00:00`,
      priority: 2,
      source: 0,
    });
    await apiCall(token, 'POST', machineEndpoints(produceOrderMachine).actions.confirm.path, {
      id: order.id,
      version: order.version,
    });
    for (let i = 0; i < 2; i++) {
      const own = await apiCall<{ id: number; code: string }>(token, 'POST', PLANS.add?.path ?? '', {
        produceOrderId: order.id,
        quantity: 1,
        areaId: plan.areaId,
      });
      state.planIds.push(own.id);
    }
    state.pick = {
      planId: state.planIds[0] as number,
      from: plan.areaId,
      allowed: allowedOther,
      refused: refused.id,
    };
    return;
  }
  throw new Error('no demo plan of a product whose process runs on some lines but not all');
}

describe('plan Gantt (计划排程)', () => {
  it('一键排产 schedules the plans and the chart shows their blocks', { timeout: 400_000 }, async () => {
    await addOwnPlans();
    await page.goto(PAGE);
    await page
      .getByRole('list', { name: '产线' })
      .or(page.getByText('所选产线和日期内没有已排产的生产计划'))
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /一键排产/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('将按优先级、交货日期和计划顺序').waitFor();
    const shown = await shownAfter(page, async () => {
      await confirm.getByRole('button', { name: /^排\s*产$/ }).click();
      await dialog(page).getByText('排产结果').waitFor({ timeout: 300_000 });
    });
    const done = await dialog(page)
      .getByText(/排产完成，共排定 \d+ 个生产计划/)
      .textContent();
    const scheduled = Number(/共排定 (\d+) 个/.exec(done ?? '')?.[1]);
    expect(scheduled).toBeGreaterThanOrEqual(state.planIds.length);
    await shot(page, 'plan-schedules-result');
    await dialog(page).getByRole('button', { name: '知道了' }).click();
    await page.locator('.ant-modal-container').filter({ hasText: '排产结果' }).waitFor({ state: 'hidden' });

    // the chart's rows: lines with scheduled blocks, their names in the sticky list
    const withBlocks = shown.rows.filter((r) => r.gtArray.some((b) => b.isPlan === 1));
    expect(withBlocks.length).toBeGreaterThan(0);
    const names = await page.getByRole('list', { name: '产线' }).getByRole('listitem').allTextContents();
    expect(names).toEqual(shown.rows.map((r) => r.name));
    await page.locator('canvas[aria-label="计划排程甘特图"]').waitFor();
    // the test's plans are scheduled (extra urgent: first in the window) and drawn on their line
    const chosen = state.pick as Chosen;
    for (const id of state.planIds) {
      expect((await planOf(id)).scheduleStatus).toBe(2);
      expect(blockIn(shown.rows, id)?.line).toBe(chosen.from);
    }
    // and the same through the API
    const saved = await listNow(shown);
    expect(blockIn(saved, chosen.planId)?.line).toBe(chosen.from);
    state.shown = shown;
    await shot(page, 'plan-schedules-hour');
  });

  it('shows a line the plan may move to and one it may not beside its own (the 产线 filter)', async () => {
    const chosen = state.pick as Chosen;
    const shown = await withLines(state.shown as Shown, [chosen.allowed, chosen.refused]);
    if (shown === state.shown) return;
    state.shown = shown;
    await shot(page, 'plan-schedules-lines');
  });

  it('drags a plan to a line its process allows: saved, and there after a reload', async () => {
    const shown = state.shown as Shown;
    const chosen = state.pick as Chosen;
    const before = await planOf(chosen.planId);
    expect(before.areaId).toBe(chosen.from);
    await expect.poll(() => undoButton(page).isDisabled()).toBe(true);
    await dragToLine(page, shown, chosen.planId, chosen.allowed);
    await expect
      .poll(async () => (await planOf(chosen.planId)).areaId, { timeout: 60_000 })
      .toBe(chosen.allowed);
    expect(await page.locator('.ant-message-error').allInnerTexts()).toEqual([]);
    // the move is in the page's history
    await expect.poll(() => undoButton(page).isEnabled()).toBe(true);

    const reloaded = await shownAfter(page, () => page.reload());
    expect(blockIn(reloaded.rows, chosen.planId)?.line).toBe(chosen.allowed);
    expect((await planOf(chosen.planId)).areaName).toBe(state.lineNames.get(chosen.allowed));
    // a reload starts a new history
    await expect.poll(() => undoButton(page).isDisabled()).toBe(true);
    state.shown = reloaded;
    await shot(page, 'plan-schedules-moved');
  });

  it("refuses a line the plan's process does not run on: '该工艺没有此产线', nothing saved", async () => {
    const chosen = state.pick as Chosen;
    // the reload after the move cleared the 产线 filter: an empty line is shown again by naming it
    const shown = await withLines(state.shown as Shown, [chosen.refused]);
    const before = await planOf(chosen.planId);
    await dragToLine(page, shown, chosen.planId, chosen.refused);
    await page.locator('.ant-message').getByText('该工艺没有此产线').waitFor({ timeout: 30_000 });
    await shot(page, 'plan-schedules-refused');
    const after = await planOf(chosen.planId);
    expect(after.areaId).toBe(before.areaId);
    expect(after.version).toBe(before.version);
    expect(after.planStartTime).toBe(before.planStartTime);
    // a refusal is not a move to take back
    expect(await undoButton(page).isDisabled()).toBe(true);
  });

  it('撤销 takes a move back', async () => {
    const chosen = state.pick as Chosen;
    // the rows as the page shows them now (it refetches after a refusal only when something was saved)
    const shown = await shownAfter(page, () =>
      page.getByRole('button', { name: /^(?:reload )?刷\s*新$/ }).click(),
    );
    const before = await planOf(chosen.planId);
    const at = blockIn(shown.rows, chosen.planId);
    expect(at?.line).toBe(chosen.allowed);
    await dragToLine(page, shown, chosen.planId, chosen.from);
    await expect
      .poll(async () => (await planOf(chosen.planId)).areaId, { timeout: 60_000 })
      .toBe(chosen.from);
    await expect.poll(() => undoButton(page).isEnabled()).toBe(true);

    // 撤销 of a move to another line is two calls (docs/scheduling.md "The Gantt"): the line's, which
    // places the plan on its old line from now (a start before now or in the night is not where
    // that puts it), then the old start's. The plan is back when the page is done: 重做 is offered
    // once both have answered; the plan read between the two calls would stand on its old line at
    // the line move's start.
    const redoButton = page.getByRole('button', { name: /重\s*做/ });
    expect(await redoButton.isDisabled()).toBe(true);
    // the calls the undo makes, in order, with their answers
    const calls: Promise<[string, number, string | null]>[] = [];
    const onResponse = (r: Response) => {
      const path = new URL(r.url()).pathname;
      const which = path.endsWith(PLANS.update?.path ?? '')
        ? 'line'
        : path.endsWith(producePlanApi.orderByTime.path)
          ? 'start'
          : null;
      if (which)
        calls.push(
          r
            .json()
            .then((env: { errorCode: number; result: { planStartTime?: string | null } | unknown[] }) => [
              which,
              env.errorCode,
              Array.isArray(env.result) ? null : (env.result?.planStartTime ?? null),
            ]),
        );
    };
    page.on('response', onResponse);
    await undoButton(page).click();
    await expect.poll(() => redoButton.isEnabled(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => undoButton(page).isDisabled()).toBe(true);
    page.off('response', onResponse);
    const answered = await Promise.all(calls);
    // the line first; the start then, unless the line move already gave the old one
    expect(answered[0]?.slice(0, 2)).toEqual(['line', 0]);
    expect(answered.slice(1)).toEqual(answered[0]?.[2] === before.planStartTime ? [] : [['start', 0, null]]);
    const after = await planOf(chosen.planId);
    expect([after.areaId, after.planStartTime]).toEqual([chosen.allowed, before.planStartTime]);
    // the page drew it back where it was
    const saved = await listNow(shown);
    expect(blockIn(saved, chosen.planId)?.line).toBe(chosen.allowed);
    expect(blockIn(saved, chosen.planId)?.block.start).toBe(before.planStartTime);
  });

  it('刻度 switches the ruler between hours, days and weeks', async () => {
    const shown = state.shown as Shown;
    const viewStart = parseTime(shown.beginTime) as number;
    const scaleSelect = page.locator('.ant-form-item').filter({ hasText: '刻度' }).locator('.ant-select');
    /** The ruler's texts drawn since the last reset (y within the ruler). */
    const ruler = () =>
      page.evaluate((h) => {
        const drawn = (window as unknown as { __drawn: { text: string; y: number }[] }).__drawn;
        return [...new Set(drawn.filter((d) => d.y < h).map((d) => d.text))];
      }, TITLE_HEIGHT);
    const reset = () =>
      page.evaluate(() => {
        (window as unknown as { __drawn: unknown[] }).__drawn.length = 0;
      });
    /** The first cell's label and band as the chart must draw them at this scale. */
    const expected = async (scale: number) => {
      const left = await scroller(page).evaluate((e) => e.scrollLeft);
      const t = viewStart + Math.floor(left / CELL_WIDTH) * scale * 60_000;
      return {
        cell: cellLabel(t, scale),
        band: bandLabel(t, scale),
        next: cellLabel(t + scale * 60_000, scale),
      };
    };

    for (const [label, scale, name] of [
      ['天', 1440, 'day'],
      ['周', 10080, 'week'],
      ['小时', 60, 'hour'],
    ] as const) {
      await reset();
      await pick(page, scaleSelect, label);
      await expect.poll(() => scaleSelect.textContent()).toContain(label);
      const want = await expected(scale);
      await expect.poll(ruler).toEqual(expect.arrayContaining([want.cell, want.band, want.next]));
      if (scale === 60) {
        expect((await ruler()).some((t) => /^\d{2}:\d{2}$/.test(t))).toBe(true);
        expect(want.cell).toMatch(/^\d{2}:\d{2}$/);
        expect(want.band).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      } else {
        expect(want.cell).toMatch(/^\d{2}-\d{2}$/);
        expect(want.band).toMatch(scale === 1440 ? /^\d{4}-\d{2}$/ : /^\d{4}$/);
        // a week cell starts 7 days after the one before, a day cell 1
        const [m1, d1] = want.cell.split('-').map(Number);
        const [m2, d2] = want.next.split('-').map(Number);
        const days = (Date.UTC(2001, m2 - 1, d2) - Date.UTC(2001, m1 - 1, d1)) / 86_400_000;
        expect([scale / 1440, scale / 1440 - 365]).toContain(days);
      }
      await page.waitForTimeout(300);
      await shot(page, `plan-schedules-${name}`);
    }
  });
});
