import { LIBRARY_API, LIBRARY_PAGE_SIZE, type LibraryName, type VideoSort } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LOAD_ERROR } from './get-progress';
import { libraryKey } from './keys';

/** Which page of videos: page number, category (null = all) and order. */
export interface VideosQuery {
  page: number;
  categoryId: number | null;
  sort: VideoSort;
  /** Videos per page (a row shows more than a grid page). */
  pageSize?: number;
}

export const videosKey = (library: LibraryName) => [...libraryKey(library), 'videos'] as const;

const videosQueryOptions = (
  library: LibraryName,
  { page, categoryId, sort, pageSize = LIBRARY_PAGE_SIZE }: VideosQuery,
) =>
  queryOptions({
    queryKey: [...videosKey(library), { page, categoryId, sort, pageSize }],
    queryFn: () =>
      api(
        LIBRARY_API[library].listVideos,
        {
          query: {
            page,
            pageSize,
            sort,
            ...(categoryId === null ? {} : { categoria_id: categoryId }),
          },
        },
        { fallbackError: LOAD_ERROR },
      ),
  });

/** One page of a library's videos (with this member's marks); the previous page stays shown meanwhile. */
export const useVideos = (library: LibraryName, query: VideosQuery) =>
  useQuery({ ...videosQueryOptions(library, query), placeholderData: keepPreviousData });
