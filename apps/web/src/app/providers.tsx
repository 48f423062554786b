// Mantine's global layers; each component's styles come with the chunk that renders it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import 'virtual:mantine-styles';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createQueryClient, forgetSession } from '@/lib/query-client';
import { useReauthSettle } from '@/lib/reauth';
import { SessionView, useSession, type SessionState } from '@/lib/session-store';
import buttonWrap from './button-wrap.module.css';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Visitors who ask their system for less motion get none (the end-to-end browser asks for it too).
  respectReducedMotion: true,
  // Plain objects rather than Modal.extend() & co., which would pull those components into the entry chunk.
  components: {
    // Icon-only close buttons need a name for screen readers (Mantine ships none).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar notificación' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Button: { classNames: buttonWrap },
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

const Toasts = lazy(() => import('./toasts'));
const ConfirmIdentityDialog = lazy(() => import('@/components/confirm-identity-dialog'));

/** The identity check of sudo mode: its dialog loads the first time a request asks for it. */
function ReauthHost() {
  const asked = useReauthSettle() !== null;
  const [needed, setNeeded] = useState(false);
  if (asked && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmIdentityDialog />
    </Suspense>
  );
}

/**
 * The toasts' host (portal, transitions, styles) loads with the first toast: screens call
 * `notifications.show()` on Mantine's store as before, and the host shows what is waiting when it mounts.
 */
function NotificationsHost() {
  const waiting = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  if (waiting && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

const queryClient = createQueryClient();

/**
 * Another user's (or no user's) data must not outlive the session it was loaded for. A restored session's saved
 * user arriving (signed in, the user not known until then) is the same session: what loaded meanwhile stays.
 */
function useClearCacheOnSessionChange() {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        const restored = previous.isAuthenticated && previous.user === null && state.isAuthenticated;
        if (state.user?.id !== previous.user?.id && !restored) void forgetSession(queryClient);
      }),
    [],
  );
}

/** `session`: the session state the page being hydrated was prerendered with, when it differs from the stored one. */
export function Providers({ session, children }: { session?: Partial<SessionState>; children: ReactNode }) {
  useClearCacheOnSessionChange();
  return (
    <SessionView hydrateAs={session}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          defaultColorScheme="dark"
          forceColorScheme="dark"
          cssVariablesResolver={cssVariablesResolver}
        >
          <NotificationsHost />
          <ReauthHost />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </SessionView>
  );
}
