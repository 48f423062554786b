import { NAV_TOOL_ORDER, TOOL_NAV_LABELS, type ToolName } from '@app/contracts';
import {
  ActionIcon,
  AppShell,
  Burger,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCoffee,
  IconLogin2,
  IconLogout,
  IconSettings,
  IconUserCircle,
  IconUserEdit,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { hasPermission, useSession } from '@/lib/session-store';
import classes from './layout.module.css';

const APP_NAME = 'Comunidad - Herramientas';
const HEADER_HEIGHT = 60;

/** What the bar offers this visitor: only the tools the server would let them open. */
function useNavItems() {
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const allowed = (tool: ToolName) => hasPermission({ status, user }, tool);
  return {
    isAuthenticated,
    email: user?.email.trim() ? user.email : 'Usuario',
    tools: NAV_TOOL_ORDER.filter(allowed),
    canConfigure: allowed('config'),
  };
}

function useLogout() {
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();
  return async () => {
    await logout();
    await navigate('/login', { replace: true });
  };
}

/** "Inicio" stands for / and the dashboard it redirects to. */
function HomeLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const { pathname } = useLocation();
  const isHome = pathname === '/' || pathname === '/dashboard';
  return (
    <Link to="/" className={className} aria-current={isHome ? 'page' : undefined} onClick={onClick}>
      <IconCoffee size={20} aria-hidden="true" />
      Inicio
    </Link>
  );
}

function AccountMenu({ email }: { email: string }) {
  const onLogout = useLogout();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" radius="xl" aria-label="Mi cuenta">
          <IconUserCircle size={22} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Text size="sm" fw={600} px="sm" py={6} truncate="end">
          {email}
        </Text>
        <Menu.Divider />
        <Menu.Item component={Link} to="/perfil" leftSection={<IconUserEdit size={16} aria-hidden="true" />}>
          Editar Perfil
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void onLogout()}>
          Cerrar Sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { isAuthenticated, email, tools, canConfigure } = useNavItems();
  const onLogout = useLogout();
  const linkClass = `${classes.link} ${classes.mobileLink}`;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="100%"
      position="top"
      title="Menú"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
    >
      <Stack component="nav" aria-label="Menú principal" gap={4}>
        <HomeLink className={`${linkClass} ${classes.brand}`} onClick={onClose} />
        {tools.map((tool) => (
          <NavLink key={tool} to={`/${tool}`} className={linkClass} onClick={onClose}>
            {TOOL_NAV_LABELS[tool]}
          </NavLink>
        ))}
        {canConfigure && (
          <NavLink to="/config" className={linkClass} onClick={onClose}>
            Configuración
          </NavLink>
        )}
        <Divider my="sm" />
        {isAuthenticated ? (
          <>
            <Text size="sm" c="dimmed" px={14}>
              {email}
            </Text>
            <NavLink to="/perfil" className={linkClass} onClick={onClose}>
              Editar Perfil
            </NavLink>
            <UnstyledButton
              className={linkClass}
              onClick={() => {
                onClose();
                void onLogout();
              }}
            >
              Cerrar Sesión
            </UnstyledButton>
          </>
        ) : (
          <NavLink to="/login" className={linkClass} onClick={onClose}>
            Iniciar Sesión
          </NavLink>
        )}
      </Stack>
    </Drawer>
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
            <AccountMenu email={email} />
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

/** Keeps the tab title in step with the screen (routes declare `handle: { title }`). */
function useDocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}

export function Layout() {
  const [menuOpened, menu] = useDisclosure(false);
  useDocumentTitle();

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
