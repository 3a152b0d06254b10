import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './browser.ts';
import { gzipped, LOGIN_BUDGET_KB, loginBundle } from './bundle.ts';

/**
 * Issue 18: the JavaScript a browser must load to show /login stays within its budget (gzip, a
 * size, not a time). The build is the one the product serves: the project's global setup starts it
 * as `npm start` does, which builds the web app when a source is newer than the last build.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the JavaScript /login needs', () => {
  it(`is at most ${LOGIN_BUDGET_KB} KB gzip`, () => {
    const { jsBytes, files } = loginBundle();
    const largest = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ f, bytes: gzipped(f) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 10)
      .map(({ f, bytes }) => `  ${kb(bytes).padStart(9)}  ${f}`)
      .join('\n');
    expect(
      jsBytes,
      `/login needs ${kb(jsBytes)} of JavaScript gzip, over ${LOGIN_BUDGET_KB} KB; the largest files:\n${largest}`,
    ).toBeLessThanOrEqual(LOGIN_BUDGET_KB * 1024);
  });

  it('is all the browser loads to show it (nothing preloaded beyond what is measured)', async () => {
    const { context, page } = await newPage(browser);
    const loaded = new Set<string>();
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.endsWith('.js')) loaded.add(pathname.slice(1));
    });
    await page.goto('/login');
    await page.getByPlaceholder('请输入企业编码').waitFor();
    // what an idle login page might still fetch (a preload started after the first render)
    await page.waitForLoadState('networkidle');
    await context.close();
    const measured = new Set(loginBundle().files);
    expect([...loaded].filter((f) => !measured.has(f))).toEqual([]);
  });
});
