import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentFaultEntity } from '@factory/shared/entities/equipmentRepair';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import { FaultReportModal } from './FaultReportModal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const ADD = entityEndpoints(equipmentFaultEntity).add?.path;

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'caozuo01',
      permissions: ['equipmentfaultlist', 'equipmentfaultlistadd'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === ADD) return { id: 3, code: 'WX20261128001', version: 0 } as never;
    if (path.endsWith('List')) return { records: [], total: 0 } as never;
    return [] as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

// antd forms in happy-dom take seconds on a busy machine
describe('报修 of one machine', { timeout: 60_000 }, () => {
  it('starts with the machine and the fault time now, and files what was seen', async () => {
    const closed = vi.fn();
    mountPage(<FaultReportModal open machine={{ id: 7, name: '1#立式绕线机' }} onClose={closed} />);
    expect(await screen.findByText('1#立式绕线机')).toBeTruthy();
    // a photo of the fault is taken through the image upload, not typed as an address
    expect((screen.getByLabelText('故障图片') as HTMLInputElement).type).toBe('file');
    fireEvent.change(screen.getByPlaceholderText(/描述看到的现象/), { target: { value: '绕线张力波动大' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(send.mock.calls.filter(([, path]) => path === ADD)).toHaveLength(1));
    const body = send.mock.calls.find(([, path]) => path === ADD)?.[2]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ equipmentId: 7, phenomenon: '绕线张力波动大' });
    expect(String(body.faultTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await waitFor(() => expect(closed).toHaveBeenCalled());
  });
});
