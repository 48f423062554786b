import { TOOL_NAV_LABELS } from '@app/contracts';
import { ActionIcon, Divider, Drawer, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle, IconUserEdit } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router-dom';
import classes from './layout.module.css';
import { HomeLink, useLogout, useNavItems } from './nav';

// The account menu and the phone menu, in their own chunk: the signed-out first page needs neither, and the
// phone menu loads when first opened (layout.tsx).

export function AccountMenu({ email }: { email: string }) {
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

export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
