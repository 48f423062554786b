import { TOOL_NAV_LABELS } from '@app/contracts';
import { Divider, Drawer, Stack, Text, UnstyledButton } from '@mantine/core';
import { NavLink } from 'react-router-dom';
import classes from './layout.module.css';
import { HomeLink, useLogout, useNavItems } from './nav';

// In a chunk of its own, loaded when the phone menu is first opened (layout.tsx).

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
