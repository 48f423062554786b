import { TOOL_NAV_LABELS } from '@app/contracts';
import { ActionIcon, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import classes from './layout.module.css';
import { AccountMenuButton, HomeLink, useNavItems } from './nav';

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));

/**
 * The account menu's button. The menu (a popover and its positioning, a chunk of its own) loads when the member
 * first points at or focuses the button, and opens in its place when pressed.
 */
function AccountButton({ email }: { email: string }) {
  const [pressed, setPressed] = useState(false);
  const preload = () => void loadAccountMenu();
  const button = (
    <AccountMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu email={email} />
    </Suspense>
  );
}

function TopBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { isAuthenticated, email, tools, canConfigure } = useNavItems();

  return (
    <Group
      component="nav"
      aria-label="Navegación principal"
      h="100%"
      px="md"
      justify="space-between"
      wrap="nowrap"
    >
      <Group gap="xs" wrap="nowrap">
        <HomeLink className={`${classes.link} ${classes.brand}`} />
        <Group gap={4} wrap="nowrap" visibleFrom="sm">
          {tools.map((tool) => (
            <NavLink key={tool} to={`/${tool}`} className={classes.link}>
              {TOOL_NAV_LABELS[tool]}
            </NavLink>
          ))}
        </Group>
      </Group>

      <Group gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" visibleFrom="sm">
          {canConfigure && (
            <ActionIcon
              component={NavLink}
              to="/config"
              variant="subtle"
              size="lg"
              aria-label="Configuración"
            >
              <IconSettings size={22} aria-hidden="true" />
            </ActionIcon>
          )}
          {isAuthenticated ? (
            <AccountButton email={email} />
          ) : (
            <ActionIcon
              component={Link}
              to="/auth"
              variant="default"
              size="lg"
              radius="xl"
              aria-label="Acceder"
            >
              <IconLogin2 size={20} aria-hidden="true" />
            </ActionIcon>
          )}
        </Group>
        <Burger
          hiddenFrom="sm"
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label="Abrir menú"
          aria-expanded={menuOpened}
        />
      </Group>
    </Group>
  );
}

export function Layout() {
  const [menuOpened, menu] = useDisclosure(false);
  // The phone menu is mounted from its first opening on (so it can also animate closed).
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpened && !menuUsed) setMenuUsed(true);
  const { pathname } = useLocation();

  return (
    <>
      {/* right-scroll-bar-position: a dialog's scroll lock keeps the bar's width (react-remove-scroll). */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </header>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
      <main className={classes.main}>
        {/* A failing screen (or its chunk) keeps the navigation bar; going elsewhere clears the error. */}
        <ErrorBoundary fallback={<ErrorScreen />} resetKeys={[pathname]}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </>
  );
}
