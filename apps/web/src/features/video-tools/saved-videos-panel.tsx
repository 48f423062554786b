import { VIDEO_MESSAGES, type videoTools } from '@app/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { RowActions } from '@/components/row-actions';
import { api } from '@/lib/api';
import type { ProviderConfig, VideoView } from './providers';
import type { SavedVideosState } from './use-saved-videos';

type Endpoints = typeof videoTools.youtube;

/** "Videos Guardados" (administrators): filter, reload, delete all, the table and its pages. */
export function SavedVideosPanel({ config, list }: { config: ProviderConfig; list: SavedVideosState }) {
  const endpoints = config.endpoints as Endpoints;
  const [toDelete, setToDelete] = useState<VideoView | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [busy, setBusy] = useState(false);

  const deleteOne = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await api(endpoints.remove, { params: { recordId: toDelete.recordId } });
      notifications.show({ color: 'green', message: VIDEO_MESSAGES.deleted });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : VIDEO_MESSAGES.deleteError,
      });
    } finally {
      setBusy(false);
      setToDelete(null);
      list.reload();
    }
  };

  const deleteAll = async () => {
    setBusy(true);
    try {
      await api(endpoints.removeAll, { query: list.filter ? { filter: list.filter } : { all: 'true' } });
      notifications.show({ color: 'green', message: VIDEO_MESSAGES.deletedAll });
      if (list.filter) list.setFilter('');
    } catch {
      notifications.show({ color: 'red', message: VIDEO_MESSAGES.deleteAllError });
    } finally {
      setBusy(false);
      setConfirmAll(false);
      list.reload();
    }
  };

  const scope = list.filter
    ? `Se eliminarán los ${list.total} registros de «${list.filter}» que muestra el filtro actual.`
    : `Se eliminarán los ${list.total} registros guardados.`;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="saved-videos-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} id="saved-videos-title">
            Videos Guardados
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={config.filterLabel}
              value={list.filter}
              onChange={(event) => list.setFilter(event.currentTarget.value)}
              data={[
                { value: '', label: config.allFilterLabel },
                ...list.filters.map((v) => ({ value: v, label: v })),
              ]}
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={list.reload}
            >
              Recargar
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              disabled={list.loading || list.items.length === 0}
              onClick={() => setConfirmAll(true)}
            >
              Borrar Todo
            </Button>
          </Group>
        </Group>

        <ListState
          loading={list.loading}
          error={list.error}
          empty={list.items.length === 0}
          loadingLabel="Cargando videos..."
          emptyLabel={VIDEO_MESSAGES.emptyList}
          onRetry={list.reload}
        >
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{config.authorColumn}</Table.Th>
                  <Table.Th>{config.linkColumn}</Table.Th>
                  <Table.Th>Duración</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((video) => (
                  <Table.Tr key={video.recordId}>
                    <Table.Td>{video.author}</Table.Td>
                    <Table.Td>
                      {video.pageUrl ? (
                        <Anchor href={video.pageUrl} target="_blank" rel="noopener noreferrer">
                          {config.linkText(video)}
                        </Anchor>
                      ) : (
                        config.linkText(video)
                      )}
                    </Table.Td>
                    <Table.Td>{video.duration}</Table.Td>
                    <Table.Td>
                      <RowActions
                        iconSize={18}
                        deleteLabel={`Eliminar ${video.title}`}
                        onDelete={() => setToDelete(video)}
                      >
                        {video.downloadUrl && (
                          <ActionIcon
                            component="a"
                            href={video.downloadUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                            variant="light"
                            aria-label={`Descargar ${video.title}`}
                          >
                            <IconDownload size={18} aria-hidden="true" />
                          </ActionIcon>
                        )}
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="center" gap="md">
            <Button variant="default" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
              ← Anterior
            </Button>
            <Text aria-live="polite">
              Página {list.page} de {list.totalPages}
            </Text>
            <Button
              variant="default"
              disabled={list.page >= list.totalPages}
              onClick={() => list.setPage(list.page + 1)}
            >
              Siguiente →
            </Button>
          </Group>
        </ListState>
      </Stack>

      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar registro"
        message={`¿Estás seguro de que deseas eliminar «${toDelete?.title ?? ''}»? Esta acción no se puede deshacer.`}
        busy={busy}
        onConfirm={() => void deleteOne()}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        opened={confirmAll}
        title="Borrar Todo"
        message={
          <>
            {VIDEO_MESSAGES.deleteAllConfirm} {scope} Esta acción no se puede deshacer.
          </>
        }
        confirmLabel="Borrar Todo"
        busy={busy}
        onConfirm={() => void deleteAll()}
        onCancel={() => setConfirmAll(false)}
      />
    </Paper>
  );
}
