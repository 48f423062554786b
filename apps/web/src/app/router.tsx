import { TOOL_NAMES, TOOL_TITLES } from '@app/contracts';
import { Box } from '@mantine/core';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorScreen } from './error-screen';
import { RequireAuth, RequirePermission } from './guards';
import { Layout } from './layout';

const PAGE_NOTICE = 'Esta página está en preparación. Muy pronto podrás usarla aquí.';

// Each screen is loaded on demand, so the login route ships only what it needs.
const loginPage = async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage });
const dashboardPage = async () => ({
  Component: (await import('@/features/dashboard/dashboard-page')).DashboardPage,
});
const notFoundPage = async () => ({ Component: (await import('./not-found-page')).NotFoundPage });
const ytVideoPage = async () => ({
  Component: (await import('@/features/video-tools/video-tool-page')).YTVideoPage,
});
const igVideoPage = async () => ({
  Component: (await import('@/features/video-tools/video-tool-page')).IGVideoPage,
});

/** The tool screens built so far; the others show a ComingSoon placeholder. */
const TOOL_SCREENS: Partial<Record<(typeof TOOL_NAMES)[number], RouteObject['lazy']>> = {
  ytvideo: ytVideoPage,
  igvideo: igVideoPage,
};

/** Screens still to be built: their title and a notice. */
const comingSoon = (title: string, notice?: string) => async () => {
  const { ComingSoon } = await import('@/components/coming-soon');
  return { element: <ComingSoon title={title} notice={notice} /> };
};

const routes: RouteObject[] = [
  { path: 'login', lazy: loginPage, handle: { title: 'Iniciar Sesión' } },
  { path: 'auth', lazy: loginPage, handle: { title: 'Iniciar Sesión' } },
  { path: 'register', lazy: comingSoon('Crear Cuenta', PAGE_NOTICE), handle: { title: 'Crear Cuenta' } },
  {
    path: 'reset-password',
    lazy: comingSoon('Recuperar Contraseña', PAGE_NOTICE),
    handle: { title: 'Recuperar Contraseña' },
  },
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <RequireAuth />,
    children: [
      { path: 'dashboard', lazy: dashboardPage, handle: { title: 'Inicio' } },
      { path: 'perfil', lazy: comingSoon('Mi Perfil', PAGE_NOTICE), handle: { title: 'Mi Perfil' } },
    ],
  },
  ...TOOL_NAMES.map((tool): RouteObject => ({
    path: tool,
    element: <RequirePermission tool={tool} />,
    handle: { title: TOOL_TITLES[tool] },
    children: [{ index: true, lazy: TOOL_SCREENS[tool] ?? comingSoon(TOOL_TITLES[tool]) }],
  })),
  { path: '*', lazy: notFoundPage, handle: { title: 'Página no encontrada' } },
];

export const router = createBrowserRouter([
  {
    element: <Layout />,
    // Errors of the layout itself; screen errors are caught below and keep the navigation bar.
    errorElement: <ErrorScreen standalone />,
    hydrateFallbackElement: (
      <Box component="main">
        <CenteredLoader label="Cargando..." />
      </Box>
    ),
    children: [{ errorElement: <ErrorScreen />, children: routes }],
  },
]);
