import type { callTypeEntity } from '@factory/shared/entities/call';
import type { RowOf } from '@factory/shared/entities/schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form, InputNumber, Row } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { testQueryClient } from '../../platform/testing.tsx';
import { EscalationLevels, levelsOf } from './EscalationLevels.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

type CallType = RowOf<typeof callTypeEntity>;

const stored = {
  id: 1,
  escalation: [
    { afterMinutes: 15, userIds: [5], userNames: ['韩雪'], groupIds: [], groupNames: [] },
    { afterMinutes: 30, userIds: [], userNames: [], groupIds: [8], groupNames: ['生产管理组'] },
  ],
} as unknown as CallType;

function Harness({ row, onFinish }: { row?: CallType; onFinish(v: unknown): void }) {
  return (
    <QueryClientProvider client={testQueryClient()}>
      <App>
        <Form
          initialValues={{ responseMinutes: 10, escalation: row ? levelsOf(row) : [] }}
          onFinish={onFinish}
        >
          <Form.Item name="responseMinutes">
            <InputNumber aria-label="响应时限" />
          </Form.Item>
          <Row>
            <EscalationLevels row={row} />
          </Row>
          <Button htmlType="submit">保存</Button>
        </Form>
      </App>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  send.mockResolvedValue({ content: [], total: 0 } as never);
});
afterEach(() => {
  cleanup();
  send.mockReset();
});

describe('EscalationLevels', () => {
  it('shows the stored levels with their names and sends them back as they are', async () => {
    const onFinish = vi.fn();
    render(<Harness row={stored} onFinish={onFinish} />);
    expect(await screen.findByText('韩雪')).toBeTruthy();
    expect(screen.getByText('生产管理组')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({
        responseMinutes: 10,
        escalation: [
          { afterMinutes: 15, userIds: [5], groupIds: [] },
          { afterMinutes: 30, userIds: [], groupIds: [8] },
        ],
      }),
    );
  });

  it('refuses a level not later than the target or calling nobody, and offers three levels at most', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    const addLevel = screen.getByRole('button', { name: /添加升级级别/ });
    fireEvent.click(addLevel);
    fireEvent.change(screen.getByLabelText('第1级超时分钟'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('第1级升级时间须大于响应时限（10分钟）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('第1级超时分钟'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('第1级请至少选择一个升级接收人或用户组')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.click(addLevel);
    fireEvent.click(addLevel);
    expect(screen.getByLabelText('第3级超时分钟')).toBeTruthy();
    expect((addLevel as HTMLButtonElement).disabled).toBe(true);
  });
});
