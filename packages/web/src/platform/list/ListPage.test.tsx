import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { endpoint } from '@factory/shared/api/contract';
import { ListPageQuery, PageResult } from '@factory/shared/api/list';
import { decryptText } from '@factory/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { type Static, Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../request.ts';
import { type SessionUser, useSession } from '../session.ts';
import { ListPage } from './ListPage.tsx';
import { thing } from './testEntity.ts';

// every call goes through its declared endpoint (call → request(method, path, { query, … }))
vi.mock('../request.ts', () => ({ request: vi.fn() }));
const get = vi.mocked(request);

const Thing = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  status: Type.Integer(),
  qty: Type.Union([Type.Number(), Type.Null()]),
});
type Thing = Static<typeof Thing>;
const thingPage = endpoint({
  method: 'GET',
  path: 'x/getThingListPage',
  summary: '物品分页列表',
  access: { session: true },
  query: ListPageQuery,
  result: PageResult(Thing),
});

const data: Thing[] = [
  { id: 1, code: 'A-1', name: '螺栓', status: 1, qty: 1.23456 },
  { id: 2, code: 'B-2', name: '垫片', status: 0, qty: null },
];

function answer(content: Thing[]) {
  get.mockImplementation(async (_method, path) => {
    // the tenant's page sizes
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path !== thingPage.path) throw new Error(`unexpected call ${path}`);
    return { content, total: content.length } as never;
  });
}

const signIn = (permissions: string[], userName = 'someone') =>
  useSession.setState({ user: { id: 9, userName, permissions, fields: '' } as unknown as SessionUser });

const mount = (props: Partial<Parameters<typeof ListPage<typeof Thing>>[0]> = {}) =>
  render(
    <MemoryRouter initialEntries={['/things']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <ListPage
            entity={thing}
            routeName="thingList"
            endpoint={thingPage}
            toolbar={[{ key: 'add', label: '新增物品', action: 'Add', primary: true, onClick: () => {} }]}
            rowActions={[
              { key: 'modify', label: '修改', action: 'Modify', onClick: () => {} },
              { key: 'del', label: '删除', action: 'Del', confirm: '您确定要删除吗?', onClick: () => {} },
              { key: 'enable', label: '启用', visible: (t) => t.status === 0, onClick: () => {} },
            ]}
            {...props}
          />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

/** The list calls' queries. */
const listCalls = () =>
  get.mock.calls.filter(([, path]) => path === 'x/getThingListPage').map(([, , options]) => options?.query);

beforeEach(() => answer(data));
afterEach(() => {
  cleanup();
  get.mockReset();
  useSession.setState({ user: undefined });
});

describe('ListPage', () => {
  it('shows the declared list columns, truncated numbers and enum badges', async () => {
    signIn(['thinglist']);
    mount();
    await screen.findByText('螺栓');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('编码');
    expect(headers).toContain('数量');
    expect(headers).not.toContain('编号'); // list: false
    expect(headers).not.toContain('备注');
    expect(screen.getByText('1.234')).toBeTruthy();
    const second = screen.getByText('垫片').closest('tr') as HTMLElement;
    expect(within(second).getAllByText('0').length).toBeGreaterThan(0); // empty number → 0
    expect(screen.getByText('停用')).toBeTruthy();
    expect(listCalls()[0]).toMatchObject({ currentPage: 1, pageSize: 20, order: undefined });
  });

  it('sends the enum default of the search form as the first filter', async () => {
    signIn(['thinglist']);
    mount();
    await screen.findByText('螺栓');
    const q = listCalls()[0] as { searchVal: string };
    expect(JSON.parse((await decryptText(q.searchVal)) ?? '')).toEqual([
      { fieldName: 'status', fieldType: 'enum', fieldValue: 1, operator: 'eq' },
    ]);
  });

  it("starts with the page's own filter, says so, and 查看全部 clears only that", async () => {
    signIn(['thinglist']);
    mount({ defaultFilter: { values: { kinds: ['a'] }, note: '默认只显示甲类物品' } });
    await screen.findByText('螺栓');
    const filtersOf = async (i: number) =>
      JSON.parse((await decryptText((listCalls()[i] as { searchVal: string }).searchVal)) ?? '');
    expect(await filtersOf(0)).toEqual([
      { fieldName: 'status', fieldType: 'enum', fieldValue: 1, operator: 'eq' },
      { fieldName: 'kinds', fieldType: 'enum', fieldValue: ['a'], operator: 'in' },
    ]);
    expect(screen.getByText('默认只显示甲类物品')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /查看全部/ }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(await filtersOf(1)).toEqual([
      { fieldName: 'status', fieldType: 'enum', fieldValue: 1, operator: 'eq' },
    ]);
    expect(screen.queryByText('默认只显示甲类物品')).toBeNull();
  });

  it('shows only the actions the user holds, and row actions only where visible', async () => {
    signIn(['thinglist', 'thinglistmodify']);
    mount();
    const row = (await screen.findByText('垫片')).closest('tr') as HTMLElement;
    expect(within(row).getByText('修改')).toBeTruthy();
    expect(within(row).queryByText('删除')).toBeNull();
    expect(within(row).getByRole('button', { name: '启用' })).toBeTruthy();
    const first = screen.getByText('螺栓').closest('tr') as HTMLElement;
    expect(within(first).queryByRole('button', { name: '启用' })).toBeNull();
    expect(screen.queryByText('新增物品')).toBeNull();
  });

  it('gives the admin every action', async () => {
    signIn([], 'admin');
    mount();
    await screen.findByText('螺栓');
    expect(screen.getByText('新增物品')).toBeTruthy();
    expect(screen.getAllByText('删除')).toHaveLength(2);
  });

  it("sorts on the server: a click on a sortable header asks for '+prop'", async () => {
    signIn(['thinglist']);
    mount();
    await screen.findByText('螺栓');
    fireEvent.click(screen.getByRole('columnheader', { name: '编码' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ order: '+code', currentPage: 1 }));
  });

  it("says '暂无数据' when the list is empty", async () => {
    answer([]);
    signIn(['thinglist']);
    mount();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('offers export and import only when handlers are given', async () => {
    signIn([], 'admin');
    const { unmount } = mount();
    await screen.findByText('螺栓');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    unmount();
    mount({ onExport: () => {}, onImport: () => {} });
    await screen.findByText('螺栓');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy();
  });
});
