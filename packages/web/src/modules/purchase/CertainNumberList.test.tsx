import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { routeHref } from '@factory/shared/routes';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import CertainNumberList from './CertainNumberList.tsx';
import { QUOTAS, type Quota } from './quotaParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const row = (id: number, over: Partial<Quota>) =>
  ({
    id,
    version: 1,
    code: `DE20261127${String(id).padStart(3, '0')}`,
    materialsId: 3,
    materialsName: 'S13-M-400/10 油浸式变压器',
    materialsCode: 'S13-M-400',
    materialsSpecifications: null,
    unitName: '台',
    processFlowVersionId: null,
    versionName: null,
    effectiveFrom: '2026-11-01',
    status: 0,
    lineCount: 12,
    createdByName: '周敏',
    remark: null,
    createdAt: '2026-11-27 09:00:00',
    ...over,
  }) as Quota;
const ROWS = [row(1, {}), row(2, { status: 1 }), row(3, { status: 2 })];

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'jihua',
      permissions: [
        'certainnumberlist',
        'certainnumberlistadd',
        'certainnumberlistmodify',
        'certainnumberlistdel',
        'certainnumberlistdetail',
        'certainnumberlisteffective',
        'certainnumberlistwithdraw',
        'certainnumberlistobsolete',
      ],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === QUOTAS.listPage.path) return { content: ROWS, total: ROWS.length } as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const actionsOf = (code: string) =>
  within(screen.getByText(code).closest('tr') as HTMLElement)
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('CertainNumberList', () => {
  it('links each quota to its page and offers what its state allows: 编辑 and 生效 on a draft, 撤回 and 作废 when effective', async () => {
    mountPage(<CertainNumberList />, routeHref('certainNumberList'));
    const link = await screen.findByRole('link', { name: 'DE20261127001' });
    expect(link.getAttribute('href')).toBe(routeHref('certainNumberDetail', { id: 1 }));
    expect(actionsOf('DE20261127001')).toEqual(expect.arrayContaining(['详情', '编辑', '生效']));
    expect(actionsOf('DE20261127002')).not.toContain('编辑');
    expect(actionsOf('DE20261127002')).not.toContain('生效');
    expect(actionsOf('DE20261127003')).not.toContain('作废');
  });
});
