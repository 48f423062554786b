import type { Category, LibraryName, LibraryProgress, Video, VideoSort } from '@app/contracts';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/query-client';
import { useContinueWatching } from './api/get-continue-watching';
import { LOAD_ERROR } from './api/get-progress';
import { useVideos } from './api/get-videos';
import { ClassRow } from './class-row';
import { completedLabel } from './progress-summary';

/** Classes per category row; 'Ver todas' shows the rest in the category's grid. */
const ROW_SIZE = 20;

const CONTINUE_WATCHING = 'Continuar viendo';

interface RowsProps {
  library: LibraryName;
  renderCard: (video: Video) => ReactNode;
}

function CategoryRow({
  library,
  category,
  done,
  total,
  sort,
  renderCard,
  onSeeAll,
}: RowsProps & {
  category: Category;
  done: number;
  total: number;
  sort: VideoSort;
  onSeeAll: () => void;
}) {
  const videos = useVideos(library, { page: 1, categoryId: category.id, sort, pageSize: ROW_SIZE });
  if (videos.isError)
    return (
      <Text c="red.4" mb="xl" role="alert">
        {category.nombre}: {errorMessage(videos.error, LOAD_ERROR)}
      </Text>
    );
  return (
    <ClassRow
      title={category.nombre}
      summary={completedLabel(done, total)}
      videos={videos.data?.items ?? []}
      renderCard={renderCard}
      onSeeAll={onSeeAll}
    />
  );
}

/** The member's "Continuar viendo" row: shown when they have a class opened and not completed. */
export function ContinueWatchingRow({ library, renderCard }: RowsProps) {
  const videos = useContinueWatching(library);
  if (!videos.data || videos.data.length === 0) return null;
  return <ClassRow title={CONTINUE_WATCHING} videos={videos.data} renderCard={renderCard} />;
}

/** One row per category that holds classes, in the library's order, with the member's count. */
export function CategoryRows({
  library,
  categories,
  progress,
  sort,
  renderCard,
  onSeeAll,
}: RowsProps & {
  categories: readonly Category[];
  progress: LibraryProgress;
  sort: VideoSort;
  onSeeAll: (categoryId: number) => void;
}) {
  const counts = new Map(progress.categorias.map((row) => [row.categoria_id, row]));
  return categories
    .filter((category) => category.total_videos > 0)
    .map((category) => (
      <CategoryRow
        key={category.id}
        library={library}
        category={category}
        done={counts.get(category.id)?.completadas ?? 0}
        total={counts.get(category.id)?.total ?? category.total_videos}
        sort={sort}
        renderCard={renderCard}
        onSeeAll={() => onSeeAll(category.id)}
      />
    ));
}
