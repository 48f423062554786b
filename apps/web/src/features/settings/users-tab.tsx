import {
  BILLING_FILTER_LABELS,
  BILLING_FILTERS,
  SETTINGS_MESSAGES as M,
  USERS_PAGE_SIZE,
  isLiveSubscription,
  type AdminUser,
  type BillingFilter,
} from '@app/contracts';
import { Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ListState } from '@/components/list-state';
import { Pager, rangeLabel } from '@/components/pager';
import { SectionHeader } from '@/components/section-header';
import { usePublicConfig } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { BulkActions } from './bulk-actions';
import { DeleteUserDialog } from './delete-user-dialog';
import { MailSettingsDialog } from './mail-settings-dialog';
import { TwoFactorRulesDialog } from './two-factor-rules-dialog';
import { MembersExportButton } from './members-export-button';
import { MembersImportDialog } from './members-import-dialog';
import { useUserSelection } from './use-user-selection';
import { useUsersList } from './use-users-list';
import { UserDialog } from './user-dialog';
import { UsersTable } from './users-table';

type DialogState = { mode: 'create' } | { mode: 'edit'; user: AdminUser } | null;

const BILLING_OPTIONS = [
  { value: '', label: 'Todas' },
  ...BILLING_FILTERS.map((value) => ({ value, label: BILLING_FILTER_LABELS[value] })),
];

/** "Gestión de Usuarios": search and filter the accounts, act on a selection, import and export them. */
export function UsersTab({ userActions }: { userActions?: (user: AdminUser) => ReactNode }) {
  const { search, setSearch, query, setPosition, setPending, setBilling, users } = useUsersList();
  const total = users.data?.total ?? 0;
  const selection = useUserSelection(query, total);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  // The dates are shown in the server's zone; the browser's own when it cannot be loaded.
  const config = usePublicConfig();
  // Subscriptions are shown only while payments run here.
  const billingEnabled = config.data?.billingEnabled === true;
  const items = users.data?.items ?? [];
  const filtered = query.search !== '' || query.pending || query.billing !== '';

  return (
    <Stack gap="md">
      <SectionHeader
        title="Gestión de Usuarios"
        addLabel="Nuevo Usuario"
        onAdd={() => setDialog({ mode: 'create' })}
      />

      <Group align="flex-end" gap="md">
        <TextInput
          label="Buscar"
          placeholder="Usuario o correo electrónico"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Checkbox
          label="Solo pendientes de activación"
          checked={query.pending}
          onChange={(event) => setPending(event.currentTarget.checked)}
          mb={8}
        />
        {billingEnabled && (
          <NativeSelect
            label="Suscripción"
            value={query.billing}
            onChange={(event) => setBilling(event.currentTarget.value as BillingFilter | '')}
            data={BILLING_OPTIONS}
          />
        )}
        <Group gap="sm" ml={{ sm: 'auto' }}>
          <MailSettingsDialog />
          <TwoFactorRulesDialog />
          <MembersImportDialog />
          <MembersExportButton search={query.search} pending={query.pending} billing={query.billing} />
        </Group>
      </Group>

      {selection.count > 0 && (
        <BulkActions
          count={selection.count}
          target={selection.target}
          allMatching={selection.allMatching}
          matching={total}
          onSelectAllMatching={selection.selectAllMatching}
          onClear={selection.clear}
          onDone={selection.clear}
          withSubscriptions={
            selection.allMatching ||
            (selection.target.ids ?? []).some((id) => {
              // A ticked account on another page may pay too: the list cannot tell, so it asks.
              const shown = items.find((user) => user.id === id);
              return !shown || isLiveSubscription(shown.subscription?.status);
            })
          }
        />
      )}

      <ListState
        loading={users.isPending || config.isPending}
        error={users.error && errorMessage(users.error, M.loadUsers)}
        empty={items.length === 0}
        loadingLabel="Cargando usuarios..."
        emptyLabel={filtered ? 'Ningún usuario coincide con la búsqueda' : 'No hay usuarios registrados'}
        onRetry={() => void users.refetch()}
      >
        <UsersTable
          users={items}
          fetching={users.isFetching}
          timeZone={config.data?.timeZone ?? undefined}
          showSubscription={billingEnabled}
          selection={selection}
          onEdit={(user) => setDialog({ mode: 'edit', user })}
          onDelete={setToDelete}
          userActions={userActions}
        />
        <Pager
          look="steps"
          of={{
            page: query.page,
            total,
            pageSize: USERS_PAGE_SIZE,
            next: users.data?.next,
            prev: users.data?.prev,
          }}
          onChange={(_, to) => setPosition(to)}
          status={(shown) => rangeLabel(shown, USERS_PAGE_SIZE, total, 'usuarios')}
        />
      </ListState>

      <UserDialog state={dialog} onClose={() => setDialog(null)} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
