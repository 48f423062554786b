import { MESSAGES, type Video } from '@app/contracts';
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { ClassDialog } from './class-dialog';
import type { LibraryConfig } from './library-config';
import { LibraryPagination } from './library-pagination';
import { ProgressSummary } from './progress-summary';
import type { LibraryData, LibraryState } from './use-library';
import { WatchedButton } from './watched-button';

const ALL = 'todas';
export const NO_VIDEOS = 'No hay videos disponibles en este momento.';

/** What every member sees: filter, own progress, class cards and the class dialog. */
export function MemberView({
  config,
  data,
  state,
}: {
  config: LibraryConfig;
  data: LibraryData;
  state: Pick<LibraryState, 'query' | 'setCategory' | 'setPage' | 'setWatched'>;
}) {
  const { setWatched } = state;
  const [openId, setOpenId] = useState<number | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  // The server pages, filters and orders the videos.
  const categoryId = state.query.categoryId;
  const videos = data.videos.items;
  const open = videos.find((video) => video.id === openId) ?? null;

  const toggle = async (video: Video) => {
    if (busy.has(video.id)) return;
    setBusy((current) => new Set(current).add(video.id));
    try {
      await setWatched(video, !video.visto);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? error.message : MESSAGES.serverResponse,
      });
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(video.id);
        return next;
      });
    }
  };

  return (
    <>
      <Group mb="lg">
        <Select
          label="Categoría"
          w={{ base: '100%', sm: 320 }}
          allowDeselect={false}
          value={categoryId === null ? ALL : String(categoryId)}
          onChange={(value) => state.setCategory(value === null || value === ALL ? null : Number(value))}
          data={[
            { value: ALL, label: 'Todas las categorías' },
            ...data.categories.map((category) => ({ value: String(category.id), label: category.nombre })),
          ]}
        />
      </Group>

      {data.progress.total > 0 && (
        <ProgressSummary progress={data.progress} categories={data.categories} categoryId={categoryId} />
      )}

      {videos.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NO_VIDEOS}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {videos.map((video) => (
            <Card
              key={video.id}
              withBorder
              radius="md"
              padding="lg"
              component="article"
              aria-label={video.titulo}
              onClick={() => setOpenId(video.id)}
              style={{ cursor: 'pointer' }}
            >
              <Stack gap="sm" h="100%">
                <Group gap="xs">
                  <Badge variant="light">{video.categoria_nombre}</Badge>
                  {video.visto && (
                    <Badge color="teal" autoContrast>
                      Completada
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {config.formatDate(video.fecha_creacion)}
                </Text>
                <Title order={2} size="h4">
                  {video.titulo}
                </Title>
                {video.descripcion && (
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {video.descripcion}
                  </Text>
                )}
                {/* The buttons do their own thing, not the card's "open the class". */}
                <Group gap="xs" mt="auto" onClick={(event) => event.stopPropagation()}>
                  <Button
                    leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                    onClick={() => setOpenId(video.id)}
                  >
                    Ver clase
                  </Button>
                  {video.material && (
                    <Button
                      component="a"
                      href={video.material}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="light"
                      leftSection={<IconFileText size={16} aria-hidden="true" />}
                    >
                      Material
                    </Button>
                  )}
                  <WatchedButton
                    visto={video.visto}
                    busy={busy.has(video.id)}
                    onToggle={() => void toggle(video)}
                  />
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <LibraryPagination videos={data.videos} onChange={state.setPage} />

      <ClassDialog
        video={open}
        busy={open !== null && busy.has(open.id)}
        onToggleWatched={(video) => void toggle(video)}
        onClose={() => setOpenId(null)}
        formatDate={config.formatDate}
      />
    </>
  );
}
