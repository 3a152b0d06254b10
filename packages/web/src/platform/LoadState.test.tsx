import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadState } from './LoadState.tsx';
import { ApiError } from './request.ts';

afterEach(cleanup);

const failed = (error: unknown) => ({ isPending: false, isError: true, error, refetch: vi.fn() });

describe('LoadState', () => {
  it('says a record that is gone is gone, with a way back, instead of a failed load', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    render(<LoadState query={failed(new ApiError('工单不存在或已被删除', 4))} title="工单详情" />);
    expect(screen.getByText('记录不存在或已被删除')).toBeTruthy();
    expect(screen.getByText('要查看的工单详情可能已被删除，或链接有误。')).toBeTruthy();
    expect(screen.queryByText('工单详情加载失败')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }));
    expect(back).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('offers a retry for any other failure', () => {
    const query = failed(new ApiError('网络错误', -1));
    render(<LoadState query={query} title="工单详情" />);
    expect(screen.getByText('工单详情加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(query.refetch).toHaveBeenCalled();
  });
});
