import { endpoint } from '@factory/shared/api/contract';
import { SelectQuery, SelectResult } from '@factory/shared/api/list';
import { decryptText } from '@factory/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../request.ts';
import { MaterialSelect, RemoteSelect } from './RemoteSelect.tsx';

// calls go through call() → request(method, path, { query, … })
vi.mock('../request.ts', () => ({ request: vi.fn() }));
const get = vi.mocked(request);
const queryOf = (call: number) => get.mock.calls[call][2]?.query;

const things = endpoint({
  method: 'GET',
  path: 'basicData/private/thing/getThingList',
  summary: '物品选择列表',
  access: { session: true },
  query: SelectQuery,
  result: SelectResult(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

/** 45 rows named 物料0 … 物料44, served 20 a page like a get<Entity>List endpoint. */
const rows = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `物料${i}` }));
beforeEach(() => {
  get.mockImplementation(async (_method, _path, options) => {
    const q = options?.query as { page: number; limit: number };
    return { records: rows.slice((q.page - 1) * q.limit, q.page * q.limit), total: rows.length } as never;
  });
});
afterEach(() => {
  cleanup();
  get.mockReset();
});

const mount = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

const filtersOf = async (call: number) => {
  const q = queryOf(call) as { searchVal?: string };
  return q.searchVal ? JSON.parse((await decryptText(q.searchVal)) ?? '') : undefined;
};

const openSelect = (container: HTMLElement) => {
  const selector = container.querySelector('.ant-select') as HTMLElement;
  fireEvent.mouseDown(selector);
};

describe('RemoteSelect', () => {
  it('loads nothing until opened, then pages of 20', async () => {
    const { container } = mount(<RemoteSelect endpoint={things} />);
    expect(get).not.toHaveBeenCalled();
    openSelect(container);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    expect(get.mock.calls[0][1]).toBe('basicData/private/thing/getThingList');
    expect(queryOf(0)).toMatchObject({ page: 1, limit: 20, searchVal: undefined });
  });

  it('searches by name with like, debounced', async () => {
    const { container } = mount(<RemoteSelect endpoint={things} />);
    openSelect(container);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    const input = container.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '钢' } });
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(await filtersOf(1)).toEqual([
      { fieldName: 'name', fieldType: 'string', fieldValue: '钢', operator: 'like' },
    ]);
    expect(queryOf(1)).toMatchObject({ page: 1, limit: 20 });
  });

  it('loads the next page at the bottom, at most every 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container } = mount(<RemoteSelect endpoint={things} />);
      openSelect(container);
      await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
      const holder = await waitFor(() => {
        const el = document.querySelector('.ant-select-dropdown-list-holder');
        if (!el) throw new Error('no list');
        return el as HTMLElement;
      });
      fireEvent.scroll(holder);
      fireEvent.scroll(holder);
      await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
      expect(queryOf(1)).toMatchObject({ page: 2 });
      // a second scroll inside 500 ms does not load page 3
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      fireEvent.scroll(holder);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(get).toHaveBeenCalledTimes(2);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500);
      });
      fireEvent.scroll(holder);
      await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
      expect(queryOf(2)).toMatchObject({ page: 3 });
      // 45 rows: nothing after page 3
      await act(async () => {
        await vi.advanceTimersByTimeAsync(600);
      });
      fireEvent.scroll(holder);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(get).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the material variant never offers virtual materials', async () => {
    const { container } = mount(<MaterialSelect />);
    openSelect(container);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    expect(get.mock.calls[0][1]).toBe('basicData/materials/private/materials/getMaterialsList');
    expect(await filtersOf(0)).toEqual([
      { fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 },
    ]);
  });
});
