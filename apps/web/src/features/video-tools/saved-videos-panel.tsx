import { VIDEO_MESSAGES, type PagePosition } from '@app/contracts';
import { ActionIcon, Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { Pager } from '@/components/pager';
import { RowActions } from '@/components/row-actions';
import { usePageInRange } from '@/lib/use-page-in-range';
import { useDeleteAllVideos } from './api/delete-all-videos';
import { useDeleteVideo } from './api/delete-video';
import { useFilters } from './api/get-filters';
import { useSavedVideos } from './api/get-saved-videos';
import { CreatePostButton } from './create-post-button';
import type { ProviderConfig, VideoView } from './providers';

/** The saved records, one row each: author, link, duration, and what can be done with the video. */
function SavedVideosTable({
  config,
  items,
  onDelete,
}: {
  config: ProviderConfig;
  items: VideoView[];
  onDelete: (video: VideoView) => void;
}) {
  return (
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
          {items.map((video) => (
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
                  onDelete={() => onDelete(video)}
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
                  <CreatePostButton video={video} compact />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The panel's title, the filter by author or channel, and the buttons that reload and delete what is shown. */
function SavedVideosToolbar({
  config,
  filter,
  filters,
  onFilter,
  onReload,
  canDeleteAll,
  onDeleteAll,
}: {
  config: ProviderConfig;
  filter: string;
  filters: string[];
  onFilter: (value: string) => void;
  onReload: () => void;
  canDeleteAll: boolean;
  onDeleteAll: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Title order={2} id="saved-videos-title">
        Videos Guardados
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={config.filterLabel}
          value={filter}
          onChange={(event) => onFilter(event.currentTarget.value)}
          data={[
            { value: '', label: config.allFilterLabel },
            ...filters.map((v) => ({ value: v, label: v })),
          ]}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={onReload}
        >
          Recargar
        </Button>
        <Button
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          disabled={!canDeleteAll}
          onClick={onDeleteAll}
        >
          Borrar Todo
        </Button>
      </Group>
    </Group>
  );
}

/** The two deletions of the panel, one record or every record shown, each asked for first in a dialog. */
function useDeletions(config: ProviderConfig, filter: string, clearFilter: () => void) {
  const deleteVideo = useDeleteVideo(config);
  const deleteAll = useDeleteAllVideos(config);
  const [toDelete, setToDelete] = useState<VideoView | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const busy = deleteVideo.isPending || deleteAll.isPending;

  const deleteOne = (video: VideoView) =>
    deleteVideo.mutate(video.recordId, {
      onSuccess: () => notifications.show({ color: 'green', message: VIDEO_MESSAGES.deleted }),
      onError: (error) =>
        notifications.show({ color: 'red', message: error.message || VIDEO_MESSAGES.deleteError }),
      onSettled: () => setToDelete(null),
    });

  const deleteShown = () =>
    deleteAll.mutate(filter, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: VIDEO_MESSAGES.deletedAll });
        if (filter) clearFilter();
      },
      onError: () => notifications.show({ color: 'red', message: VIDEO_MESSAGES.deleteAllError }),
      onSettled: () => setConfirmAll(false),
    });

  return { toDelete, setToDelete, confirmAll, setConfirmAll, busy, deleteOne, deleteShown };
}

/** Asks before deleting every record shown, saying how many go (those of the filter, or all of them). */
function DeleteAllDialog({
  opened,
  filter,
  total,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  filter: string;
  total: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const scope = filter
    ? `Se eliminarán los ${total} registros de «${filter}» que muestra el filtro actual.`
    : `Se eliminarán los ${total} registros guardados.`;
  return (
    <ConfirmDialog
      opened={opened}
      title="Borrar Todo"
      message={
        <>
          {VIDEO_MESSAGES.deleteAllConfirm} {scope} Esta acción no se puede deshacer.
        </>
      }
      confirmLabel="Borrar Todo"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** "Videos Guardados" (administrators): filter, reload, delete all, the table and its pages. */
export function SavedVideosPanel({ config }: { config: ProviderConfig }) {
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  const setPage = useCallback((to: number) => setPosition({ page: to }), []);
  const [filter, setFilterState] = useState('');
  const setFilter = (value: string) => {
    setFilterState(value);
    setPage(1);
  };
  const list = useSavedVideos(config, { position, filter });
  const filters = useFilters(config);
  const { toDelete, setToDelete, confirmAll, setConfirmAll, busy, deleteOne, deleteShown } = useDeletions(
    config,
    filter,
    () => setFilter(''),
  );

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pageSize = list.data?.pageSize ?? 1;
  usePageInRange(list, page, setPage);

  const reload = () => {
    void list.refetch();
    void filters.refetch();
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="saved-videos-title">
      <Stack gap="md">
        <SavedVideosToolbar
          config={config}
          filter={filter}
          filters={filters.data ?? []}
          onFilter={setFilter}
          onReload={reload}
          canDeleteAll={!list.isFetching && items.length > 0}
          onDeleteAll={() => setConfirmAll(true)}
        />

        <ListState
          loading={list.isPending}
          error={list.error && (filter ? config.filterError : VIDEO_MESSAGES.loadError(list.error.message))}
          empty={items.length === 0}
          loadingLabel="Cargando videos..."
          emptyLabel={VIDEO_MESSAGES.emptyList}
          onRetry={reload}
        >
          <SavedVideosTable config={config} items={items} onDelete={setToDelete} />
          <Pager
            look="steps"
            arrows
            always
            of={{ page, total, pageSize, next: list.data?.next, prev: list.data?.prev }}
            onChange={(_, to) => setPosition(to)}
            status={(shown, pages) => `Página ${shown} de ${pages}`}
          />
        </ListState>
      </Stack>

      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar registro"
        message={`¿Estás seguro de que deseas eliminar «${toDelete?.title ?? ''}»? Esta acción no se puede deshacer.`}
        busy={busy}
        onConfirm={() => toDelete && deleteOne(toDelete)}
        onCancel={() => setToDelete(null)}
      />
      <DeleteAllDialog
        opened={confirmAll}
        filter={filter}
        total={total}
        busy={busy}
        onConfirm={deleteShown}
        onCancel={() => setConfirmAll(false)}
      />
    </Paper>
  );
}
