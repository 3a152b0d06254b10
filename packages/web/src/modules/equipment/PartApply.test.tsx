import { sparePartApi } from '@factory/shared/api/sparePart';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import PartApplyDetail from './PartApplyDetail.tsx';
import { type PartApplyDetail as Detail, PART_APPLIES, PartApplyFormModal } from './PartApplyForm.tsx';
import PartApplyList from './PartApplyList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const signIn = (...permissions: string[]) =>
  useSession.setState({
    user: {
      id: 5,
      userName: 'weixiu01',
      permissions: ['partapply', ...permissions.map((p) => p.toLowerCase())],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });

const APPLY: Detail = {
  id: 8,
  version: 2,
  code: 'BJSQ20261128001',
  sourceType: 0,
  sourceId: 3,
  sourceCode: 'WX20261128001',
  equipmentName: '1#立式绕线机',
  equipmentCode: 'SB-001',
  reason: '轴承异响',
  auditStatus: -1,
  issueStatus: 0,
  lineCount: 1,
  applicantId: 5,
  applicantName: '魏修',
  createdAt: '2026-11-28 09:00:00',
  approverName: null,
  approvedAt: null,
  rejectReason: null,
  issuerName: null,
  issuedAt: null,
  stockDocId: null,
  stockDocCode: null,
  lines: [
    {
      id: 81,
      materialsId: 31,
      materialsName: '深沟球轴承6205',
      materialsCode: 'BJ-6205',
      materialsSpecifications: '25×52×15',
      unitName: '个',
      warehouseId: 4,
      warehouseName: '备件仓',
      quantity: 2,
      remark: null,
    },
  ],
} as unknown as Detail;

beforeEach(() => {
  send.mockImplementation(async (_method, path) => {
    if (path === PART_APPLIES.update?.path) return { id: 8, version: 3 } as never;
    if (path === PART_APPLIES.detail.path) return APPLY as never;
    if (path.endsWith('List') || path === sparePartApi.materials.path)
      return { records: [], total: 0 } as never;
    return [] as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const calls = (path: string | undefined) => send.mock.calls.filter(([, p]) => p === path);

// antd forms in happy-dom take seconds on a busy machine
describe('the spare-part application form', { timeout: 60_000 }, () => {
  it('keeps the source a page gave and refuses a line without its part, sending nothing', async () => {
    signIn('partApplyAdd');
    mountPage(
      <PartApplyFormModal
        open
        initial={{ sourceType: 0, sourceCode: 'WX20261128001' }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByPlaceholderText('维修工单号或保养工单号') as HTMLInputElement;
    expect(code.value).toBe('WX20261128001');
    expect(code.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect((await within(dialog).findAllByText(/请选择备件|“备件”/)).length).toBeGreaterThan(0);
    expect(calls(PART_APPLIES.add?.path)).toHaveLength(0);
  });

  it('sends the head and every line, parts and warehouses by id, with the version read', async () => {
    signIn('partApplyModify');
    const saved = vi.fn();
    mountPage(<PartApplyFormModal open source={APPLY} onClose={() => {}} onSaved={saved} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('轴承异响');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(calls(PART_APPLIES.update?.path)[0][2]?.body).toEqual({
      id: 8,
      version: 2,
      sourceType: 0,
      sourceCode: 'WX20261128001',
      reason: '轴承异响',
      // a save replaces the lines: no line ids
      lines: [{ materialsId: 31, warehouseId: 4, quantity: 2 }],
    });
  });
});

describe('the spare-part applications', { timeout: 60_000 }, () => {
  it('opens a new application for the source another page names in the address', async () => {
    signIn('partApplyAdd');
    mountPage(<PartApplyList />, '/part-apply?sourceType=1&sourceCode=BY20261128001');
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByPlaceholderText('维修工单号或保养工单号') as HTMLInputElement;
    expect(code.value).toBe('BY20261128001');
    expect(within(dialog).getByText('保养')).toBeTruthy();
  });
});

const openDetail = (apply: Partial<Detail>) => {
  send.mockImplementation(async (_method, path) => {
    if (path === PART_APPLIES.detail.path) return { ...APPLY, ...apply } as never;
    return [] as never;
  });
  mountPage(
    <Routes>
      <Route path="/part-apply-detail/:id" element={<PartApplyDetail />} />
    </Routes>,
    '/part-apply-detail/8',
  );
};
const button = (name: RegExp) => screen.queryByRole('button', { name });

describe('a spare-part application’s page', { timeout: 60_000 }, () => {
  it('offers 审核通过 and 驳回 on a submitted one to an approver, and 驳回 asks why', async () => {
    signIn('partApplyApprove', 'partApplyReject', 'partApplyIssue', 'partApplyModify');
    openDetail({ auditStatus: 0 });
    await screen.findByText('深沟球轴承6205');
    expect(button(/审核通过/)).toBeTruthy();
    expect(button(/发\s*放/)).toBeNull();
    // submitted: no longer edited
    expect(button(/编\s*辑/)).toBeNull();
    fireEvent.click(button(/驳\s*回/) as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回备件申请')).toBeTruthy();
    expect(within(dialog).getByLabelText('驳回原因')).toBeTruthy();
  });

  it('offers 发放 on a passed one not yet issued, only to who may issue', async () => {
    signIn('partApplyIssue');
    openDetail({ auditStatus: 1, issueStatus: 0 });
    await screen.findByText('深沟球轴承6205');
    expect(button(/发\s*放/)).toBeTruthy();
    expect(button(/审核通过/)).toBeNull();
    cleanup();
    signIn('partApplyApprove');
    openDetail({ auditStatus: 1, issueStatus: 0 });
    await screen.findByText('深沟球轴承6205');
    expect(button(/发\s*放/)).toBeNull();
  });

  it('offers 撤回 of a submitted one to its applicant only', async () => {
    signIn('partApplyWithdraw');
    openDetail({ auditStatus: 0 });
    await screen.findByText('深沟球轴承6205');
    expect(button(/撤\s*回/)).toBeTruthy();
    cleanup();
    signIn('partApplyWithdraw');
    openDetail({ auditStatus: 0, applicantId: 6 });
    await screen.findByText('深沟球轴承6205');
    expect(button(/撤\s*回/)).toBeNull();
  });

  it('offers 提交 and 编辑 on an unsubmitted one, nothing of the audit', async () => {
    signIn('partApplySubmit', 'partApplyModify', 'partApplyApprove');
    openDetail({ auditStatus: -1 });
    await screen.findByText('深沟球轴承6205');
    expect(button(/提\s*交/)).toBeTruthy();
    expect(button(/编\s*辑/)).toBeTruthy();
    expect(button(/审核通过/)).toBeNull();
  });
});
