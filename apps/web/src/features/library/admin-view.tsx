import { pageCount, type Category, type Video } from '@app/contracts';
import { Badge, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pager } from '@/components/pager';
import { RowAction, RowActions, type RowActionProps } from '@/components/row-actions';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useDeleteCategory } from './api/delete-category';
import { useDeleteVideo } from './api/delete-video';
import { useMoveVideo } from './api/move-video';
import { CategoryDialog } from './category-dialog';
import { NO_VIDEOS, VIDEO_PAGES } from './member-view';
import { ProgressReport } from './progress-report';
import type { LibraryViewProps } from './use-library-view';
import { VideoDialog } from './video-dialog';

type Dialog =
  | { kind: 'category'; category: Category | null }
  | { kind: 'video'; video: Video | null }
  | { kind: 'delete-category'; category: Category }
  | { kind: 'delete-video'; video: Video };

const IRREVERSIBLE = 'Esta acción no se puede deshacer.';

const videosLabel = (count: number) => (count === 1 ? '1 video' : `${count} videos`);

/** Deleting a category deletes its videos: the confirmation says so, with the count. */
const withVideos = (count: number) =>
  count === 0
    ? ''
    : count === 1
      ? ' También se eliminará su video.'
      : ` También se eliminarán sus ${count} videos.`;

/** Card lists: subtle icon buttons with tooltips. */
const CARD_ACTIONS = { variant: 'subtle', withTooltip: true, iconSize: 18, gap: 4 } as const;

const IconButton = (props: Omit<RowActionProps, 'variant' | 'withTooltip'>) => (
  <RowAction variant="subtle" withTooltip {...props} />
);

const ALL = 'todas';

/**
 * The administrator's management view: categories, and a page of videos (all, or one category's) in the
 * stored order, which the up / down buttons change within a category.
 */
export function AdminView({ library, config, data, state }: LibraryViewProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const moveVideo = useMoveVideo(library);
  const deleteCategory = useDeleteCategory(library, (id) => {
    if (state.query.categoryId === id) state.setCategory(null);
  });
  const deleteVideo = useDeleteVideo(library);
  const timeZone = useTimeZone();
  const busy = moveVideo.isPending || deleteCategory.isPending || deleteVideo.isPending;
  const close = () => setDialog(null);

  /** What a change does when it is answered: the toast, and the dialog closes when it worked. */
  const outcome = (success: string | null, failure: string, done?: () => void) => ({
    onSuccess: () => {
      if (success) notifyDone(success);
      done?.();
      setDialog(null);
    },
    onError: (error: Error) => notifyFailed(errorMessage(error, failure)),
  });

  const move = (video: Video, direction: 'up' | 'down') =>
    moveVideo.mutate({ id: video.id, direction }, outcome(null, 'Error al guardar el video'));

  const categoryId = state.query.categoryId;
  const { items: videos, page, pageSize, total } = data.videos;
  /** Position of a video of this page in the whole (filtered) list. */
  const position = (index: number) => (page - 1) * pageSize + index;

  /** After creating a video, show its category's last page, where it was added. */
  const showSaved = (video: Video, created: boolean) => {
    if (!created) return;
    const count = (data.categories.find((c) => c.id === video.categoria_id)?.total_videos ?? 0) + 1;
    state.setCategory(video.categoria_id);
    state.setPage(pageCount(count, pageSize));
  };

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="categorias-title">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h3" id="categorias-title">
                Categorías
              </Title>
              <Button
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'category', category: null })}
              >
                Nueva Categoría
              </Button>
            </Group>
            {data.categories.length === 0 ? (
              <Stack align="center" py="lg" gap="sm">
                <Text c="dimmed">No hay categorías creadas.</Text>
                <Button variant="light" onClick={() => setDialog({ kind: 'category', category: null })}>
                  Crear primera categoría
                </Button>
              </Stack>
            ) : (
              <Stack gap="sm">
                {data.categories.map((category) => (
                  <Paper key={category.id} withBorder radius="sm" p="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600}>{category.nombre}</Text>
                        {category.descripcion && (
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {category.descripcion}
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {videosLabel(category.total_videos)}
                        </Text>
                      </Stack>
                      <RowActions
                        {...CARD_ACTIONS}
                        editLabel={`Editar categoría ${category.nombre}`}
                        onEdit={() => setDialog({ kind: 'category', category })}
                        deleteLabel={`Eliminar categoría ${category.nombre}`}
                        onDelete={() => setDialog({ kind: 'delete-category', category })}
                      />
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="videos-title">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h3" id="videos-title">
                Videos
              </Title>
              <Button
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'video', video: null })}
              >
                Nuevo Video
              </Button>
            </Group>
            <Select
              label="Categoría"
              mb="md"
              allowDeselect={false}
              value={categoryId === null ? ALL : String(categoryId)}
              onChange={(value) => state.setCategory(value === null || value === ALL ? null : Number(value))}
              data={[
                { value: ALL, label: 'Todas las categorías' },
                ...data.categories.map((category) => ({
                  value: String(category.id),
                  label: category.nombre,
                })),
              ]}
            />
            {videos.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                {NO_VIDEOS}
              </Text>
            ) : (
              <Stack gap="xs">
                {videos.map((video, index) => (
                  <Paper key={video.id} withBorder radius="sm" p="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {video.titulo}
                        </Text>
                        <Group gap="xs">
                          <Badge variant="light" size="sm">
                            {video.categoria_nombre}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {config.formatDate(video.fecha_creacion, timeZone)}
                          </Text>
                        </Group>
                      </Stack>
                      <RowActions
                        {...CARD_ACTIONS}
                        editLabel={`Editar video ${video.titulo}`}
                        onEdit={() => setDialog({ kind: 'video', video })}
                        deleteLabel={`Eliminar video ${video.titulo}`}
                        onDelete={() => setDialog({ kind: 'delete-video', video })}
                      >
                        {/* The order is kept per category: it is changed with one category on screen. */}
                        {categoryId !== null && (
                          <>
                            <IconButton
                              label={`Subir ${video.titulo}`}
                              disabled={busy || position(index) === 0}
                              onClick={() => move(video, 'up')}
                            >
                              <IconArrowUp size={18} />
                            </IconButton>
                            <IconButton
                              label={`Bajar ${video.titulo}`}
                              disabled={busy || position(index) >= total - 1}
                              onClick={() => move(video, 'down')}
                            >
                              <IconArrowDown size={18} />
                            </IconButton>
                          </>
                        )}
                        <Button
                          component="a"
                          href={video.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          size="compact-sm"
                          variant="subtle"
                          rightSection={<IconExternalLink size={14} aria-hidden="true" />}
                          aria-label={`Ver video ${video.titulo}`}
                        >
                          Ver video
                        </Button>
                      </RowActions>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            <Pager look="numbers" label={VIDEO_PAGES} of={data.videos} onChange={state.setPage} />
          </Paper>
        </Grid.Col>
      </Grid>

      <ProgressReport library={library} />

      {dialog?.kind === 'category' && (
        <CategoryDialog library={library} category={dialog.category} onClose={close} />
      )}
      {dialog?.kind === 'video' && (
        <VideoDialog
          library={library}
          video={dialog.video}
          categories={data.categories}
          onClose={close}
          onSaved={showSaved}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete-category'}
        title="Eliminar categoría"
        busy={busy}
        message={
          dialog?.kind === 'delete-category' &&
          `¿Estás seguro de que deseas eliminar la categoría "${dialog.category.nombre}"?` +
            withVideos(dialog.category.total_videos) +
            ` ${IRREVERSIBLE}`
        }
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'delete-category' &&
          deleteCategory.mutate(
            dialog.category.id,
            outcome('Categoría eliminada correctamente', 'Error al eliminar la categoría'),
          )
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete-video'}
        title="Eliminar video"
        busy={busy}
        message={
          dialog?.kind === 'delete-video' &&
          `¿Estás seguro de que deseas eliminar el video "${dialog.video.titulo}"? ${IRREVERSIBLE}`
        }
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'delete-video' &&
          deleteVideo.mutate(
            dialog.video.id,
            outcome('Video eliminado correctamente', 'Error al eliminar el video'),
          )
        }
      />
    </>
  );
}
