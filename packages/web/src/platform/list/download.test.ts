import { clientMessages } from '@factory/shared/api/errors';
import { decryptText } from '@factory/shared/crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, installEffects } from '../request.ts';
import { useSession } from '../session.ts';
import { downloadFile, exportQuery, fileNameOf, postForm } from './download.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const effects = { error: vi.fn(), toLogin: vi.fn(), reload: vi.fn(), setTimeout: vi.fn() };

beforeEach(() => {
  for (const f of Object.values(effects)) f.mockReset();
  installEffects(effects);
  useSession.getState().signIn('tok-1', { userName: 'u' } as never, 'acme');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fileNameOf (Content-Disposition)', () => {
  it('prefers the UTF-8 filename* over the ASCII fallback', () => {
    const header = `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`;
    expect(fileNameOf(header, 'x.xlsx')).toBe('用户列表.xlsx');
  });

  it('accepts a language tag and any case', () => {
    expect(fileNameOf(`ATTACHMENT; FILENAME*=utf-8'zh-CN'%E6%A8%A1%E6%9D%BF.xlsx`, 'x')).toBe('模板.xlsx');
  });

  it('uses the plain filename, quoted or not, when there is no filename*', () => {
    expect(fileNameOf('attachment; filename="report \\"Q1\\".xlsx"', 'x')).toBe('report "Q1".xlsx');
    expect(fileNameOf('attachment; filename=report.xlsx', 'x')).toBe('report.xlsx');
  });

  it('falls back to filename when filename* is malformed or in another charset', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E4%ZZ`, 'x')).toBe('a.xlsx');
    expect(fileNameOf(`attachment; filename*=ISO-8859-1''b.xlsx; filename="a.xlsx"`, 'x')).toBe('a.xlsx');
  });

  it('keeps only the base name and drops control characters', () => {
    expect(fileNameOf('attachment; filename="../../etc/pa\u0001ss.xlsx"', 'x')).toBe('pass.xlsx');
    expect(fileNameOf(`attachment; filename*=UTF-8''..%5C..%5Cevil.xlsx`, 'x')).toBe('evil.xlsx');
  });

  it('gives the fallback without a usable name', () => {
    expect(fileNameOf(null, '用户列表.xlsx')).toBe('用户列表.xlsx');
    expect(fileNameOf('attachment', 'f.xlsx')).toBe('f.xlsx');
    expect(fileNameOf('attachment; filename=""', 'f.xlsx')).toBe('f.xlsx');
  });
});

describe('downloadFile', () => {
  const saved = () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    return { click, names };
  };

  it('saves the blob under the server-given name, sending the token and the query', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Blob(['xlsx']), {
          headers: {
            'content-type': XLSX,
            'content-disposition': `attachment; filename="_.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { names } = saved();
    expect(await downloadFile('a/export', { query: { columns: 'a,b', order: undefined } }, 'f.xlsx')).toBe(
      '用户.xlsx',
    );
    expect(names).toEqual(['用户.xlsx']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/web/v1/a/export?columns=a%2Cb');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).token).toBe('tok-1');
  });

  it('posts a JSON body', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['x']), { headers: { 'content-type': XLSX } }));
    vi.stubGlobal('fetch', fetchMock);
    const { names } = saved();
    await downloadFile('a/errors', { method: 'POST', body: [{ row: 2 }] }, '错误清单.xlsx');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('[{"row":2}]');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(names).toEqual(['错误清单.xlsx']);
  });

  it('a JSON answer is an error envelope: shown by the client, rejected, nothing saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ errorCode: 3, result: null, errorMsg: '没有权限执行此操作' }), {
            status: 403,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          }),
      ),
    );
    const { click } = saved();
    await expect(downloadFile('a/export', {}, 'f.xlsx')).rejects.toMatchObject({ code: 3 });
    expect(effects.error).toHaveBeenCalledWith('没有权限执行此操作');
    expect(click).not.toHaveBeenCalled();
  });

  it('a network failure shows the client message once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await downloadFile('a/export', {}, 'f.xlsx').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: -1, message: clientMessages.network });
    expect(effects.error).toHaveBeenCalledTimes(1);
    expect(effects.error).toHaveBeenCalledWith(clientMessages.network);
  });

  it('a non-JSON HTTP error (a proxy page) counts as a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(downloadFile('a/export', {}, 'f.xlsx')).rejects.toMatchObject({ code: -1 });
    expect(effects.error).toHaveBeenCalledWith(clientMessages.network);
  });

  it('an abort rejects without a message', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(downloadFile('a/export', { signal: controller.signal }, 'f.xlsx')).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(effects.error).not.toHaveBeenCalled();
  });
});

describe('postForm', () => {
  it('sends the form as multipart with the token and returns the result', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ errorCode: 0, result: { total: 1 }, errorMsg: '' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new File(['x'], 'a.xlsx'));
    expect(await postForm('a/import', form, { query: { mode: 'check', startRow: 1 } })).toEqual({ total: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/web/v1/a/import?mode=check&startRow=1');
    expect(init.body).toBe(form);
    // the browser sets multipart's content type with its boundary
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect((init.headers as Record<string, string>).token).toBe('tok-1');
  });

  it('a refusal goes through the client: shown, rejected with its result', async () => {
    const checked = { total: 1, valid: 0, errors: [{ row: 2, column: '姓名', reason: '必填' }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ errorCode: 1, result: checked, errorMsg: '校验未通过' })),
      ),
    );
    const err = await postForm('a/import', new FormData()).catch((e) => e);
    expect(err).toMatchObject({ code: 1, result: checked });
    expect(effects.error).toHaveBeenCalledWith('校验未通过');
  });
});

describe('exportQuery', () => {
  it('encrypts the filters as the list does and joins the visible columns', async () => {
    const filters = [{ fieldName: 'name', fieldType: 'string', fieldValue: '王', operator: 'like' as const }];
    const q = await exportQuery({ filters, order: '-id', columns: ['userName', 'name'] });
    expect(q.order).toBe('-id');
    expect(q.columns).toBe('userName,name');
    expect(JSON.parse((await decryptText(q.searchVal as string)) ?? '')).toEqual(filters);
  });

  it('leaves out what is empty', async () => {
    expect(await exportQuery({ filters: [], columns: [] })).toEqual({
      searchVal: undefined,
      order: undefined,
      columns: undefined,
    });
  });
});
