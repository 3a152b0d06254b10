import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { ruleTargets } from './MessageNotificateList.tsx';

afterEach(cleanup);

describe('notification rule form', () => {
  it('says that the person who acts is not notified of their own action', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Form>{ruleTargets()}</Form>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/触发该事件的操作人本人不会收到此通知/)).toBeTruthy();
    expect(screen.getByText('通知用户')).toBeTruthy();
  });
});
