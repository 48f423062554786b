import { TOOL_TITLES, type LibraryName, type VideoSort } from '@app/contracts';
import { formatDate } from '@/lib/format-date';

/** What differs between the two libraries (spec, section 2); everything else is shared. */
export interface LibraryConfig {
  title: string;
  subtitle: string;
  /** A class's creation day in the community's zone (see lib/format-date). */
  formatDate: (iso: string, timeZone: string | undefined) => string;
  /** Member view order (the server sorts): newest first by creation date, or the stored order. */
  memberSort: VideoSort;
  /** Loading look: the text 'Cargando contenido...' or a bare spinner. */
  loading: 'text' | 'spinner';
  /** The error screen's 'Reintentar': load the data again, or reload the page. */
  retry: 'refetch' | 'reload';
}

export const LIBRARY_CONFIG: Record<LibraryName, LibraryConfig> = {
  membresia: {
    title: TOOL_TITLES.membresia,
    subtitle: 'Explora las clases disponibles',
    formatDate: (iso, timeZone) => formatDate(iso, timeZone, 'numeric'),
    memberSort: 'newest',
    loading: 'text',
    retry: 'refetch',
  },
  'cafelito-virtual': {
    title: TOOL_TITLES['cafelito-virtual'],
    subtitle: 'Explora las clases disponibles',
    formatDate: (iso, timeZone) => formatDate(iso, timeZone, 'long'),
    memberSort: 'stored',
    loading: 'spinner',
    retry: 'reload',
  },
};
