import { equipmentRepairApi } from '@factory/shared/api/equipmentRepair';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import { DispatchRepairModal, type DispatchRow } from './DispatchRepairModal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const order: DispatchRow = {
  id: 3,
  version: 4,
  status: 2,
  code: 'WX20261128001',
  equipmentName: '1#立式绕线机',
  phenomenon: '绕线张力波动大',
  dispatchedIds: [7],
  dispatchedNames: '维修工老张',
};

beforeEach(() => {
  useSession.setState({
    user: {
      id: 1,
      userName: 'shebei01',
      permissions: ['equipmentrepairlist', 'equipmentrepairlistdistribute'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path.endsWith('List')) return { records: [], total: 0 } as never;
    return { id: 3, version: 5, status: 2 } as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const sent = (path: string) => send.mock.calls.find(([, p]) => p === path)?.[2]?.body;

// antd forms in happy-dom take seconds on a busy machine
describe('派工 of a repair order', { timeout: 60_000 }, () => {
  it('改派 starts from the repairers named and sends them with the version read', async () => {
    const done = vi.fn();
    mountPage(<DispatchRepairModal action="redispatch" row={order} onClose={vi.fn()} onDone={done} />);
    expect(await screen.findByText('改派 · WX20261128001')).toBeTruthy();
    expect(screen.getByText('维修工老张')).toBeTruthy();
    expect(screen.getByText(/清空则任何维修人员都可接单/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent(equipmentRepairApi.redispatch.path)).toEqual({ id: 3, version: 4, dispatchedIds: [7] });
  });

  it('审核派工 with nobody named leaves the order to any repairer', async () => {
    const done = vi.fn();
    mountPage(
      <DispatchRepairModal
        action="audit"
        row={{ ...order, status: 1, dispatchedIds: [], dispatchedNames: '' }}
        onClose={vi.fn()}
        onDone={done}
      />,
    );
    expect(await screen.findByText('指派维修人员')).toBeTruthy();
    expect(screen.getByText(/不指派则任何维修人员都可接单/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent(equipmentRepairApi.audit.path)).toEqual({ id: 3, version: 4, dispatchedIds: [] });
  });
});
