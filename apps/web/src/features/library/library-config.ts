import { TOOL_TITLES, type LibraryName, type VideoSort } from '@app/contracts';

/** What differs between the two libraries (spec, section 2); everything else is shared. */
export interface LibraryConfig {
  title: string;
  subtitle: string;
  formatDate: (iso: string) => string;
  /** Member view order (the server sorts): newest first by creation date, or the stored order. */
  memberSort: VideoSort;
  /** Loading look: the text 'Cargando contenido...' or a bare spinner. */
  loading: 'text' | 'spinner';
  /** The error screen's 'Reintentar': load the data again, or reload the page. */
  retry: 'refetch' | 'reload';
}

const shortDate = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });
const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

const format = (formatter: Intl.DateTimeFormat) => (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
};

export const LIBRARY_CONFIG: Record<LibraryName, LibraryConfig> = {
  membresia: {
    title: TOOL_TITLES.membresia,
    subtitle: 'Explora las clases disponibles',
    formatDate: format(shortDate),
    memberSort: 'newest',
    loading: 'text',
    retry: 'refetch',
  },
  'cafelito-virtual': {
    title: TOOL_TITLES['cafelito-virtual'],
    subtitle: 'Explora las clases disponibles',
    formatDate: format(longDate),
    memberSort: 'stored',
    loading: 'spinner',
    retry: 'reload',
  },
};
