import type { OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestTenant } from '../testing/harness.ts';
import { png } from '../testing/images.ts';
import { injectUpload } from '../testing/multipart.ts';
import { pdf } from '../testing/pdf.ts';
import { openSocket } from '../testing/socket.ts';

/**
 * Issue 17 item 5: every answer carries the security headers — API results and error envelopes,
 * pages outside the API, file downloads — and the notification socket still opens with them.
 * The built index page itself is checked in the browser (e2e/securityHeaders.e2e.ts), where the
 * web build is certain to exist.
 */

/** The policy, written out: exactly what the built app loads (platform/securityHeaders.ts). */
const POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );

function expectSecurityHeaders(headers: OutgoingHttpHeaders, what: string): void {
  // exactly these directives: nothing looser, and no upgrade-insecure-requests (LAN over HTTP)
  expect(directives(headers['content-security-policy']), what).toEqual(POLICY);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['strict-transport-security'], what).toBe('max-age=15552000');
}

let h: Harness;
let t: TestTenant;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('headers');
  token = await h.login('headers', 'admin');
});
afterAll(async () => {
  await h.close();
});

const LOGIN_INFO = '/api/web/v1/authority/private/user/getLoginInfo';
const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

async function upload(data: Buffer, filename: string, kind: 'image' | 'attachment'): Promise<string> {
  const res = await injectUpload(h.app, [{ name: 'file', filename, data }], { token, kind });
  expectSecurityHeaders(res.headers, `upload ${filename}`);
  const body = res.json();
  expect(body.errorCode, body.errorMsg).toBe(0);
  return body.result;
}

describe('security headers on every answer', () => {
  it('on API results and on error envelopes', async () => {
    const ok = await h.app.inject({ method: 'POST', url: LOGIN_INFO, headers: { token } });
    expect(ok.json().errorCode).toBe(0);
    expectSecurityHeaders(ok.headers, 'API result');

    const refused = await h.app.inject({ method: 'POST', url: LOGIN_INFO });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused.headers, 'refused request');

    const unknown = await get('/api/web/v1/no/such/endpoint', { token });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown.headers, 'unknown API path');

    const docs = await get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expectSecurityHeaders(docs.headers, 'OpenAPI document');
  });

  it('on pages outside the API (the index page when the web app is built, else the envelope)', async () => {
    const page = await get('/setting/user-info/user');
    expectSecurityHeaders(page.headers, 'client-side route');
  });

  it('on file downloads, with the verified type, nosniff and the right disposition', async () => {
    const image = await upload(png(90, 90), '现场照片.png', 'image');
    const shown = await get(`${image}?token=${encodeURIComponent(token)}`);
    expect(shown.statusCode).toBe(200);
    expectSecurityHeaders(shown.headers, 'image download');
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('现场照片.png')}`,
    );

    // a client's name and mime count for nothing: the PDF is served as a PDF, to be saved
    const document = await upload(pdf(), 'page.html', 'attachment');
    const saved = await get(document, { token });
    expect(saved.statusCode).toBe(200);
    expectSecurityHeaders(saved.headers, 'attachment download');
    expect(saved.headers['content-type']).toBe('application/pdf');
    expect(saved.headers['content-disposition']).toBe(
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    );

    const cached = await get(document, { token, 'if-none-match': String(saved.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expectSecurityHeaders(cached.headers, 'not modified');
  });

  it('over real HTTP, and the notification socket still opens', async () => {
    const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(origin, 'headers', t.adminId, token);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
    expect(await socket.closed).toBe(1000);
    const page = await fetch(`${origin}/api/web/v1/authority/private/user/getLoginInfo`, {
      headers: { token },
    });
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
