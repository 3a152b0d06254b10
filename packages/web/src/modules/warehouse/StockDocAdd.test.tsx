import { ErrorCode } from '@factory/shared/api/errors';
import { warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { DetailOf } from '@factory/shared/entities/schema';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { warehouseAreaEntity } from '@factory/shared/entities/warehouse';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from './../../platform/testing.tsx';
import StockDocAdd, { stockDocBody } from './StockDocAdd.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const DOCS = entityEndpoints(stockDocEntity);
const AREAS = entityEndpoints(warehouseAreaEntity).list;
const PATH = '/warehouse/inventory-info/warehouse-operate';

const draft: DetailOf<typeof stockDocEntity> = {
  id: 9,
  version: 3,
  sourceKind: null,
  code: 'CRK20261126001',
  kind: 1,
  stockTypeId: 4,
  stockTypeName: '生产领料',
  warehouseId: 2,
  warehouseName: '原材料仓',
  targetWarehouseId: null,
  targetWarehouseName: null,
  status: 0,
  supplierId: null,
  supplierName: null,
  sourceNumber: 'LL-001',
  lineCount: 1,
  totalQuantity: 20,
  postedAt: null,
  postedByName: null,
  createdByName: '陈静',
  remark: null,
  createdAt: '2026-11-26 09:00:00',
  lines: [
    {
      id: 70,
      materialsId: 5,
      materialsName: '硅钢片',
      materialsCode: 'YCL-005',
      materialsSpecifications: '0.35mm',
      unitName: 'kg',
      batchCode: null,
      locationId: 31,
      locationName: 'B-02-01',
      targetLocationId: null,
      targetLocationName: null,
      quantity: 20,
      remark: null,
    },
  ],
};

beforeEach(() => {
  useSession.setState({
    user: {
      id: 9,
      userName: 'cangguan01',
      permissions: [
        'warehouserecord',
        'warehouserecordadd',
        'warehouserecordmodify',
        'warehouserecordsubmit',
      ],
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
      <Route path="/warehouse/inventory-info/warehouse-operate-detail/:id" element={<p>详情页</p>} />
    </Routes>,
    url,
  );
}

const button = (name: RegExp) => screen.getByRole('button', { name });

describe('the stock document form', () => {
  it('says what is missing in the head and the lines, by row and column, and sends nothing', async () => {
    send.mockImplementation(async (_m, path) => {
      throw new Error(`unexpected call ${path}`);
    });
    show(PATH);
    await screen.findByText('新增出入库单');
    // a new document starts with one empty line
    expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(1);
    fireEvent.click(button(/保存草稿/));
    await screen.findByText('请选择出入库类型');
    expect(screen.getByText('请选择仓库')).toBeTruthy();
    await screen.findByText('第1行“物料”不能为空');
    expect(screen.getByText('第1行“数量”不能为空')).toBeTruthy();
    await screen.findByText('物料明细中有需要修改的内容，请按提示修改');
    expect(send).not.toHaveBeenCalled();
  });

  it('asks a transfer for the target warehouse and target locations, not a stock type or supplier', async () => {
    show(PATH);
    await screen.findByText('新增出入库单');
    expect(screen.getByText('供应商')).toBeTruthy();
    expect(screen.queryByText('调入库位')).toBeNull();
    fireEvent.click(screen.getByText('调拨'));
    await screen.findByText('调入仓库');
    expect(screen.queryByText('出入库类型')).toBeNull();
    expect(screen.queryByText('供应商')).toBeNull();
    const head = document.querySelector('#stockDocLines thead') as HTMLElement;
    expect(within(head).getByText('调出库位')).toBeTruthy();
    expect(within(head).getByText('调入库位')).toBeTruthy();
    // locations wait for their warehouses
    expect(screen.getByText('请先选择仓库')).toBeTruthy();
    expect(screen.getByText('请先选择调入仓库')).toBeTruthy();
  });

  it("edits a draft with its version, and puts the server's refusal of a line on its cell", async () => {
    const bodies: unknown[] = [];
    send.mockImplementation(async (_m, path, opts) => {
      if (path === DOCS.detail.path) return draft as never;
      if (path === AREAS.path) return { records: [{ id: 3 }], total: 1 } as never;
      if (path === warehouseApi.balances.path) return [] as never;
      if (path === DOCS.update?.path) {
        bodies.push(opts?.body);
        throw new ApiError('第1行库位不在所选仓库中', ErrorCode.validation, [
          { field: 'lines.0.locationId', message: '第1行库位不在所选仓库中' },
        ]);
      }
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=9`);
    await screen.findByText('CRK20261126001');
    expect(screen.getByText('硅钢片', { exact: false })).toBeTruthy();
    fireEvent.click(button(/保存草稿/));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      id: 9,
      version: 3,
      code: 'CRK20261126001',
      kind: 1,
      stockTypeId: 4,
      warehouseId: 2,
      targetWarehouseId: null,
      supplierId: null,
      sourceNumber: 'LL-001',
      remark: null,
      lines: [{ materialsId: 5, locationId: 31, quantity: 20 }],
    });
    // listed above the table by row, and on the cell by what is wrong
    await screen.findByText('第1行库位不在所选仓库中');
    const cell = document.querySelector('#stockDocLines [data-cell="0:2"]') as HTMLElement;
    expect(within(cell).getByText('库位不在所选仓库中')).toBeTruthy();
    expect(screen.queryByText('详情页')).toBeNull();
  });

  it('refuses to edit a document that is no longer a draft', async () => {
    send.mockImplementation(async (_m, path) => {
      if (path === DOCS.detail.path) return { ...draft, status: 2 } as never;
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=9`);
    await screen.findByText('单据“CRK20261126001”不是草稿，不能编辑');
  });
});

describe('stockDocBody', () => {
  it("sends empty what the kind does not use, and drops a line's target location outside a transfer", () => {
    const lines = [{ materialsId: 5, quantity: 2, targetLocationId: 40, targetLocationName: 'C-01' }];
    expect(
      stockDocBody({ kind: 0, stockTypeId: 1, warehouseId: 2, targetWarehouseId: 3, supplierId: 7 }, lines),
    ).toEqual({
      code: null,
      kind: 0,
      stockTypeId: 1,
      warehouseId: 2,
      targetWarehouseId: null,
      supplierId: 7,
      sourceNumber: null,
      remark: null,
      lines: [{ materialsId: 5, quantity: 2 }],
    });
    expect(
      stockDocBody({ kind: 2, stockTypeId: 1, warehouseId: 2, targetWarehouseId: 3, supplierId: 7 }, lines),
    ).toMatchObject({
      stockTypeId: null,
      targetWarehouseId: 3,
      supplierId: null,
      lines: [{ materialsId: 5, quantity: 2, targetLocationId: 40 }],
    });
  });
});
