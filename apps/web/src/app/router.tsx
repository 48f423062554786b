import { TOOL_NAMES, TOOL_TITLES, type LibraryName, type ToolName } from '@app/contracts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { RequireAuth, RequirePermission } from './guards';
import { Layout } from './layout';
import { PageSkeleton } from './page-skeleton';

// Each screen is loaded on demand, so the login route ships only what it needs.
const loginPage = async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage });
const dashboardPage = async () => ({
  Component: (await import('@/features/dashboard/dashboard-page')).DashboardPage,
});
const registerPage = async () => ({
  Component: (await import('@/features/accounts/register-page')).RegisterPage,
});
const resetPasswordPage = async () => ({
  Component: (await import('@/features/accounts/reset-password-page')).ResetPasswordPage,
});
const profilePage = async () => ({
  Component: (await import('@/features/accounts/profile-page')).ProfilePage,
});
const notFoundPage = async () => ({ Component: (await import('./not-found-page')).NotFoundPage });
const ytVideoPage = async () => ({
  Component: (await import('@/features/video-tools/video-tool-page')).YTVideoPage,
});
const igVideoPage = async () => ({
  Component: (await import('@/features/video-tools/video-tool-page')).IGVideoPage,
});

const libraryPage = (library: LibraryName) => async () => {
  const { LibraryPage } = await import('@/features/library/library-page');
  return { element: <LibraryPage key={library} library={library} /> };
};

/** The screen of each tool (one line per tool): a new tool name in contracts must be given one here. */
const TOOL_SCREENS: Record<ToolName, NonNullable<RouteObject['lazy']>> = {
  membresia: libraryPage('membresia'),
  'cafelito-virtual': libraryPage('cafelito-virtual'),
  ytvideo: ytVideoPage,
  igvideo: igVideoPage,
  texto: async () => ({ Component: (await import('@/features/texto/texto-page')).TextoPage }),
  redgram: async () => ({ Component: (await import('@/features/redgram/redgram-page')).RedgramPage }),
  config: async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }),
};

const routes: RouteObject[] = [
  { path: 'login', lazy: loginPage, handle: { title: 'Iniciar Sesión' } },
  { path: 'auth', lazy: loginPage, handle: { title: 'Iniciar Sesión' } },
  { path: 'register', lazy: registerPage, handle: { title: 'Crear Cuenta' } },
  { path: 'reset-password', lazy: resetPasswordPage, handle: { title: 'Recuperar Contraseña' } },
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <RequireAuth />,
    children: [
      { path: 'dashboard', lazy: dashboardPage, handle: { title: 'Inicio' } },
      { path: 'perfil', lazy: profilePage, handle: { title: 'Mi Perfil' } },
    ],
  },
  ...TOOL_NAMES.map((tool): RouteObject => ({
    path: tool,
    element: <RequirePermission tool={tool} />,
    handle: { title: TOOL_TITLES[tool] },
    children: [{ index: true, lazy: TOOL_SCREENS[tool] }],
  })),
  { path: '*', lazy: notFoundPage, handle: { title: 'Página no encontrada' } },
];

export const router = createBrowserRouter([
  {
    element: <Layout />,
    // Errors of the layout itself; screen errors are caught below and keep the navigation bar.
    errorElement: <ErrorScreen standalone />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [{ errorElement: <ErrorScreen />, children: routes }],
  },
]);
