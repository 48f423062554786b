import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHistory, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { AdminUser } from '@app/contracts';
import type { ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import classes from './settings-page.module.css';
import { HistoryTab } from './history-tab';
import { RolesTab } from './roles-tab';
import { UsersTab } from './users-tab';

/** A tab another feature adds to /config (app/ composes it). */
export interface SettingsTab {
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

/** A row action another feature adds to the users table (app/ composes it). */
export type UserAction = (user: AdminUser) => ReactNode;

const OWN_TABS = ['users', 'roles', 'history'];

/**
 * Configuración (/config): user and role administration, the tabs `extraTabs` adds after Roles, and the row
 * actions `userActions` adds to the users table; `?tab=` opens one (the first steps link to theirs). `notice`
 * stands above the tabs.
 */
export function SettingsPage({
  extraTabs = [],
  userActions,
  notice,
}: {
  extraTabs?: readonly SettingsTab[];
  userActions?: UserAction;
  notice?: ReactNode;
}) {
  const [params] = useSearchParams();
  const desktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const asked = params.get('tab');
  const opened =
    asked && [...OWN_TABS, ...extraTabs.map((tab) => tab.value)].includes(asked) ? asked : 'users';
  return (
    <Container size="xl" py="lg">
      <Stack gap={4} mb="lg">
        <Title order={1}>Configuración</Title>
        <Text c="dimmed">
          Gestiona los usuarios de la comunidad, los roles que deciden a qué herramientas acceden y el
          historial de cambios.
        </Text>
      </Stack>
      {notice}
      {/* Panels mount when shown, so a role created in one tab appears in the other's role list. */}
      {/* A side navigation on a desktop (GitHub's settings); a menu of wrapped buttons above the panel on a phone. */}
      <Tabs
        defaultValue={opened}
        keepMounted={false}
        orientation={desktop ? 'vertical' : 'horizontal'}
        variant={desktop ? 'default' : 'pills'}
        classNames={{
          root: classes.root,
          list: classes.list,
          tab: classes.tab,
          tabLabel: classes.tabLabel,
          panel: classes.panel,
        }}
      >
        <Tabs.List mb="lg" aria-label="Secciones de Configuración">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            Usuarios
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
            Roles
          </Tabs.Tab>
          {extraTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden="true" />}>
            Historial
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab userActions={userActions} />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab />
        </Tabs.Panel>
        {extraTabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.panel}
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="history">
          <HistoryTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
