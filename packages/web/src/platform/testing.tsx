import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** A query client for a test: a failed call fails at once, not after retries. */
export const testQueryClient = (staleTime?: number) =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });

/**
 * Renders a page as the app would (router at `url`, a query client, antd's App for its messages
 * and dialogs): the frame every page test needs, written once.
 */
export function mountPage(page: ReactNode, url = '/', client = testQueryClient()) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={client}>
        <App>{page}</App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
