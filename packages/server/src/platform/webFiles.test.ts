import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';

/**
 * The web files beside the API (issue 18): those of the current build, looked up on each request
 * (a rebuild's new chunks are served at once, never answered with the index page), hashed assets
 * cached for a year, the index page never.
 */
let h: Harness;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><script src="/assets/index-aaa111.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-aaa111.js'), 'console.log("first build")');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  h = await createHarness({ webDist: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => h.app.inject({ method: 'GET', url });

describe('the web files', () => {
  it('serves hashed assets for a year and the index page, at any client route, never cached', async () => {
    const chunk = await get('/assets/index-aaa111.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/plans/plan-list?tab=2']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('serves a chunk written after start-up (a rebuild), and refuses a missing one instead of the index page', async () => {
    expect((await get('/assets/Login-bbb222.js')).statusCode).toBe(404);
    fs.writeFileSync(path.join(dist, 'assets', 'Login-bbb222.js'), 'export default "second build"');
    const fresh = await get('/assets/Login-bbb222.js');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('export default "second build"');
    const gone = await get('/assets/Login-old000.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/json/);
  });

  it('still answers an unknown API path with the envelope', async () => {
    const res = await get('/api/web/v1/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: expect.any(Number), errorMsg: '请求的地址不存在' });
  });
});
