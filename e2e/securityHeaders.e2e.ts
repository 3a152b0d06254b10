import type { Browser, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from './browser.ts';

/**
 * Issue 17 item 5: the built app under its Content-Security-Policy. The page reports every
 * violation (the `securitypolicyviolation` event, and Chromium's console line) to the test; signing
 * in, a list, a dialog and the notification socket must cause none. A script injected inline at the
 * end must be refused, which shows both that the policy is enforced and that a violation would be
 * seen.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the built app under its security headers', () => {
  it('signs in, shows a list and opens a dialog with no CSP violation; inline script is refused', async () => {
    const { context, page } = await newPage(browser);
    const violations: string[] = [];
    await context.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        ),
      );
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // the index page: the policy and the other headers, and no inline script to need an exception
    const index = await page.goto('/login');
    const headers = index?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    const html = (await index?.text()) ?? '';
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\//);
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();

    // the notification socket (one per page load) opens to this origin's ws:// under connect-src 'self'
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => sockets.push(ws));
    await signIn(page, 'machinery', 'admin');

    await page.goto('/setting/user-info/user');
    await page.getByText('用户列表').first().waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // a dialog: antd inserts the styles of components not shown before
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.locator('.ant-modal-container').last();
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const ws = sockets[sockets.length - 1];
    expect(new URL(ws.url()).host).toBe(new URL(page.url()).host);
    expect(ws.url()).toContain('/ws/machinery/');
    expect(ws.isClosed()).toBe(false);

    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);

    // an injected inline script is blocked, and reported
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.injectedRan = true';
      document.head.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBe(1);
    expect(violations[0]).toMatch(/^script-src-elem blocked inline/);
    await context.close();
  });
});
