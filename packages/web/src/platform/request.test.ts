import { clientMessages, PROCEDURE_IN_USE_MESSAGE } from '@factory/shared/api/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  abortPending,
  installEffects,
  RELOAD_AFTER_MS,
  request,
  TOKEN_EXPIRED_REDIRECT_MS,
} from './request.ts';
import { useSession } from './session.ts';

const effects = { error: vi.fn(), toLogin: vi.fn(), reload: vi.fn(), setTimeout: vi.fn() };
const reply = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));

beforeEach(() => {
  for (const f of Object.values(effects)) f.mockReset();
  installEffects(effects);
  useSession.getState().signIn('tok-1', { userName: 'u' } as never, 'acme');
});
afterEach(() => vi.unstubAllGlobals());

describe('request client and the error catalogue (spec 000 §8)', () => {
  it('code 0: returns the result and sends the token header', async () => {
    const fetchMock = reply({ errorCode: 0, result: { a: 1 }, errorMsg: '' });
    vi.stubGlobal('fetch', fetchMock);
    expect(await request('GET', 'x/y', { query: { id: 3, skip: undefined } })).toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/web/v1/x/y?id=3');
    expect((init.headers as Record<string, string>).token).toBe('tok-1');
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('code 2: token message, session cleared, login after 1.5 s', async () => {
    vi.stubGlobal('fetch', reply({ errorCode: 2, result: null, errorMsg: 'x' }));
    await expect(request('GET', 'x')).rejects.toMatchObject({ code: 2 });
    expect(effects.error).toHaveBeenCalledWith('Token认证失败，请重新登录');
    expect(effects.setTimeout).toHaveBeenCalledWith(expect.any(Function), TOKEN_EXPIRED_REDIRECT_MS);
    expect(effects.toLogin).not.toHaveBeenCalled();
    (effects.setTimeout.mock.calls[0][0] as () => void)();
    expect(useSession.getState().token).toBeUndefined();
    expect(useSession.getState().memberCode).toBe('acme');
    expect(effects.toLogin).toHaveBeenCalled();
  });

  it('code 6: shows the result joined with commas, fails, reloads after 2 s', async () => {
    vi.stubGlobal('fetch', reply({ errorCode: 6, result: ['数据已变化', '请刷新'], errorMsg: 'm' }));
    await expect(request('GET', 'x')).rejects.toBeInstanceOf(ApiError);
    expect(effects.error).toHaveBeenCalledWith('数据已变化,请刷新');
    expect(effects.setTimeout).toHaveBeenCalledWith(expect.any(Function), RELOAD_AFTER_MS);
    (effects.setTimeout.mock.calls[0][0] as () => void)();
    expect(effects.reload).toHaveBeenCalled();
  });

  it('quiet: a refusal or a network failure is not toasted, the caller gets it to show itself', async () => {
    vi.stubGlobal(
      'fetch',
      reply({ errorCode: 1, result: null, errorMsg: '企业编码、用户名或密码错误，还可尝试4次' }),
    );
    const refused = await request('POST', 'x', { quiet: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      message: '企业编码、用户名或密码错误，还可尝试4次',
      code: 1,
      silent: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const offline = await request('POST', 'x', { quiet: true }).catch((e: unknown) => e);
    expect(offline).toMatchObject({ message: clientMessages.network, code: -1, silent: true });
    expect(effects.error).not.toHaveBeenCalled();
    // an expired session still says so and leaves, quiet or not
    vi.stubGlobal('fetch', reply({ errorCode: 2, result: null, errorMsg: 'x' }));
    await expect(request('GET', 'x', { quiet: true })).rejects.toMatchObject({ code: 2 });
    expect(effects.error).toHaveBeenCalledWith('Token认证失败，请重新登录');
  });

  it('code 6 without a result shows errorMsg', async () => {
    vi.stubGlobal('fetch', reply({ errorCode: 6, result: null, errorMsg: '请刷新页面' }));
    await expect(request('GET', 'x')).rejects.toThrow('请刷新页面');
    expect(effects.error).toHaveBeenCalledWith('请刷新页面');
  });

  it('code 5 with the process-route message: whole envelope to the caller, no toast', async () => {
    const env = { errorCode: 5, result: PROCEDURE_IN_USE_MESSAGE, errorMsg: PROCEDURE_IN_USE_MESSAGE };
    vi.stubGlobal('fetch', reply(env));
    const err = (await request('DELETE', 'p').catch((e) => e)) as ApiError;
    expect(err.silent).toBe(true);
    expect(err.envelope).toEqual(env);
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('any other code: shows result or errorMsg, fails, exposes field errors', async () => {
    vi.stubGlobal('fetch', reply({ errorCode: 7, result: '编码已存在', errorMsg: 'x' }));
    await expect(request('POST', 'a', { body: {} })).rejects.toThrow('编码已存在');
    expect(effects.error).toHaveBeenLastCalledWith('编码已存在');
    const fields = [{ field: 'name', message: '请输入名称' }];
    vi.stubGlobal('fetch', reply({ errorCode: 1, result: fields, errorMsg: '请输入名称' }));
    const err = (await request('POST', 'a', { body: {} }).catch((e) => e)) as ApiError;
    expect(effects.error).toHaveBeenLastCalledWith('请输入名称');
    expect(err.fields).toEqual(fields);
  });

  it('network failure: the network message; a cancelled request shows nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('GET', 'x')).rejects.toThrow(clientMessages.network);
    expect(effects.error).toHaveBeenCalledWith('网络请求异常，请稍后重试');
    effects.error.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = request('GET', 'slow');
    abortPending();
    await expect(pending).rejects.toThrow('aborted');
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('a request cancelled while its answer is still arriving shows nothing either', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        // the headers are in; the body breaks off when the page changes
        const body = new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"errorCode":0,"result":['));
            init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      }),
    );
    // the page's query is cancelled as it unmounts
    const leaving = new AbortController();
    const pending = request('GET', 'big', { signal: leaving.signal });
    await new Promise((r) => setTimeout(r, 10));
    leaving.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('requests marked keep survive navigation', async () => {
    let resolve: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    const kept = request('POST', 'authority/private/user/getLoginInfo', { keep: true });
    abortPending();
    resolve(new Response(JSON.stringify({ errorCode: 0, result: 'ok', errorMsg: '' })));
    expect(await kept).toBe('ok');
  });
});
