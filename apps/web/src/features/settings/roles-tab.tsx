import { SETTINGS_MESSAGES as M, type Role } from '@app/contracts';
import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { capitalize } from '@/components/role-badge';
import { RowActions } from '@/components/row-actions';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
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

  const toolName = (id: number) => tools.data?.find((tool) => tool.id === id)?.name ?? `Herramienta ${id}`;

  const confirmDelete = (role: Role) =>
    removal.mutate(role.id, {
      onSuccess: () => notifyDone('Rol eliminado'),
      onError: (error) => notifyFailed(errorMessage(error, M.deleteRole), 8000),
      onSettled: () => setToDelete(null),
    });

  const failed = roles.error ?? tools.error;
  const retry = () => {
    if (roles.isError) void roles.refetch();
    if (tools.isError) void tools.refetch();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Gestión de Roles</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setDialog({ mode: 'create' })}
        >
          Nuevo Rol
        </Button>
      </Group>

      <ListState
        loading={roles.isPending || tools.isPending}
        error={failed && errorMessage(failed, M.loadRoles)}
        empty={roles.data?.length === 0}
        loadingLabel="Cargando roles..."
        emptyLabel="No hay roles registrados"
        onRetry={retry}
      >
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover verticalSpacing="sm">
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
                  <Table.Td>{capitalize(role.name)}</Table.Td>
                  <Table.Td>{role.description}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {role.tools.map((id) => (
                        <Badge key={id} variant="light" color="gray" tt="none">
                          {toolName(id)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      editLabel={`Editar rol ${role.name}`}
                      onEdit={() => setDialog({ mode: 'edit', role })}
                      deleteLabel={`Eliminar rol ${role.name}`}
                      onDelete={() => setToDelete(role)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>

      <RoleDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={(mode) => {
          setDialog(null);
          notifyDone(mode === 'create' ? 'Rol creado' : 'Rol actualizado');
        }}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar rol"
        message="¿Estás seguro de que deseas eliminar este rol?"
        busy={removal.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
