import { roleDisplayName, SUBSCRIPTION_STATUS_LABELS, type AdminUser } from '@app/contracts';
import { Badge, Checkbox, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { RoleBadge } from '@/components/role-badge';
import { RowActions } from '@/components/row-actions';
import { formatDateTime } from '@/lib/format-date';
import stacked from '@/components/stacked-table.module.css';
import type { UserSelection } from './use-user-selection';

/** "VIP · Activa": the plan a member pays for and the state of the payments; "—" for no subscription. */
const subscriptionLabel = ({ subscription }: AdminUser): string =>
  subscription
    ? [
        subscription.plan && roleDisplayName(subscription.plan),
        SUBSCRIPTION_STATUS_LABELS[subscription.status],
      ]
        .filter(Boolean)
        .join(' · ')
    : '—';

/** One page of accounts, each row with its selection tick and its edit / delete buttons. */
export function UsersTable({
  users,
  fetching,
  timeZone,
  showSubscription,
  selection,
  onEdit,
  onDelete,
  userActions,
}: {
  users: readonly AdminUser[];
  /** The next page is loading while this one stays on screen. */
  fetching: boolean;
  timeZone: string | undefined;
  /** The "Suscripción" column, while payments run here. */
  showSubscription: boolean;
  selection: UserSelection;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  /** More row actions (from other features), before edit and delete. */
  userActions?: (user: AdminUser) => ReactNode;
}) {
  const pageSelected = users.filter((user) => selection.isSelected(user.id)).length;
  return (
    <Table.ScrollContainer
      minWidth={showSubscription ? 1000 : 860}
      classNames={{ scrollContainerInner: stacked.inner }}
    >
      <Table className={stacked.table} striped highlightOnHover verticalSpacing="sm" aria-busy={fetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} data-keep>
              <Checkbox
                aria-label="Seleccionar los usuarios de esta página"
                label="Seleccionar los usuarios de esta página"
                classNames={{ labelWrapper: stacked.tickLabel }}
                checked={users.length > 0 && pageSelected === users.length}
                indeterminate={pageSelected > 0 && pageSelected < users.length}
                onChange={(event) =>
                  selection.tick(
                    users.map((user) => user.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            <Table.Th>Usuario</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Teléfono</Table.Th>
            <Table.Th>Rol</Table.Th>
            <Table.Th>Estado</Table.Th>
            {showSubscription && <Table.Th>Suscripción</Table.Th>}
            <Table.Th>Fecha de Creación</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Seleccionar ${user.username}`}
                  label="Seleccionar"
                  classNames={{ labelWrapper: stacked.tickLabel }}
                  checked={selection.isSelected(user.id)}
                  onChange={(event) => selection.tick([user.id], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td data-label="Usuario">{user.username}</Table.Td>
              <Table.Td data-label="Email">
                {/* One box: on a phone each child of a cell is a grid item, and the badge would leave its email. */}
                <div>
                  {user.email}{' '}
                  {!user.email_verified && (
                    <Badge
                      color="gray"
                      variant="light"
                      tt="none"
                      title="El usuario aún no ha confirmado este correo"
                    >
                      Sin confirmar
                    </Badge>
                  )}
                </div>
              </Table.Td>
              <Table.Td data-label="Teléfono">{user.phone ?? ''}</Table.Td>
              <Table.Td data-label="Rol">
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td data-label="Estado">
                <Badge color={user.is_active ? 'teal' : 'orange'} variant="light" tt="none">
                  {user.is_active ? 'Activa' : 'Inactiva'}
                </Badge>
              </Table.Td>
              {showSubscription && <Table.Td data-label="Suscripción">{subscriptionLabel(user)}</Table.Td>}
              <Table.Td data-label="Fecha de Creación">{formatDateTime(user.created_at, timeZone)}</Table.Td>
              <Table.Td data-label="Acciones">
                <RowActions
                  editLabel={`Editar ${user.username}`}
                  onEdit={() => onEdit(user)}
                  deleteLabel={`Eliminar ${user.username}`}
                  onDelete={() => onDelete(user)}
                >
                  {userActions?.(user)}
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
