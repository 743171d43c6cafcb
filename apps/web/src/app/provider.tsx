import '@mantine/core/styles.css';
// The date, dropzone and chart styles load with the screens that use them (imported there).
import './styles.css';

import { WEEK_STARTS_ON } from '@kindred/shared';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { DialogHost } from '@/components/ui/dialog-host';
import { LoadingBar } from '@/components/ui/loading-bar';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';
import { ThemeSync } from './theme-sync';

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals (unit tests). */
  env?: 'default' | 'test';
}

const Toasts = lazy(() => import('./toasts'));

/**
 * The toasts' container (and its styles) load with the first toast: a visit that shows none does
 * not download them. Once shown it stays, so that later toasts and exits animate as usual.
 */
function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** Mantine (theme, dates, dialogs, toasts), TanStack Query, the loading bar and the account theme. */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
  env = 'default',
}: AppProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <DatesProvider settings={{ firstDayOfWeek: WEEK_STARTS_ON, locale: 'en' }}>
        <QueryClientProvider client={queryClient}>
          <ToastHost />
          <DialogHost />
          <ThemeSync />
          <LoadingBar />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
