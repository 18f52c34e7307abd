import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SessionHintContext } from './auth/session-hint';
import { DeferredNotifications } from './components/common/DeferredNotifications';
import { colorSchemeManager, theme } from './theme';
import { createQueryClient, createTrpcClient, TRPCProvider } from './trpc';

/**
 * The app around a router: the browser's in main.tsx, a memory router when prerendering.
 * `sessionHint`: the page request carried a session cookie (auth/session-hint.ts).
 */
export function App({ router, sessionHint = false }: { router: DataRouter; sessionHint?: boolean }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  // A prerendered page stays inert until React has adopted it (build/prerender.ts): a click on a
  // button whose code has not arrived would otherwise be lost without a trace.
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);

  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <SessionHintContext value={sessionHint}>
            <RouterProvider router={router} />
          </SessionHintContext>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
