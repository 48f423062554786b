import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHistory, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { HistoryTab } from './history-tab';
import { RolesTab } from './roles-tab';
import { UsersTab } from './users-tab';

/** Configuración (/config): user and role administration. */
export function SettingsPage() {
  return (
    <Container size="xl" py="lg">
      <Stack gap={4} mb="lg">
        <Title order={1}>Configuración</Title>
        <Text c="dimmed">
          Gestiona los usuarios de la comunidad, los roles que deciden a qué herramientas acceden y el
          historial de cambios.
        </Text>
      </Stack>
      {/* Panels mount when shown, so a role created in one tab appears in the other's role list. */}
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            Usuarios
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
            Roles
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden="true" />}>
            Historial
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
