import { TOOL_NAMES, TOOL_TITLES, type LibraryName, type ToolName } from '@app/contracts';
import {
  isValidElement,
  lazy,
  Suspense,
  useEffect,
  type ComponentProps,
  type ComponentType,
  type ReactElement,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useCommunityBrand } from '@/lib/public-config';
import { ErrorScreen } from './error-screen';
import { RequireAuth, RequirePermission } from './guards';
import { Layout } from './layout';
import { PageSkeleton } from './page-skeleton';

/*
 * Plain (declarative) routing: `useRoutes` over a route table, each screen a React.lazy chunk, so the first load
 * carries none of the data router's loaders, actions and fetchers, which this app does not use. Navigations run in
 * a transition (BrowserRouter's default), so the screen on view stays until the next one's chunk has loaded.
 */

/** How to load each on-demand screen, by its component (see preloadScreens). */
const screenLoaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen loaded on demand (its own chunk), from the named export of its module. Once the module is here the
 * screen renders it directly, without suspending: a prerendered page (prerender/pages.tsx) is then
 * hydrated by the same tree that rendered it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  let loaded: M[K] | undefined;
  const loadScreen = async () => (loaded = (await load())[name]);
  const Lazy = lazy(async () => ({ default: await loadScreen() }));
  function Screen(props: ComponentProps<M[K]>) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  screenLoaders.set(Screen, loadScreen);
  return Screen;
}

// Each screen is loaded on demand, so the login route ships only what it needs.
const LoginPage = lazyScreen(() => import('@/features/auth/login-page'), 'LoginPage');
const DashboardPage = lazyScreen(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage');
const RegisterPage = lazyScreen(() => import('@/features/accounts/register-page'), 'RegisterPage');
const ResetPasswordPage = lazyScreen(
  () => import('@/features/accounts/reset-password-page'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = lazyScreen(
  () => import('@/features/accounts/confirm-email-page'),
  'ConfirmEmailPage',
);
const ProfileScreen = lazyScreen(() => import('./profile-screen'), 'ProfileScreen');
const NotFoundPage = lazyScreen(() => import('./not-found-page'), 'NotFoundPage');
const YTVideoPage = lazyScreen(() => import('@/features/video-tools/video-tool-page'), 'YTVideoPage');
const IGVideoPage = lazyScreen(() => import('@/features/video-tools/video-tool-page'), 'IGVideoPage');
const LibraryPage = lazyScreen(() => import('@/features/library/library-page'), 'LibraryPage');
const TextoPage = lazyScreen(() => import('@/features/texto/texto-page'), 'TextoPage');
const RedgramPage = lazyScreen(() => import('@/features/redgram/redgram-page'), 'RedgramPage');
const SettingsScreen = lazyScreen(() => import('./settings-screen'), 'SettingsScreen');
const PlansPage = lazyScreen(() => import('@/features/billing/plans-page'), 'PlansPage');
const ThanksPage = lazyScreen(() => import('@/features/billing/thanks-page'), 'ThanksPage');
const ClaimPage = lazyScreen(() => import('@/features/billing/claim-page'), 'ClaimPage');
const AccountDeletedPage = lazyScreen(
  () => import('@/features/erasure/account-deleted-page'),
  'AccountDeletedPage',
);
const StatsPage = lazyScreen(() => import('@/features/stats/stats-page'), 'StatsPage');
const AnnouncementsAdminPage = lazyScreen(
  () => import('@/features/announcements/announcements-admin-page'),
  'AnnouncementsAdminPage',
);
// What members meet of Comunicados, and Estadísticas' figures of it: one chunk for all of them.
const announcementScreens = () => import('@/features/announcements/screens');
const MemberAnnouncementsPage = lazyScreen(announcementScreens, 'MemberAnnouncementsPage');
const AnnouncementPage = lazyScreen(announcementScreens, 'AnnouncementPage');
const UnsubscribePage = lazyScreen(announcementScreens, 'UnsubscribePage');
const AnnouncementFiguresPanel = lazy(async () => ({
  default: (await announcementScreens()).AnnouncementFigures,
}));
// The dashboard's latest announcements, after the first screen: a small chunk of their own, not the member
// screens' (whose tables, menus and body styles the dashboard would evaluate for a list of three links).
const DashboardAnnouncements = lazy(async () => ({
  default: (await import('@/features/announcements/dashboard-announcements')).DashboardAnnouncements,
}));

const libraryScreen = (library: LibraryName) => <LibraryPage key={library} library={library} />;

/** The screen of each tool (one line per tool): a new tool name in contracts must be given one here. */
const TOOL_SCREENS: Record<ToolName, ReactElement> = {
  membresia: libraryScreen('membresia'),
  'cafelito-virtual': libraryScreen('cafelito-virtual'),
  ytvideo: <YTVideoPage />,
  igvideo: <IGVideoPage />,
  texto: <TextoPage />,
  redgram: <RedgramPage />,
  config: <SettingsScreen />,
  estadisticas: <StatsPage announcements={<AnnouncementFiguresPanel />} />,
  comunicados: <AnnouncementsAdminPage />,
};

/** Routes declare the tab's title in `handle: { title }`. */
interface RouteHandle {
  title?: string;
}

const screens: RouteObject[] = [
  { path: 'login', element: <LoginPage />, handle: { title: 'Iniciar Sesión' } },
  { path: 'auth', element: <LoginPage />, handle: { title: 'Iniciar Sesión' } },
  { path: 'register', element: <RegisterPage />, handle: { title: 'Crear Cuenta' } },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { title: 'Recuperar Contraseña' } },
  { path: 'confirmar-email', element: <ConfirmEmailPage />, handle: { title: 'Confirmar correo' } },
  // Open to visitors and members alike: a visitor pays first and gets the account by email.
  { path: 'planes', element: <PlansPage />, handle: { title: 'Planes' } },
  { path: 'planes/gracias', element: <ThanksPage />, handle: { title: 'Gracias por tu pago' } },
  { path: 'planes/vincular', element: <ClaimPage />, handle: { title: 'Vincular tu pago' } },
  // After a member erases their own account: no session any more, so open to all.
  { path: 'cuenta-eliminada', element: <AccountDeletedPage />, handle: { title: 'Cuenta eliminada' } },
  // An email's unsubscribe link works without signing in.
  { path: 'baja-comunicados', element: <UnsubscribePage />, handle: { title: 'Comunicados por correo' } },
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <RequireAuth />,
    children: [
      {
        path: 'dashboard',
        element: <DashboardPage announcements={<DashboardAnnouncements />} />,
        handle: { title: 'Inicio' },
      },
      { path: 'mis-comunicados', element: <MemberAnnouncementsPage />, handle: { title: 'Comunicados' } },
      { path: 'mis-comunicados/:id', element: <AnnouncementPage />, handle: { title: 'Comunicado' } },
      { path: 'perfil', element: <ProfileScreen />, handle: { title: 'Mi Perfil' } },
    ],
  },
  ...TOOL_NAMES.map((tool): RouteObject => ({
    path: tool,
    element: <RequirePermission tool={tool} />,
    handle: { title: TOOL_TITLES[tool] },
    children: [{ index: true, element: TOOL_SCREENS[tool] }],
  })),
  { path: '*', element: <NotFoundPage />, handle: { title: 'Página no encontrada' } },
];

// The layout keeps the navigation bar when a screen fails (its own error boundary wraps the screen).
const routes: RouteObject[] = [{ element: <Layout />, children: screens }];

/**
 * Starts loading the chunks of the screens `location` shows, before the first render reaches them: the first
 * screen's chunk then downloads while the app starts, instead of after it (React Router's route preloading).
 * Settles when they have loaded (or failed: the screen's own error boundary reports that when it renders).
 */
export async function preloadScreens(location: { pathname: string }): Promise<void> {
  const loads = (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    const load = typeof type === 'function' ? screenLoaders.get(type) : undefined;
    return load ? [load()] : [];
  });
  await Promise.allSettled(loads);
}

const APP_NAME = 'Comunidad - Herramientas';

/**
 * The tab title of `location`: the deepest matched route's `handle.title`, then the community's name (the app's
 * own when it has none).
 */
export function documentTitle(location: { pathname: string }, community: string | null = null): string {
  const name = community ?? APP_NAME;
  const title = (matchRoutes(routes, location) ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  return title ? `${title} | ${name}` : name;
}

/** Keeps the tab title in step with the screen. */
function useDocumentTitle() {
  const title = documentTitle(useLocation(), useCommunityBrand().name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The app's screens, inside BrowserRouter. */
export function AppRoutes() {
  useDocumentTitle();
  const element = useRoutes(routes);
  return (
    // Errors of the layout itself; screen errors are caught in the layout and keep the navigation bar.
    <ErrorBoundary fallback={<ErrorScreen standalone />}>
      {/* The first screen's chunk: the same skeleton index.html painted before any script ran. */}
      <Suspense fallback={<PageSkeleton />}>{element}</Suspense>
    </ErrorBoundary>
  );
}
