import { quotaApi } from '@factory/shared/api/quota';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import CertainNumberAdd, { lineOfProposal, quotaBody } from './CertainNumberAdd.tsx';
import { QUOTAS, type QuotaDetail } from './quotaParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const PATH = '/purchase/certain-number-add';

const quota = (over: Partial<QuotaDetail>) =>
  ({
    id: 7,
    version: 2,
    code: 'DE20261127001',
    materialsId: 3,
    materialsName: 'S13-M-400/10 油浸式变压器',
    materialsCode: 'S13-M-400',
    materialsSpecifications: null,
    unitName: '台',
    processFlowVersionId: null,
    versionName: null,
    effectiveFrom: '2026-11-01',
    status: 1,
    lineCount: 1,
    createdByName: null,
    remark: null,
    createdAt: '2026-11-27 09:00:00',
    lines: [
      {
        id: 1,
        materialsId: 5,
        materialsName: '漆包铜线 Φ1.8',
        materialsCode: 'CU-1.8',
        materialsSpecifications: null,
        unitName: 'kg',
        quotaPerUnit: 41,
        tolerancePct: 2,
        remark: null,
      },
    ],
    ...over,
  }) as QuotaDetail;

beforeEach(() => {
  useSession.setState({
    user: {
      id: 9,
      userName: 'jihua',
      permissions: ['certainnumberlist', 'certainnumberlistadd', 'certainnumberlistmodify'],
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
      <Route path={PATH} element={<CertainNumberAdd />} />
    </Routes>,
    url,
  );
}

describe('the production quota form', () => {
  it('asks for a product and each line’s material and quota per unit, dated today, with no tolerance yet', async () => {
    send.mockImplementation(async (_m, path) => {
      throw new Error(`unexpected call ${path}`);
    });
    show(PATH);
    await screen.findByText('新增生产定额');
    expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(1);
    expect((screen.getByLabelText('第1行允差(%)') as HTMLInputElement).value).toBe('0');
    expect(screen.getByDisplayValue(dayjs().format('YYYY-MM-DD'))).toBeTruthy();
    expect(screen.getByRole('button', { name: /按BOM重新生成/ })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await screen.findByText('请选择产品');
    await screen.findByText('第1行“物料”不能为空');
    expect(screen.getByText('第1行“单位定额”不能为空')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('will not edit an effective quota, and says to withdraw it first', async () => {
    send.mockImplementation(async (_m, path) => {
      if (path === QUOTAS.detail.path) return quota({}) as never;
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=7`);
    await waitFor(() => expect(screen.getByText('生产定额“DE20261127001”生效，不能编辑')).toBeTruthy());
    expect(screen.getByText('请先撤回')).toBeTruthy();
  });

  it('edits a draft with its lines as saved, reading only the product’s versions', async () => {
    send.mockImplementation(async (_m, path) => {
      if (path === QUOTAS.detail.path) return quota({ status: 0 }) as never;
      if (path === quotaApi.propose.path)
        return { versions: [{ id: 11, name: 'V1', isMain: true }], lines: [], source: 'bom' } as never;
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=7`);
    await screen.findByText('编辑生产定额');
    expect((screen.getByLabelText('第1行单位定额') as HTMLInputElement).value).toBe('41');
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'GET',
        quotaApi.propose.path,
        expect.objectContaining({ query: { materialsId: 3 } }),
      ),
    );
    expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(1);
  });

  it('sends the head and each line’s material, quota per unit, tolerance and remark', () => {
    const line = lineOfProposal({
      materialsId: 8,
      materialsCode: 'BOLT-M12',
      materialsName: '螺栓 M12',
      materialsSpecifications: null,
      unitName: '个',
      qtyPer: 8,
      lossRate: 10,
      quotaPerUnit: 8.8,
      via: '紧固件包',
    });
    const body = quotaBody(
      { materialsId: 3, code: ' ', effectiveFrom: dayjs('2026-12-01'), remark: ' 按BOM ' },
      [line, { materialsId: 5, quotaPerUnit: 41, tolerancePct: 2, remark: '' }],
    );
    expect(body).toEqual({
      code: null,
      materialsId: 3,
      processFlowVersionId: null,
      effectiveFrom: '2026-12-01',
      remark: '按BOM',
      lines: [
        { materialsId: 8, quotaPerUnit: 8.8, tolerancePct: 0, remark: '经虚拟件“紧固件包”展开' },
        { materialsId: 5, quotaPerUnit: 41, tolerancePct: 2 },
      ],
    });
  });
});
