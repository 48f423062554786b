import { deleteRole, listRoles, listTools, SETTINGS_MESSAGES as M, type Role } from '@app/contracts';
import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { capitalize } from '@/components/role-badge';
import { RowActions } from '@/components/row-actions';
import { api } from '@/lib/api';
import { RoleDialog } from './role-dialog';
import { errorMessage, useRemote } from './use-remote';

type DialogState = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

export function RolesTab() {
  const data = useRemote(
    async () => {
      const [roles, tools] = await Promise.all([
        api(listRoles, {}, { fallbackError: M.loadRoles }),
        api(listTools, {}, { fallbackError: M.loadData }),
      ]);
      return { roles, tools };
    },
    'roles',
    M.loadRoles,
  );
  const [dialog, setDialog] = useState<DialogState>(null);
  const [toDelete, setToDelete] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState(false);

  const toolName = (id: number) =>
    data.data?.tools.find((tool) => tool.id === id)?.name ?? `Herramienta ${id}`;

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await api(deleteRole, { params: { id: toDelete.id } }, { fallbackError: M.deleteRole });
      notifications.show({ color: 'teal', message: 'Rol eliminado' });
      data.reload();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, M.deleteRole), autoClose: 8000 });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const roles = data.data?.roles ?? [];

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
        loading={data.loading && !data.data}
        error={data.error}
        empty={roles.length === 0}
        loadingLabel="Cargando roles..."
        emptyLabel="No hay roles registrados"
        onRetry={data.reload}
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
              {roles.map((role) => (
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
        tools={data.data?.tools ?? []}
        onClose={() => setDialog(null)}
        onSaved={(mode) => {
          setDialog(null);
          notifications.show({
            color: 'teal',
            message: mode === 'create' ? 'Rol creado' : 'Rol actualizado',
          });
          data.reload();
        }}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar rol"
        message="¿Estás seguro de que deseas eliminar este rol?"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
