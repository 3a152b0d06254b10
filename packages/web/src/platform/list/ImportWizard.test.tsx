import { IMPORT_MAX_BYTES, importMessages } from '@factory/shared/api/import';
import { decryptText } from '@factory/shared/crypto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installEffects } from '../request.ts';
import { useSession } from '../session.ts';
import { fileProblem, type ImportField, ImportWizard } from './ImportWizard.tsx';

describe('fileProblem (spec 000 §5)', () => {
  it('takes one xls or xlsx file under 5 MB', () => {
    expect(fileProblem({ name: 'users.xlsx', size: 1000 })).toBeUndefined();
    expect(fileProblem({ name: 'OLD.XLS', size: IMPORT_MAX_BYTES - 1 })).toBeUndefined();
  });

  it('refuses a second file, another extension, 5 MB or more', () => {
    expect(fileProblem({ name: 'a.xlsx', size: 1 }, 2)).toBe('只能上传一个文件');
    expect(fileProblem({ name: 'a.csv', size: 1 })).toBe('格式错误，请上传xls或者xlsx格式');
    expect(fileProblem({ name: 'xlsx', size: 1 })).toBe(importMessages.format);
    expect(fileProblem({ name: 'a.xlsx.exe', size: 1 })).toBe(importMessages.format);
    expect(fileProblem({ name: 'a.xlsx', size: IMPORT_MAX_BYTES })).toBe('导入文件不能超过5MB');
  });
});

const PASSWORD: ImportField = {
  name: 'password',
  label: '初始密码',
  type: 'password',
  rules: [{ required: true, message: '请输入初始密码' }],
};

const envelope = (result: unknown, errorCode = 0, errorMsg = '') =>
  new Response(JSON.stringify({ errorCode, result, errorMsg }), {
    headers: { 'content-type': 'application/json' },
  });

const bad = {
  total: 3,
  valid: 1,
  errors: [
    { row: 2, column: '姓名', value: '', reason: '请输入姓名' },
    { row: 3, column: '手机号', value: '123', reason: '请输入11位手机号' },
  ],
};
const clean = { total: 20, valid: 20, errors: [] };

const fetchMock = vi.fn<typeof fetch>();
const effects = { error: vi.fn(), toLogin: vi.fn(), reload: vi.fn(), setTimeout: vi.fn() };
const onDone = vi.fn();
const onClose = vi.fn();

beforeEach(() => {
  installEffects(effects);
  useSession.getState().signIn('tok-1', { userName: 'u' } as never, 'acme');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const f of [fetchMock, onDone, onClose, ...Object.values(effects)]) f.mockReset();
});

const mount = () =>
  render(
    <App>
      <ImportWizard
        open
        onClose={onClose}
        onDone={onDone}
        entityLabel="用户"
        importPath="x/importUser"
        templatePath="x/importTemplate"
        errorsPath="x/importErrors"
        writeFields={[PASSWORD]}
      />
    </App>,
  );

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const choose = async (...files: File[]) => {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files } });
  });
};
const xlsx = (name = 'users.xlsx') => new File(['PK'], name);

/** The multipart form and query of the nth fetch. */
const sent = (n: number) => {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, form: init.body as FormData };
};

// antd renders slowly in happy-dom, more so on a loaded machine
describe('ImportWizard', { timeout: 30_000 }, () => {
  it('shows the dialog title and three steps; 下一步 waits for a file', async () => {
    mount();
    expect(screen.getByText('批量导入用户')).toBeTruthy();
    for (const t of ['上传文件', '校验数据', '写入数据']) expect(screen.getByText(t)).toBeTruthy();
    expect(button('下一步').disabled).toBe(true);
    await choose(xlsx());
    expect(screen.getByText('users.xlsx')).toBeTruthy();
    expect(button('下一步').disabled).toBe(false);
  });

  it('refuses a wrong file or two at once, with the spec messages', async () => {
    const { message } = await import('antd');
    mount();
    await choose(new File(['x'], 'a.csv'));
    await screen.findByText('格式错误，请上传xls或者xlsx格式');
    await choose(xlsx('a.xlsx'), xlsx('b.xlsx'));
    await screen.findByText('只能上传一个文件');
    expect(button('下一步').disabled).toBe(true);
    message.destroy();
  });

  it('checks: errors show in a table and keep 下一步 disabled; 上一步 returns to step 0', async () => {
    fetchMock.mockResolvedValueOnce(envelope(bad));
    mount();
    await choose(xlsx());
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByLabelText('起始行'), { target: { value: '2' } });
    fireEvent.click(button('下一步'));
    await screen.findByText('共 3 行，通过 1 行，错误 2 处');
    expect(screen.getByText('请输入11位手机号')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '原因' })).toBeTruthy();
    expect(button('下一步').disabled).toBe(true);
    expect(button(/下载错误清单/)).toBeTruthy();

    const { url, form } = sent(0);
    expect(url).toBe('/api/web/v1/x/importUser?mode=check&startRow=2');
    expect((form.get('file') as File).name).toBe('users.xlsx');
    // the password is only for the write
    expect(form.get('password')).toBeNull();

    fireEvent.click(button('上一步'));
    expect(screen.getByText('点击或将文件拖拽到此区域')).toBeTruthy();
    expect(screen.getByText('users.xlsx')).toBeTruthy();
    expect((screen.getByLabelText('起始行') as HTMLInputElement).value).toBe('2');
  });

  it('a clean check allows the write, which sends the encrypted password; 确定 finishes', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(clean))
      .mockResolvedValueOnce(envelope({ total: 20, written: 20 }));
    mount();
    await choose(xlsx());
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Secret123' } });
    fireEvent.click(button('下一步'));
    await screen.findByText('共 20 行，通过 20 行，错误 0 处');
    expect(button('下一步').disabled).toBe(false);
    fireEvent.click(button('下一步'));
    await screen.findByText('即将导入 20 条用户数据');
    fireEvent.click(button('开始导入'));
    await screen.findByText('成功导入 20 条');

    const { url, form } = sent(1);
    expect(url).toBe('/api/web/v1/x/importUser?mode=write&startRow=1');
    expect(await decryptText(form.get('password') as string)).toBe('Secret123');
    expect((form.get('file') as File).name).toBe('users.xlsx');

    fireEvent.click(button(/确\s*定/));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('needs the write fields before checking', async () => {
    mount();
    await choose(xlsx());
    fireEvent.click(button('下一步'));
    await screen.findByText('请输入初始密码');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused check (e.g. empty sheet) returns to step 0 with the file kept', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, 1, importMessages.empty));
    mount();
    await choose(xlsx());
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Secret123' } });
    fireEvent.click(button('下一步'));
    await waitFor(() => expect(effects.error).toHaveBeenCalledWith('导入数据为空，请完善后重新导入'));
    await screen.findByText('点击或将文件拖拽到此区域');
    expect(screen.getByText('users.xlsx')).toBeTruthy();
  });

  it('back from step 2 returns to step 0', async () => {
    fetchMock.mockResolvedValueOnce(envelope(clean));
    mount();
    await choose(xlsx());
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Secret123' } });
    fireEvent.click(button('下一步'));
    await screen.findByText('共 20 行，通过 20 行，错误 0 处');
    fireEvent.click(button('下一步'));
    await screen.findByText('即将导入 20 条用户数据');
    fireEvent.click(button('上一步'));
    await screen.findByText('点击或将文件拖拽到此区域');
    expect(button('下一步').disabled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a write refused with new errors shows them at step 1', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(clean))
      .mockResolvedValueOnce(envelope(bad, 1, importMessages.hasErrors(2)));
    mount();
    await choose(xlsx());
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Secret123' } });
    fireEvent.click(button('下一步'));
    await screen.findByText('共 20 行，通过 20 行，错误 0 处');
    fireEvent.click(button('下一步'));
    fireEvent.click(button('开始导入'));
    await screen.findByText('共 3 行，通过 1 行，错误 2 处');
    expect(effects.error).toHaveBeenCalledWith(importMessages.hasErrors(2));
    expect(button('下一步').disabled).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a document import says how rows become documents, then names the documents written', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ total: 3, valid: 3, errors: [] })).mockResolvedValueOnce(
      envelope({
        total: 3,
        written: 3,
        documents: [
          { id: 7, code: 'CRK20261126001', lines: 2 },
          { id: 8, code: 'CRK20261126002', lines: 1 },
        ],
      }),
    );
    render(
      <App>
        <ImportWizard
          open
          onClose={onClose}
          onDone={onDone}
          entityLabel="入库明细"
          importPath="x/importStockIn"
          templatePath="x/importStockInTemplate"
          errorsPath="x/importStockInErrors"
          documents={{ label: '入库单', rule: '同一入库类型与仓库的行生成一张入库单' }}
        />
      </App>,
    );
    await choose(xlsx('stock.xlsx'));
    fireEvent.click(button('下一步'));
    await screen.findByText('共 3 行，通过 3 行，错误 0 处');
    fireEvent.click(button('下一步'));
    await screen.findByText(/^同一入库类型与仓库的行生成一张入库单；全部写入成功或全部不写入/);
    fireEvent.click(button('开始导入'));
    await screen.findByText('成功导入 3 条');
    expect(screen.getByText('生成入库单 2 张：CRK20261126001（2行）、CRK20261126002（1行）')).toBeTruthy();
  });
});
