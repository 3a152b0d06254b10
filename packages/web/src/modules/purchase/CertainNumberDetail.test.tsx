import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type QuotaVariance, quotaApi } from '@factory/shared/api/quota';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { quotaApplyEntity } from '@factory/shared/entities/quota';
import { quotaApplyMachine } from '@factory/shared/machines/quota';
import { routeHref, routePath } from '@factory/shared/routes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import CertainNumberDetail from './CertainNumberDetail.tsx';
import type { QuotaApply } from './QuotaApplies.tsx';
import { QUOTAS, type QuotaDetail } from './quotaParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const quota = {
  id: 7,
  version: 3,
  code: 'DE20261127001',
  materialsId: 3,
  materialsName: 'S13-M-400/10 油浸式变压器',
  materialsCode: 'S13-M-400',
  materialsSpecifications: null,
  unitName: '台',
  processFlowVersionId: 11,
  versionName: 'V1',
  effectiveFrom: '2026-11-01',
  status: 1,
  lineCount: 1,
  createdByName: '周敏',
  remark: null,
  createdAt: '2026-11-01 09:00:00',
  lines: [
    {
      id: 1,
      materialsId: 5,
      materialsName: '漆包铜线 Φ1.8',
      materialsCode: 'CU-1.8',
      materialsSpecifications: null,
      unitName: 'kg',
      quotaPerUnit: 30,
      tolerancePct: 10,
      remark: null,
    },
  ],
} as QuotaDetail;

const variance: QuotaVariance = {
  truncated: false,
  rows: [
    {
      workOrderId: 40,
      workOrderCode: 'WO20261127001',
      workOrderQuantity: 2,
      completedQuantity: 1,
      materialsId: 5,
      materialsCode: 'CU-1.8',
      materialsName: '漆包铜线 Φ1.8',
      unitName: 'kg',
      quotaQuantity: 60,
      allowedQuantity: 66,
      issuedQuantity: 70,
      consumedQuantity: 35,
      variance: 10,
      variancePct: 16.67,
    },
  ],
  overruns: [
    {
      id: 1,
      workOrderCode: 'WO20261127001',
      materialsName: '漆包铜线 Φ1.8',
      stockDocCode: 'CRK20261127009',
      allowedQuantity: 66,
      issuedBefore: 60,
      quantity: 10,
      reason: '绕线返工，重绕一台',
      applicationCodes: ['CE20261127001'],
      createdByName: '王芳',
      createdAt: '2026-11-27 10:00:00',
    },
  ],
};

const APPLIES = entityEndpoints(quotaApplyEntity);
const application = (id: number, over: Partial<QuotaApply>) =>
  ({
    id,
    version: 0,
    code: `CE20261127${String(id).padStart(3, '0')}`,
    workOrderId: 40,
    workOrderCode: 'WO20261127001',
    productId: 3,
    productName: 'S13-M-400/10 油浸式变压器',
    materialsId: 5,
    materialsName: '漆包铜线 Φ1.8',
    materialsCode: 'CU-1.8',
    materialsSpecifications: null,
    unitName: 'kg',
    quantity: 6,
    reason: '绕线返工，重绕一台',
    auditStatus: 0,
    applicantId: 9,
    applicantName: '王芳',
    createdAt: '2026-11-27 09:30:00',
    approvedBy: null,
    approverName: null,
    approvedAt: null,
    rejectReason: null,
    ...over,
  }) as QuotaApply;
const APPLICATIONS = [application(2, {}), application(1, { auditStatus: 1, approverName: '周敏' })];

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'jihua',
      permissions: [
        'certainnumberlist',
        'certainnumberlistobsolete',
        'certainnumberlistwithdraw',
        'certainnumberlistapprove',
        'certainnumberlistreject',
      ],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_m, path) => {
    if (path === QUOTAS.detail.path) return quota as never;
    if (path === quotaApi.variance.path) return variance as never;
    if (path === APPLIES.listPage.path) return { content: APPLICATIONS, total: 2 } as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path === `${quotaApplyMachine.base}reject`) return { id: 2, version: 1, auditStatus: 2 } as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const open = () =>
  mountPage(
    <Routes>
      <Route path={routePath('certainNumberDetail')} element={<CertainNumberDetail />} />
    </Routes>,
    routeHref('certainNumberDetail', { id: quota.id }),
  );
const buttonLabels = () => screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

describe('CertainNumberDetail', () => {
  it('shows an effective quota with 撤回 and 作废, not 编辑 or 生效', async () => {
    open();
    await screen.findByText('DE20261127001');
    expect(screen.getAllByText('生效').length).toBeGreaterThan(0);
    expect(buttonLabels()).toContain('撤回');
    expect(buttonLabels()).toContain('作废');
    expect(buttonLabels()).not.toContain('编辑');
    expect(screen.getByText('定额明细（1）')).toBeTruthy();
  });

  it('shows each work order’s quota against what was issued and used, and the over-quota picks with their reasons', async () => {
    open();
    await screen.findByText('DE20261127001');
    fireEvent.click(screen.getByRole('tab', { name: '定额差异' }));
    expect(await screen.findByText('WO20261127001')).toBeTruthy();
    expect(screen.getByText('+10')).toBeTruthy();
    expect(screen.getByText('（+16.67%）')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '超定额领料（1）' }));
    expect(await screen.findByText('绕线返工，重绕一台')).toBeTruthy();
    expect(screen.getByText('CRK20261127009')).toBeTruthy();
  });

  it('lists the product’s over-quota applications with 通过 and 驳回 on the pending one, a reject asking why', async () => {
    open();
    await screen.findByText('DE20261127001');
    fireEvent.click(screen.getByRole('tab', { name: '超定额申请' }));
    const pending = (await screen.findByText('CE20261127002')).closest('tr') as HTMLElement;
    const passed = screen.getByText('CE20261127001').closest('tr') as HTMLElement;
    expect(within(pending).getByRole('button', { name: '通过' })).toBeTruthy();
    expect(within(passed).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(passed).queryByRole('button', { name: '驳回' })).toBeNull();
    // someone else's: not offered 撤回
    expect(within(pending).queryByRole('button', { name: '撤回' })).toBeNull();
    const listed = send.mock.calls.find(([, path]) => path === APPLIES.listPage.path);
    expect(JSON.stringify(listed?.[2]?.query)).toContain('searchVal');
    fireEvent.click(within(pending).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '先查明原因' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|驳\s*回/ }));
    await waitFor(() =>
      expect(
        send.mock.calls.find(([, path]) => path === `${quotaApplyMachine.base}reject`)?.[2]?.body,
      ).toEqual({
        id: 2,
        version: 0,
        reason: '先查明原因',
      }),
    );
  });
});
