import type { LibraryName } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from '@/lib/query-client';

/** Every query of one library starts with this key: categories, progress and pages of videos. */
export const libraryKey = (library: LibraryName) => ['library', library] as const;

/** A change to a library's content can touch its categories (counts), pages and the member's progress. */
export const invalidateLibrary = (queryClient: QueryClient, library: LibraryName) =>
  refreshAfterChange(queryClient, libraryKey(library));

export const SAVE_CATEGORY_ERROR = 'Error al guardar la categoría';
export const SAVE_VIDEO_ERROR = 'Error al guardar el video';
