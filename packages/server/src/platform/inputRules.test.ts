import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../modules/index.ts';
import { createHarness, type Harness } from '../testing/harness.ts';
import { API_PREFIX } from './route.ts';

/**
 * Values no column can hold, sent to every field of every endpoint there is: each is a 422 with
 * code 1 naming the field, never a 500 from PostgreSQL. Generated from the declarations, so an
 * endpoint added later is walked too.
 */
type Schema = {
  type?: string | string[];
  format?: string;
  maximum?: number;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  items?: Schema;
};

/** The kinds of value a field takes, each with the part of its schema that says so. */
const kindsOf = (schema: Schema): Map<string, Schema> => {
  const kinds = new Map<string, Schema>();
  for (const s of [schema, ...(schema.anyOf ?? [])]) {
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    for (const t of types)
      kinds.set(t === 'string' && (s.format === 'date' || s.format === 'date-time') ? 'date' : t, s);
  }
  return kinds;
};

/** Bad values by kind: in a JSON body (typed) and in a query string (text by nature). */
const BAD: Record<string, { body: unknown[]; query: string[] }> = {
  integer: {
    body: [3_000_000_000, -3_000_000_000, '12', 12.5, true, [12], {}],
    query: ['3000000000', '12abc', '12.5', 'true'],
  },
  number: { body: [1e13, -1e13, '1', true], query: ['1e13', 'abc'] },
  string: { body: ['a\u0000b', 'x\uD800y', 'x\uDC00'], query: ['a\u0000b'] },
  date: { body: ['0000-01-01', '2026-13-45', '3000-01-01'], query: ['0000-01-01', '2026-02-30'] },
};

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  // the provider's console too: its endpoints take input as well
  await h.addTenant('rules', [], { providerConsole: true });
  token = await h.login('rules', 'admin');
});
afterAll(() => h.close());

describe('values no column can hold', () => {
  it('are refused with code 1 naming the field, on every field of every endpoint', async () => {
    const failures: string[] = [];
    const sends: (() => Promise<void>)[] = [];
    for (const { endpoint: e } of allRoutes) {
      for (const part of ['query', 'body'] as const) {
        const schema = e[part] as Schema | undefined;
        for (const [field, prop] of Object.entries(schema?.properties ?? {})) {
          for (const [kind, typed] of kindsOf(prop)) {
            const wide = kind === 'integer' && typed.maximum !== undefined && typed.maximum > 2_147_483_647;
            const values = (BAD[kind]?.[part] ?? []).map((v) =>
              wide && (v === 3_000_000_000 || v === '3000000000')
                ? part === 'query'
                  ? String((typed.maximum as number) + 1)
                  : (typed.maximum as number) + 1
                : v,
            );
            for (const value of values)
              sends.push(async () => {
                const res = await h.call(e.method, e.path, {
                  token,
                  ...(part === 'query'
                    ? { query: { [field]: value as string } }
                    : { body: { [field]: value } }),
                });
                const fields = Array.isArray(res.body.result) ? (res.body.result as { field: string }[]) : [];
                // fastify checks the body before the query: an endpoint with both names the empty body
                const named =
                  fields.some((f) => f.field === field) || (part === 'query' && e.body !== undefined);
                if (res.status !== 422 || res.body.errorCode !== 1 || !named)
                  failures.push(
                    `${e.method} ${API_PREFIX}${e.path} ${part}.${field} = ${JSON.stringify(value)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
                  );
              });
          }
        }
      }
    }
    // refusals write nothing, so they go out a few at a time: thousands of them, one by one, outlast the timeout
    const queue = [...sends];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let send = queue.shift(); send; send = queue.shift()) await send();
      }),
    );
    const tried = sends.length;
    console.info(`${tried} bad values sent`);
    expect(tried).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 180_000);

  it('says what is wrong in Chinese', async () => {
    const big = await h.call('GET', 'authority/private/user/disable', { token, query: { id: '3000000000' } });
    expect(big.body.errorMsg).toBe('编号不能大于2147483647');
    for (const bad of ['x\uD800y', 'a\u0000b']) {
      const res = await h.call('POST', 'authority/public/user/login', {
        body: { memberCode: 'rules', userName: bad, password: 'x' },
      });
      expect(res.body.errorMsg).toMatch(/含有无法保存的字符$/);
    }
  });
});

describe('the same code saved by many at once', () => {
  it('is taken by one; every other gets the duplicate error naming it, not a generic error', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.call('POST', 'basicData/materials/private/unit/addUnit', {
          token,
          body: { code: 'race-1', name: `并发单位${i}` },
        }),
      ),
    );
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.errorCode !== 0)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ errorCode: 7, errorMsg: '单位编码“race-1”已存在' });
    }
  });
});

/** A raw request over a socket, as a browser, proxy or attacker sends it; the answer's status and body. */
async function rawRequest(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', (e) => (data ? undefined : reject(e)));
    socket.on('close', () => {
      const [top, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(top.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

describe('what the HTTP layer refuses', () => {
  let port: number;
  beforeAll(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as net.AddressInfo).port;
  });

  it('answers the envelope in Chinese, with the right status and no framework text', async () => {
    const cases: [string, string, number, string][] = [
      [
        'headers too large',
        `GET /api/web/v1/x HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        '请求头或地址过长',
      ],
      [
        'URL too long',
        `GET /api/web/v1/x?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
        431,
        '请求头或地址过长',
      ],
      ['broken request line', 'GARBAGE\r\n\r\n', 400, '请求格式不正确'],
      [
        'malformed URL',
        'GET /api/web/v1/%E0%A4%A HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
        404,
        '请求的地址不存在',
      ],
    ];
    for (const [name, head, status, message] of cases) {
      const res = await rawRequest(port, head);
      expect(res.status, name).toBe(status);
      expect(JSON.parse(res.body), name).toEqual({
        errorCode: expect.any(Number),
        result: null,
        errorMsg: message,
      });
      expect(res.body, name).not.toMatch(/Fastify|statusCode|Error:|at /);
    }
  });
});
