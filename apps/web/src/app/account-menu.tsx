import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountMenuButton, useLogout } from './nav';

// In a chunk of its own (a popover and its positioning: most of what the signed-in bar would load), loaded when the
// member first reaches for the menu's button (layout.tsx renders that button until then).

/**
 * The account menu, opened as it appears: it replaces the button the member just pressed. Its own button takes the
 * focus first, so closing the menu brings the focus back there.
 */
export function AccountMenu({ email }: { email: string }) {
  const onLogout = useLogout();
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu
      position="bottom-end"
      width={260}
      shadow="md"
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>
        <AccountMenuButton ref={target} />
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
