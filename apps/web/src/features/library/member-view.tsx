import { MESSAGES, type Video } from '@app/contracts';
import { Group, Select, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { Pager } from '@/components/pager';
import { notifyFailed } from '@/lib/notify';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useRecordOpened } from './api/record-opened';
import { useSetWatched, useWatchedInFlight } from './api/set-watched';
import { CategoryRows, ContinueWatchingRow } from './category-rows';
import { ClassCard } from './class-card';
import { ClassDialog } from './class-dialog';
import { ProgressSummary } from './progress-summary';
import type { LibraryViewProps } from './use-library-view';

const ALL = 'todas';
export const NO_VIDEOS = 'No hay videos disponibles en este momento.';
/** The accessible name of the page numbers under a list of videos. */
export const VIDEO_PAGES = 'Páginas de videos';

/**
 * What every member sees: filter and own progress; with 'Todas las categorías', "Continuar viendo" and a row
 * per category; with one category, its grid of classes. Opening a class records it for this member.
 */
export function MemberView({ library, config, data, state }: LibraryViewProps) {
  const setWatched = useSetWatched(library);
  const recordOpened = useRecordOpened(library);
  const busy = useWatchedInFlight(library);
  const [open, setOpen] = useState<Video | null>(null);
  const timeZone = useTimeZone();
  const formatDate = (iso: string) => config.formatDate(iso, timeZone);

  // The server pages, filters and orders the videos.
  const categoryId = state.query.categoryId;
  const rows = categoryId === null;
  const videos = data.videos.items;

  const openClass = (video: Video) => {
    setOpen(video);
    // Not worth an error message: the class plays all the same, only "Continuar viendo" misses it.
    recordOpened.mutate(video.id);
  };

  const toggle = (video: Video) => {
    if (busy.has(video.id)) return;
    setWatched.mutate(
      { id: video.id, visto: !video.visto },
      {
        onSuccess: ({ id, visto }) => setOpen((shown) => (shown?.id === id ? { ...shown, visto } : shown)),
        onError: (error) => notifyFailed(errorMessage(error, MESSAGES.serverResponse)),
      },
    );
  };

  const renderCard =
    (headingOrder: 2 | 3, showCategory = true) =>
    (video: Video) => (
      <ClassCard
        video={video}
        formatDate={formatDate}
        busy={busy.has(video.id)}
        onOpen={openClass}
        onToggle={toggle}
        headingOrder={headingOrder}
        showCategory={showCategory}
      />
    );

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
        <ProgressSummary
          progress={data.progress}
          categories={data.categories}
          categoryId={categoryId}
          overallOnly={rows}
        />
      )}

      {videos.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NO_VIDEOS}
        </Text>
      ) : rows ? (
        <>
          <ContinueWatchingRow library={library} renderCard={renderCard(3)} />
          <CategoryRows
            library={library}
            categories={data.categories}
            progress={data.progress}
            sort={config.memberSort}
            renderCard={renderCard(3, false)}
            onSeeAll={state.setCategory}
          />
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {videos.map((video) => (
              <div key={video.id}>{renderCard(2)(video)}</div>
            ))}
          </SimpleGrid>
          <Pager look="numbers" label={VIDEO_PAGES} of={data.videos} onChange={state.setPage} />
        </>
      )}

      <ClassDialog
        video={open}
        busy={open !== null && busy.has(open.id)}
        onToggleWatched={toggle}
        onClose={() => setOpen(null)}
        formatDate={formatDate}
      />
    </>
  );
}
