import { type Role, roleDisplayName, SETTINGS_MESSAGES as M, toolTitle } from '@app/contracts';
import { Badge, Group, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-delete';
import { ListState } from '@/components/list-state';
import { SectionHeader } from '@/components/section-header';
import { RowActions } from '@/components/row-actions';
import { errorMessage } from '@/lib/query-client';
import stacked from '@/components/stacked-table.module.css';
import { useDeleteRole } from './api/delete-role';
import { useRoles } from './api/get-roles';
import { useTools } from './api/get-tools';
import { RoleDialog } from './role-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

export function RolesTab() {
  const roles = useRoles();
  const tools = useTools();
  const removal = useDeleteRole();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [toDelete, setToDelete] = useState<Role | null>(null);

  const toolName = (id: number) => {
    const name = tools.data?.find((tool) => tool.id === id)?.name;
    return name === undefined ? `Herramienta ${id}` : toolTitle(name);
  };

  const failed = roles.error ?? tools.error;
  const retry = () => {
    if (roles.isError) void roles.refetch();
    if (tools.isError) void tools.refetch();
  };

  return (
    <Stack gap="md">
      <SectionHeader
        title="Gestión de Roles"
        addLabel="Nuevo Rol"
        onAdd={() => setDialog({ mode: 'create' })}
      />

      <ListState
        loading={roles.isPending || tools.isPending}
        error={failed && errorMessage(failed, M.loadRoles)}
        empty={roles.data?.length === 0}
        loadingLabel="Cargando roles..."
        emptyLabel="No hay roles registrados"
        onRetry={retry}
      >
        <Table.ScrollContainer minWidth={700} classNames={{ scrollContainerInner: stacked.inner }}>
          <Table className={stacked.table} striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th>Herramientas</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.data?.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td data-label="Nombre">{roleDisplayName(role.name)}</Table.Td>
                  <Table.Td data-label="Descripción">{role.description}</Table.Td>
                  <Table.Td data-label="Herramientas">
                    <Group gap={6}>
                      {role.tools.map((id) => (
                        <Badge key={id} variant="light" color="gray" tt="none">
                          {toolName(id)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label="Acciones">
                    <RowActions
                      editLabel={`Editar rol ${roleDisplayName(role.name)}`}
                      onEdit={() => setDialog({ mode: 'edit', role })}
                      deleteLabel={`Eliminar rol ${roleDisplayName(role.name)}`}
                      onDelete={() => setToDelete(role)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>

      <RoleDialog state={dialog} onClose={() => setDialog(null)} />

      <ConfirmDelete
        id={toDelete?.id ?? null}
        title="Eliminar rol"
        errorAutoClose={8000}
        message="¿Estás seguro de que deseas eliminar este rol?"
        remove={removal}
        doneMessage="Rol eliminado"
        fallbackError={M.deleteRole}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
