import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { hasPage, pages } from './pages.ts';
import { HasPageContext } from './platform/pages.ts';
import { installEffects } from './platform/request.ts';
import { createRouter } from './shell/router.tsx';
import { theme } from './theme.ts';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Gives the request client antd's message API (it needs the App context for the theme). */
function Effects() {
  const { message } = AntApp.useApp();
  useEffect(() => installEffects({ error: (m) => void message.error(m) }), [message]);
  return null;
}

export default function App() {
  const [router] = useState(() => createRouter(pages));
  return (
    // no dialog closes on a mask click (spec 000 §9), raw Modal and modal.confirm included
    <ConfigProvider locale={zhCN} theme={theme} modal={{ mask: { closable: false } }}>
      <AntApp>
        <Effects />
        <QueryClientProvider client={queryClient}>
          <HasPageContext value={hasPage}>
            <RouterProvider router={router} />
          </HasPageContext>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
