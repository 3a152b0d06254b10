import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser.ts';

/**
 * Nothing promises what is not there (issue 19): as the administrator and as each demo job role
 * of the transformer works, every entry of the side menu opens a working screen, and so does
 * every tab on it — no 404, no error message, no failed call, no script error.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TENANT = 'transformer';
/** The administrator and one person of each demo job role (packages/server/src/demo/roles.ts). */
const PEOPLE: readonly (readonly [string, string, number?, number?])[] = [
  // the administrator on a large screen as well as on a laptop's
  ['admin', '管理员', 1920, 1080],
  ['admin', '管理员'],
  ['zhijian01', '质检员'],
  ['cangguan01', '仓管员'],
  ['gongyi01', '工艺员'],
  ['caozuo01', '操作工'],
  ['jihua01', '计划员'],
  ['jingli01', '生产经理'],
  ['shebei01', '设备管理员'],
];

const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
/** A first-level entry by its title (its icon's label aside). */
const mainButton = (page: Page, title: string) =>
  mainMenu(page)
    .locator('button')
    .filter({ hasText: new RegExp(`^${title}$`) });
const content = (page: Page) => page.locator('main');
/** What a screen shows when it cannot do its work. */
const BROKEN = /加载失败|页面不存在|没有权限访问|Unexpected Application Error|出错了/;

/** What went wrong on a page since the last look: script errors and refused or failed calls. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (r.status() >= 400) {
      problems.push(`${r.status()} ${url.pathname}`);
      return;
    }
    if (!(r.headers()['content-type'] ?? '').includes('json')) return;
    const env = (await r.json().catch(() => null)) as { errorCode?: number; errorMsg?: string } | null;
    if (env && typeof env.errorCode === 'number' && env.errorCode !== 0)
      problems.push(`${url.pathname}: ${env.errorCode} ${env.errorMsg}`);
  });
  return problems;
}

/** Waits until the screen has drawn: no spinner in the page and nothing still being asked. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
}

/** The screen as it is now: what is wrong with it, if anything. */
async function faults(page: Page, where: string, problems: string[]): Promise<string[]> {
  await settled(page);
  const out = problems.splice(0).map((p) => `${where}: ${p}`);
  // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not text hidden in closed tabs
  const text = (await content(page).innerText()).trim();
  if (!text) out.push(`${where}: an empty screen`);
  const broken = BROKEN.exec(text);
  if (broken) out.push(`${where}: shows “${broken[0]}”`);
  for (const m of await page.locator('.ant-message-error, .ant-notification-notice-error').allInnerTexts())
    out.push(`${where}: message “${m.trim()}”`);
  if (new URL(page.url()).pathname === '/404') out.push(`${where}: 404`);
  for (const c of await covered(page)) out.push(`${where}: ${c}`);
  return out;
}

/**
 * What is hidden under something fixed: with each table scrolled to its right end, a column under
 * its fixed 操作 column (or under a fixed left one at the left end); a row's cell under the video
 * tutorial tab.
 */
async function covered(page: Page): Promise<string[]> {
  return content(page).evaluate((main) => {
    const out: string[] = [];
    const box = (el: Element) => el.getBoundingClientRect();
    const shown = (el: Element) => {
      const b = box(el);
      return b.width > 0 && b.height > 0;
    };
    for (const table of main.querySelectorAll('.ant-table')) {
      if (!shown(table)) continue;
      const scroller = table.querySelector('.ant-table-body, .ant-table-content') as HTMLElement | null;
      const head = table.querySelector('thead tr:last-child');
      if (!scroller || !head) continue;
      const cells = [...head.querySelectorAll('th')].filter(shown);
      const name = (c: Element) => (c.textContent ?? '').trim() || '(无标题)';
      for (const side of ['right', 'left'] as const) {
        scroller.scrollLeft = side === 'right' ? scroller.scrollWidth : 0;
        scroller.dispatchEvent(new Event('scroll'));
        const fixed = cells.filter((c) => c.classList.contains(`ant-table-cell-fix-${side}`));
        const free = cells.filter(
          (c) =>
            !c.classList.contains('ant-table-cell-fix-left') &&
            !c.classList.contains('ant-table-cell-fix-right'),
        );
        for (const f of fixed)
          for (const c of free) {
            const [a, b] = [box(f), box(c)];
            const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            if (overlap > 1) out.push(`列“${name(c)}”被固定列“${name(f)}”遮住 ${Math.round(overlap)} px`);
          }
      }
      scroller.scrollLeft = 0;
    }
    const tab = document.querySelector('button[aria-label="操作视频教程"]');
    if (tab) {
      const t = box(tab);
      for (const cell of main.querySelectorAll('.ant-table-tbody td')) {
        // what is seen of the cell: its table scrolls sideways within its own box
        const view = cell.closest('.ant-table-body, .ant-table-content');
        const [b, v] = [box(cell), view ? box(view) : box(cell)];
        const c = {
          left: Math.max(b.left, v.left),
          right: Math.min(b.right, v.right),
          top: b.top,
          bottom: b.bottom,
        };
        if (c.right - c.left <= 0) continue;
        if (c.left < t.right && t.left < c.right && c.top < t.bottom && t.top < c.bottom) {
          out.push(`视频教程按钮遮住了表格单元格“${(cell.textContent ?? '').trim().slice(0, 20)}”`);
          break;
        }
      }
    }
    return out;
  });
}

/** The side menu as this person sees it: each first-level entry with the links of its panel. */
async function menuOf(page: Page): Promise<{ main: string; links: { title: string; path: string }[] }[]> {
  const mains = (await mainMenu(page).locator('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  const out = [];
  for (const main of mains) {
    await mainButton(page, main).click();
    const panel = page.getByRole('navigation', { name: main });
    // an entry with no children opens its page at once, without a panel
    const hasPanel = await panel
      .waitFor({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!hasPanel) {
      out.push({ main, links: [{ title: main, path: new URL(page.url()).pathname }] });
      continue;
    }
    const links = [];
    for (const link of await panel.getByRole('link').all())
      links.push({
        title: ((await link.textContent()) ?? '').trim(),
        path: (await link.getAttribute('href')) ?? '',
      });
    out.push({ main, links });
  }
  return out;
}

/** Opens an entry as a click in the side menu does. */
async function open(page: Page, main: string, link: { title: string; path: string }) {
  const panel = page.getByRole('navigation', { name: main });
  if (link.title === main) {
    await mainButton(page, main).click();
  } else {
    // a panel seen open may be closing (its slide-out is under way): then open it again and retry
    for (let attempt = 0; ; attempt++) {
      if (!(await panel.isVisible())) await mainButton(page, main).click();
      const clicked = await panel
        .getByRole('link', { name: link.title, exact: true })
        .click({ timeout: 5_000 })
        .then(() => true)
        .catch((e) => {
          if (attempt === 2) throw e;
          return false;
        });
      if (clicked) break;
    }
  }
  await page.waitForURL((url) => url.pathname === link.path);
}

describe('every entry a person sees opens a working screen', () => {
  for (const [userName, role, width = 1366, height = 768] of PEOPLE)
    it(`${role} (${userName}) at ${width}×${height}: every menu entry and every tab on it`, {
      timeout: 600_000,
    }, async () => {
      const { context, page } = await newPage(browser, width, height);
      const problems = watch(page);
      await signIn(page, TENANT, userName);
      const found = await faults(page, `${role} 首页`, problems);
      const menu = await menuOf(page);
      expect(menu.length, 'a role sees at least its home page').toBeGreaterThan(0);
      let screens = 0;
      for (const { main, links } of menu)
        for (const link of links) {
          await open(page, main, link);
          const where = `${role} ${main} → ${link.title}`;
          found.push(...(await faults(page, where, problems)));
          // its tag in the tag bar, active
          const tag = page.locator('[data-tag][aria-current="page"]');
          const tagTitle = async () => ((await tag.textContent()) ?? '').trim();
          await expect
            .poll(tagTitle, { timeout: 5_000 })
            .toBe(link.title)
            .catch(async () => found.push(`${where}: the active tag reads “${await tagTitle()}”`));
          screens++;
          // the page's own tabs (not the tag bar's): each opens too, found by key (a click redraws them)
          const tabs = content(page).locator('.ant-tabs-tab:not(.ant-tabs-tab-disabled)');
          const keys = (
            await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-node-key')))
          ).slice(1);
          for (const key of keys) {
            const tab = content(page).locator(`.ant-tabs-tab[data-node-key="${key}"]`).first();
            if (!key || !(await tab.isVisible())) continue;
            const title = ((await tab.textContent()) ?? '').trim();
            await tab.click();
            found.push(...(await faults(page, `${where} [${title}]`, problems)));
            screens++;
          }
        }
      await shot(page, `walk-${userName}-${width}`);
      expect(found.join('\n'), `${screens} screens`).toBe('');
      expect(screens).toBeGreaterThan(0);
      await context.close();
    });
});

describe('a page opened by its address', () => {
  it('opens its tag in the tag bar as a menu click does (a bookmark, a link in a notification)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, TENANT, 'admin');
    await page.goto('/plans/plan-list?tab=2');
    const tag = page.locator('[data-tag][aria-current="page"]');
    await expect.poll(async () => ((await tag.textContent()) ?? '').trim()).toBe('生产计划列表');
    // the tag keeps the address it was opened at
    expect(await tag.getAttribute('href')).toBe('/plans/plan-list?tab=2');
    await context.close();
  });
});
