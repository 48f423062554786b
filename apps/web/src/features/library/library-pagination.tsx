import { pageCount, type VideoPage } from '@app/contracts';
import { Center, Pagination } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

/** Page numbers under a list of videos: only when there is more than one page. */
export function LibraryPagination({
  videos,
  onChange,
}: {
  videos: VideoPage;
  onChange: (page: number) => void;
}) {
  const pages = pageCount(videos.total, videos.pageSize);
  if (pages <= 1) return null;
  const current = Math.min(videos.page, pages);
  return (
    <Center mt="lg" component="nav" aria-label="Páginas de videos">
      <Pagination
        total={pages}
        value={current}
        onChange={onChange}
        getItemProps={(page) => ({
          'aria-label': `Página ${page}`,
          'aria-current': page === current ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Center>
  );
}
