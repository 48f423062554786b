import type { Category, Video, VideoPage } from '@app/contracts';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { Pager } from '@/components/pager';
import { RowAction, RowActions, type RowActionProps } from '@/components/row-actions';
import { CARD_ACTIONS } from './category-list';
import { NO_VIDEOS, VIDEO_PAGES } from './member-view';

const ALL = 'todas';

const IconButton = (props: Omit<RowActionProps, 'variant' | 'withTooltip'>) => (
  <RowAction variant="subtle" withTooltip {...props} />
);

/**
 * The administrator's "Videos" panel: a page of videos (all, or one category's) in the stored order, which the
 * up / down buttons change within a category.
 */
export function AdminVideoList({
  videos,
  categories,
  categoryId,
  formatDate,
  busy,
  onCategory,
  onPage,
  onAdd,
  onEdit,
  onDelete,
  onMove,
}: {
  videos: VideoPage;
  categories: readonly Category[];
  /** The category shown; null = all. */
  categoryId: number | null;
  formatDate: (iso: string) => string;
  /** A move or delete is being answered: the arrows wait for it. */
  busy: boolean;
  onCategory: (categoryId: number | null) => void;
  onPage: (page: number) => void;
  onAdd: () => void;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => void;
  onMove: (video: Video, direction: 'up' | 'down') => void;
}) {
  const { items, page, pageSize, total } = videos;
  /** Position of a video of this page in the whole (filtered) list. */
  const position = (index: number) => (page - 1) * pageSize + index;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="videos-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="videos-title">
          Videos
        </Title>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
          Nuevo Video
        </Button>
      </Group>
      <Select
        label="Categoría"
        mb="md"
        allowDeselect={false}
        value={categoryId === null ? ALL : String(categoryId)}
        onChange={(value) => onCategory(value === null || value === ALL ? null : Number(value))}
        data={[
          { value: ALL, label: 'Todas las categorías' },
          ...categories.map((category) => ({ value: String(category.id), label: category.nombre })),
        ]}
      />
      {items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {NO_VIDEOS}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((video, index) => (
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
                      {formatDate(video.fecha_creacion)}
                    </Text>
                  </Group>
                </Stack>
                <RowActions
                  {...CARD_ACTIONS}
                  editLabel={`Editar video ${video.titulo}`}
                  onEdit={() => onEdit(video)}
                  deleteLabel={`Eliminar video ${video.titulo}`}
                  onDelete={() => onDelete(video)}
                >
                  {/* The order is kept per category: it is changed with one category on screen. */}
                  {categoryId !== null && (
                    <>
                      <IconButton
                        label={`Subir ${video.titulo}`}
                        disabled={busy || position(index) === 0}
                        onClick={() => onMove(video, 'up')}
                      >
                        <IconArrowUp size={18} />
                      </IconButton>
                      <IconButton
                        label={`Bajar ${video.titulo}`}
                        disabled={busy || position(index) >= total - 1}
                        onClick={() => onMove(video, 'down')}
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
      <Pager look="numbers" label={VIDEO_PAGES} of={videos} onChange={onPage} />
    </Paper>
  );
}
