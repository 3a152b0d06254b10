import type { MachineDecl } from '@factory/shared/machines/define';
import { produceOrderMachine, workOrderMachine } from '@factory/shared/machines/plans';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../request.ts';
import { type SessionUser, useSession } from '../session.ts';
import { type DocRow, plainActions, useMachineActions } from './useMachineActions.tsx';

vi.mock('../request.ts', async (original) => ({
  ...(await original<typeof import('../request.ts')>()),
  request: vi.fn(),
}));
const post = vi.mocked(request);

const signIn = (permissions: string[], flags: Record<string, boolean> = {}) =>
  useSession.setState({
    user: {
      id: 9,
      userName: 'planner',
      permissions,
      fields: '',
      companyInfo: { flags },
    } as unknown as SessionUser,
  });

function Head({ machine, row, reload }: { machine: MachineDecl; row: DocRow; reload(): void }) {
  const { buttons, holder } = useMachineActions(machine, row, reload);
  return (
    <>
      <div data-testid="buttons">{buttons}</div>
      {holder}
    </>
  );
}

const mount = (machine: MachineDecl, row: DocRow, reload = vi.fn()) => {
  render(
    <App>
      <Head machine={machine} row={row} reload={reload} />
    </App>,
  );
  return reload;
};

/** antd spaces out two-character labels (确 认). */
const button = (label: string) =>
  screen.getByRole('button', { name: (name) => name.replace(/\s/g, '') === label });

const buttonLabels = () =>
  Array.from(screen.getByTestId('buttons').querySelectorAll('button')).map((b) =>
    b.textContent?.replace(/\s/g, ''),
  );

const order = (state: Partial<DocRow> = {}): DocRow => ({
  id: 7,
  version: 3,
  code: 'MO20261125001',
  confirmStatus: 0,
  planStatus: 0,
  ...state,
});

const ALL_ORDER = [
  'orderlist',
  'orderlistconfirm',
  'orderlistunconfirm',
  'orderlistfinish',
  'orderlistreopen',
  'orderlistcancel',
];

afterEach(() => {
  cleanup();
  post.mockReset();
  useSession.setState({ user: undefined });
});

describe('useMachineActions', () => {
  it('offers only the actions the state allows and the user holds', () => {
    signIn(['orderlist', 'orderlistconfirm']);
    mount(produceOrderMachine, order());
    expect(buttonLabels()).toEqual(['确认']);
    cleanup();
    signIn(ALL_ORDER);
    mount(produceOrderMachine, order());
    expect(buttonLabels()).toEqual(['确认', '取消']);
    cleanup();
    mount(produceOrderMachine, order({ confirmStatus: 1, planStatus: 3 }));
    expect(buttonLabels()).toEqual(['完成']);
    cleanup();
    mount(produceOrderMachine, order({ planStatus: 9 }));
    expect(buttonLabels()).toEqual([]);
  });

  it('leaves out actions with screens of their own, and those the tenant lacks', () => {
    const can = () => true;
    const names = plainActions(workOrderMachine, can, {});
    expect(names).not.toContain('distribute'); // own: the screen offers it
    expect(names).not.toContain('complete'); // the system's
    expect(names).toContain('end');
    const flagged = {
      ...workOrderMachine,
      actions: { ...workOrderMachine.actions, split: { ...workOrderMachine.actions.split, own: false } },
    } as MachineDecl;
    expect(plainActions(flagged, can, {})).not.toContain('split');
    expect(plainActions(flagged, can, { splitWorkOrder: true })).toContain('split');
  });

  it('sends the version it read, says so and reloads; a double click acts once', async () => {
    signIn(ALL_ORDER);
    let answer: (v: unknown) => void = () => {};
    post.mockImplementation(() => new Promise((resolve) => (answer = resolve)) as never);
    const reload = mount(produceOrderMachine, order());
    const confirm = button('确认');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]).toEqual([
      'POST',
      'production/kiki/private/produceOrder/confirm',
      { query: undefined, body: { id: 7, version: 3 } },
    ]);
    answer({ id: 7, version: 4 });
    await screen.findByText('确认成功');
    expect(reload).toHaveBeenCalled();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('asks first where the declaration says so', async () => {
    signIn(ALL_ORDER);
    post.mockResolvedValue({ id: 7, version: 4 } as never);
    mount(produceOrderMachine, order());
    fireEvent.click(button('取消'));
    await screen.findByText('确定取消该订单吗？取消后不能恢复');
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(button('确定'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toBe('production/kiki/private/produceOrder/cancel');
  });

  it('asks why when the action needs a reason, and sends it', async () => {
    signIn(['worklist', 'worklistend']);
    post.mockResolvedValue({ id: 5, version: 2 } as never);
    const reload = mount(workOrderMachine, { id: 5, version: 1, status: 1, isDistributed: 1, isPaused: 0 });
    fireEvent.click(button('强制结束'));
    await screen.findByText('强制结束工单');
    fireEvent.click(button('确定'));
    await screen.findByText('请输入强制结束原因');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('强制结束原因'), { target: { value: ' 设备故障 ' } });
    fireEvent.click(button('确定'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[2]).toEqual({
      query: undefined,
      body: { id: 5, version: 1, reason: '设备故障' },
    });
    await screen.findByText('强制结束成功');
    expect(reload).toHaveBeenCalled();
  });

  it('reloads when someone changed the document since it was read', async () => {
    signIn(ALL_ORDER);
    post.mockRejectedValue(new ApiError('订单“MO20261125001”已被他人修改，请刷新后重试', 6));
    const reload = mount(produceOrderMachine, order());
    fireEvent.click(button('确认'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(screen.queryByText('确认成功')).toBeNull();
  });
});
