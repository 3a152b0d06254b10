import { type ScanCodeResult, warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { DetailOf } from '@factory/shared/entities/schema';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { warehouseAreaEntity } from '@factory/shared/entities/warehouse';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from './../../platform/testing.tsx';
import StockDocAdd from './StockDocAdd.tsx';
import { addScanned } from './StockDocScan.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const PATH = '/warehouse/inventory-info/warehouse-operate';
const DOCS = entityEndpoints(stockDocEntity);
const AREAS = entityEndpoints(warehouseAreaEntity).list;

const steel = {
  materialsId: 5,
  materialsCode: 'YCL-005',
  materialsName: '硅钢片',
  materialsSpecifications: '0.35mm',
  unitName: 'kg',
};
const pallet: ScanCodeResult = {
  kind: 'package',
  code: 'BZM26112600001',
  ...steel,
  batchCode: 'B1',
  quantity: 10,
};
const lot: ScanCodeResult = { kind: 'batch', code: 'B2', ...steel, batchCode: 'B2', quantity: null };
const codes: Record<string, ScanCodeResult> = { [pallet.code]: pallet, [lot.code]: lot };

beforeEach(() => {
  useSession.setState({
    user: {
      id: 9,
      userName: 'cangguan01',
      permissions: ['warehouserecord', 'warehouserecordadd', 'warehouserecordmodify'],
      fields: '',
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

function show(url: string) {
  mountPage(
    <Routes>
      <Route path={PATH} element={<StockDocAdd />} />
    </Routes>,
    url,
  );
}

const scanned: Record<string, unknown>[] = [];
function serve(extra: (path: string) => unknown = () => undefined) {
  scanned.length = 0;
  send.mockImplementation(async (_m, path, opts) => {
    if (path === warehouseApi.scanCode.path) {
      const query = opts?.query ?? {};
      scanned.push(query);
      return codes[String(query.code)] as never;
    }
    const answer = extra(path);
    if (answer !== undefined) return answer as never;
    throw new Error(`unexpected call ${path}`);
  });
}
const scan = (code: string) => {
  const box = screen.getByPlaceholderText('扫描或输入批次号/包装码，回车录入') as HTMLInputElement;
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  // the box takes one Enter per key press (antd waits for the key to come up)
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  return box;
};
const quantityAt = (row: number) => screen.getByLabelText(`第${row}行数量`) as HTMLInputElement;

describe('scanning into a stock document', () => {
  it('puts a package on the empty line, adds a second scan of it to that line, and a batch below', async () => {
    serve();
    show(PATH);
    await screen.findByText('新增出入库单');
    const box = scan(` ${pallet.code} `);
    // the box clears for the next scan
    expect(box.value).toBe('');
    await waitFor(() => expect(quantityAt(1).value).toBe('10'));
    expect(scanned).toEqual([{ code: pallet.code }]);
    expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(1);
    expect(screen.getByText('YCL-005 硅钢片')).toBeTruthy();
    expect((screen.getByLabelText('第1行批次号') as HTMLInputElement).value).toBe('B1');

    scan(pallet.code);
    await waitFor(() => expect(scanned).toHaveLength(2));
    await waitFor(() => expect(quantityAt(1).value).toBe('20'));
    expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(1);

    // a batch says no quantity: a line of its own, its quantity box ready for typing
    scan(lot.code);
    await waitFor(() => expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(2));
    expect((screen.getByLabelText('第2行批次号') as HTMLInputElement).value).toBe('B2');
    expect(quantityAt(2).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(quantityAt(2)));
  });

  it("asks a stock-out's warehouse for what is available of a batch", async () => {
    const draft = {
      id: 9,
      version: 3,
      sourceKind: null,
      code: 'CRK20261126001',
      kind: 1,
      stockTypeId: 4,
      stockTypeName: '生产领料',
      warehouseId: 2,
      warehouseName: '原材料仓',
      status: 0,
      lines: [],
    } as unknown as DetailOf<typeof stockDocEntity>;
    serve((path) => {
      if (path === DOCS.detail.path) return draft;
      if (path === AREAS.path) return { records: [{ id: 3 }], total: 1 };
      if (path === warehouseApi.balances.path) return [];
      return undefined;
    });
    show(`${PATH}?id=9`);
    await screen.findByText('CRK20261126001');
    scan(lot.code);
    await waitFor(() => expect(scanned).toEqual([{ code: lot.code, warehouseId: 2 }]));
  });
});

describe('addScanned', () => {
  it('adds packages exactly, keeps a batch line as it is, and tells lines of other batches apart', () => {
    const box = { ...pallet, quantity: 0.1 };
    const one = addScanned([], box);
    expect(one).toMatchObject({
      index: 0,
      merged: false,
      lines: [{ materialsId: 5, batchCode: 'B1', quantity: 0.1 }],
    });
    const two = addScanned(one.lines, { ...box, quantity: 0.2 });
    expect(two).toMatchObject({ index: 0, merged: true, lines: [{ quantity: 0.3 }] });
    const typed = [{ ...two.lines[0] }, { materialsId: 5, batchCode: 'B2', quantity: 7 }];
    expect(addScanned(typed, lot)).toMatchObject({ index: 1, merged: true, lines: typed });
    expect(addScanned(typed, { ...pallet, batchCode: null }).index).toBe(2);
  });
});
