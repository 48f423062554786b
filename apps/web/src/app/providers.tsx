import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  createTheme,
  Drawer,
  MantineProvider,
  Modal,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Icon-only close buttons need a name for screen readers (Mantine ships none).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar notificación' } },
    }),
    Drawer: Drawer.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } },
    }),
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } },
    }),
  },
});

// Mantine's dark "dimmed" (dark-2) falls below 4.5:1 on dark surfaces; dark-1 keeps secondary text readable.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    // The default error red is too dark for field errors on dark dialogs and surfaces; red-4 reads well above 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

const queryClient = createQueryClient();

/** Another user's (or no user's) data must not outlive the session it was loaded for. */
function useClearCacheOnSessionChange() {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (state.user?.id !== previous.user?.id) queryClient.clear();
      }),
    [],
  );
}

export function Providers({ children }: { children: ReactNode }) {
  useClearCacheOnSessionChange();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="dark"
        forceColorScheme="dark"
        cssVariablesResolver={cssVariablesResolver}
      >
        <Notifications position="bottom-right" autoClose={5000} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
