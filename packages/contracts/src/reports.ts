import { z } from 'zod';
import { endpointsOf, ID_MAX } from './http';
import { LIBRARY_NAMES, type LibraryName } from './library';
import { pageOf, pageQueryFields } from './pagination';

/**
 * Progress reports of the video libraries (Membresía, Cafelito Virtual) for administrators: per member,
 * completed / total and % per category and overall; per video, how many members completed it.
 * The members counted are those whose role can open the library.
 */

export const REPORT_PAGE_SIZE = 20;
export const REPORT_PAGE_SIZE_MAX = 100;

export const REPORT_MESSAGES = {
  load: 'Error al cargar el informe de progreso',
  export: 'Error al exportar el informe',
  empty: 'Ningún miembro con acceso a esta biblioteca',
  noVideos: 'Esta biblioteca aún no tiene videos',
} as const;

export const ProgressCount = z.strictObject({
  completadas: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Whole percent, rounded down (100 only when everything is completed); 0 when there is nothing. */
  porcentaje: z.number().int().min(0).max(100),
});

export const MemberProgressRow = ProgressCount.extend({
  user_id: z.number().int().positive().max(ID_MAX),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  categorias: z.array(ProgressCount.extend({ categoria_id: z.number().int().positive().max(ID_MAX) })),
});
export type MemberProgressRow = z.infer<typeof MemberProgressRow>;

export const ReportCategory = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  nombre: z.string(),
  total: z.number().int().nonnegative(),
});

export const MemberProgressSort = z.enum(['username', 'progreso']);

const memberReportFilters = {
  role_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  sort: MemberProgressSort.default('progreso'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const MemberProgressQuery = z.strictObject({
  ...pageQueryFields(REPORT_PAGE_SIZE, REPORT_PAGE_SIZE_MAX),
  ...memberReportFilters,
});
export type MemberProgressQuery = z.input<typeof MemberProgressQuery>;

export const MemberProgressPage = pageOf(MemberProgressRow).extend({ categorias: z.array(ReportCategory) });
export type MemberProgressPage = z.infer<typeof MemberProgressPage>;

export const VideoCompletionRow = z.strictObject({
  video_id: z.number().int().positive().max(ID_MAX),
  titulo: z.string(),
  categoria_id: z.number().int().positive().max(ID_MAX),
  /** Members who marked it as watched. */
  completados: z.number().int().nonnegative(),
});
export type VideoCompletionRow = z.infer<typeof VideoCompletionRow>;

export const VideoCompletionQuery = z.strictObject({
  ...pageQueryFields(REPORT_PAGE_SIZE, REPORT_PAGE_SIZE_MAX),
});
export const VideoCompletionPage = pageOf(VideoCompletionRow);
export type VideoCompletionPage = z.infer<typeof VideoCompletionPage>;

export const ReportExportBody = z.strictObject(memberReportFilters);
export type ReportExportBody = z.input<typeof ReportExportBody>;

export const ReportExport = z.strictObject({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type ReportExport = z.infer<typeof ReportExport>;

function reportEndpoints(library: LibraryName) {
  const endpoint = endpointsOf(library);
  const base = `/api/${library}/informes`;
  return {
    members: endpoint({
      summary: 'Devuelve el progreso de cada miembro',
      method: 'GET',
      path: `${base}/miembros`,
      query: MemberProgressQuery,
      response: MemberProgressPage,
    }),
    videos: endpoint({
      summary: 'Devuelve cuántos miembros completaron cada vídeo',
      method: 'GET',
      path: `${base}/videos`,
      query: VideoCompletionQuery,
      response: VideoCompletionPage,
    }),
    exportMembers: endpoint({
      summary: 'Exporta en CSV el progreso de los miembros',
      method: 'POST',
      path: `${base}/miembros/exportar`,
      body: ReportExportBody,
      response: ReportExport,
    }),
  };
}

export type ReportApi = ReturnType<typeof reportEndpoints>;

export const REPORT_API = Object.fromEntries(
  LIBRARY_NAMES.map((library) => [library, reportEndpoints(library)]),
) as Record<LibraryName, ReportApi>;

/** Whole percent rounded down, so 99.9 % never shows as 100 %. */
export const progressPercent = (completadas: number, total: number): number =>
  total === 0 ? 0 : Math.floor((completadas * 100) / total);
