import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The date, dropzone and chart styles load with the screens that use them (imported there).
import './styles.css';

import { WEEK_STARTS_ON } from '@kindred/shared';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

/** Mantine (theme, dates, modals, toasts), TanStack Query, the loading bar and the account theme. */
/**
 * Toasts: bottom right on a wide screen; at the top on a phone, where a full-width toast at the
 * bottom would cover the form's buttons (and stay while a finger rests on it).
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} limit={4} />;
}

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
          <ModalsProvider>
            {/* Bottom right: toasts never cover the header controls. */}
            <Toasts />
            <ThemeSync />
            <LoadingBar />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
