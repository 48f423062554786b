import {
  REFUSAL_REASON_MAX,
  SETTINGS_MESSAGES as M,
  USERS_PAGE_SIZE,
  pageCount,
  type AdminUser,
} from '@app/contracts';
import { Badge, Checkbox, Group, Stack, Table, Textarea, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDelete } from '@/components/confirm-delete';
import { ListState } from '@/components/list-state';
import { SectionHeader } from '@/components/section-header';
import { Pager } from '@/components/pager';
import { RoleBadge } from '@/components/role-badge';
import { RowActions } from '@/components/row-actions';
import { formatDateTime } from '@/lib/format-date';
import { usePublicConfig } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { BulkActions } from './bulk-actions';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { MembersExportButton } from './members-export-button';
import { MailSettingsDialog } from './mail-settings-dialog';
import { MembersImportDialog } from './members-import-dialog';
import { UserDialog } from './user-dialog';

const SEARCH_DELAY_MS = 300;

type DialogState = { mode: 'create' } | { mode: 'edit'; user: AdminUser } | null;

/** "Mostrando 11-20 de 25 usuarios" */
export const rangeLabel = (page: number, pageSize: number, total: number): string => {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Mostrando ${first}-${last} de ${total} usuarios`;
};

export function UsersTab() {
  const [search, setSearch] = useState('');
  // What the server is asked for. A new search or filter starts again from the first page.
  // `/config?pendientes=1` (the link in the new-registration email) opens on the accounts waiting for activation.
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState({
    page: 1,
    search: '',
    pending: searchParams.get('pendientes') === '1',
  });
  const { page, pending } = query;
  const debouncedSearch = query.search;
  const setPage = (next: number) => setQuery((q) => ({ ...q, page: next }));
  const setPending = (value: boolean) => setQuery((q) => ({ ...q, pending: value, page: 1 }));
  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      const trimmed = search.trim();
      setQuery((q) => (q.search === trimmed ? q : { ...q, search: trimmed, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // The bulk selection: ticked rows (kept across pages), or every account matching the filter.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  // A new search or filter is a different list: what was selected no longer applies.
  useEffect(clearSelection, [query.search, query.pending]);
  const toggle = (id: number, on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const [dialog, setDialog] = useState<DialogState>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');
  const removal = useDeleteUser(reason);
  // The dates are shown in the server's zone; the browser's own when it cannot be loaded.
  const config = usePublicConfig();
  const timeZone = config.data?.timeZone ?? undefined;
  const users = useUsers({ page, search: debouncedSearch, pending });

  // After a delete emptied the last page, step back to the new last page.
  const total = users.data?.total ?? 0;
  const lastPage = pageCount(total, USERS_PAGE_SIZE);
  const current = users.data !== undefined && !users.isPlaceholderData;
  useEffect(() => {
    if (current && page > lastPage) setQuery((q) => ({ ...q, page: lastPage }));
  }, [current, page, lastPage]);

  const filtered = debouncedSearch !== '' || pending;
  const items = users.data?.items ?? [];
  const pageSelected = items.filter((user) => allMatching || selected.has(user.id)).length;
  const togglePage = (on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const user of items) {
        if (on) next.add(user.id);
        else next.delete(user.id);
      }
      return next;
    });
  };
  const selectionCount = allMatching ? total : selected.size;
  const filter = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(pending ? { pending: true } : {}),
  };

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
          checked={pending}
          onChange={(event) => setPending(event.currentTarget.checked)}
          mb={8}
        />
        <Group gap="sm" ml={{ sm: 'auto' }}>
          <MailSettingsDialog />
          <MembersImportDialog />
          <MembersExportButton search={debouncedSearch} pending={pending} />
        </Group>
      </Group>

      {selectionCount > 0 && (
        <BulkActions
          count={selectionCount}
          target={allMatching ? { filter } : { ids: [...selected] }}
          allMatching={allMatching}
          matching={total}
          onSelectAllMatching={() => setAllMatching(true)}
          onClear={clearSelection}
          onDone={clearSelection}
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
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={users.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Seleccionar los usuarios de esta página"
                    checked={items.length > 0 && pageSelected === items.length}
                    indeterminate={pageSelected > 0 && pageSelected < items.length}
                    onChange={(event) => togglePage(event.currentTarget.checked)}
                  />
                </Table.Th>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Teléfono</Table.Th>
                <Table.Th>Rol</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Fecha de Creación</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Seleccionar ${user.username}`}
                      checked={allMatching || selected.has(user.id)}
                      onChange={(event) => toggle(user.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.phone ?? ''}</Table.Td>
                  <Table.Td>
                    <RoleBadge role={user.role} />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={user.is_active ? 'teal' : 'orange'} variant="light" tt="none">
                      {user.is_active ? 'Activa' : 'Inactiva'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(user.created_at, timeZone)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      editLabel={`Editar ${user.username}`}
                      onEdit={() => setDialog({ mode: 'edit', user })}
                      deleteLabel={`Eliminar ${user.username}`}
                      onDelete={() => setToDelete(user)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Pager
          look="steps"
          of={{ page, total, pageSize: USERS_PAGE_SIZE }}
          onChange={setPage}
          status={(shown) => rangeLabel(shown, USERS_PAGE_SIZE, total)}
        />
      </ListState>

      <UserDialog state={dialog} onClose={() => setDialog(null)} />

      <ConfirmDelete
        id={toDelete?.id ?? null}
        title="Eliminar usuario"
        message="¿Estás seguro de que deseas eliminar este usuario?"
        remove={removal}
        doneMessage="Usuario eliminado"
        fallbackError={M.deleteUser}
        onClose={() => {
          setToDelete(null);
          setReason('');
        }}
      >
        {toDelete && !toDelete.is_active && (
          <Textarea
            label="Motivo del rechazo (opcional)"
            description="La cuenta está pendiente de activación: el miembro recibirá un correo avisando del rechazo, con este motivo."
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={REFUSAL_REASON_MAX}
            autosize
            minRows={2}
          />
        )}
      </ConfirmDelete>
    </Stack>
  );
}
