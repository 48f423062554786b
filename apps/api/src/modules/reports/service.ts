import {
  progressPercent,
  type LibraryName,
  type MemberProgressPage,
  type ReportExport,
  type VideoCompletionPage,
} from '@app/contracts';
import type { Clock } from '../../lib/clock';
import { writeCsv } from '../../lib/csv';
import type { MemberReportFilter, ReportsRepo } from './repo';

/** The most rows one CSV export of a report holds (a whole community, read page by page). */
const EXPORT_PAGE = 1000;

export function createReportsService({
  repo,
  clock,
  library,
}: {
  repo: ReportsRepo;
  clock: Clock;
  library: LibraryName;
}) {
  async function memberPage(filter: MemberReportFilter, page: number, pageSize: number) {
    const categorias = await repo.categories();
    const total = categorias.reduce((sum, c) => sum + c.total, 0);
    const { rows, total: members } = await repo.memberPage(filter, pageSize, (page - 1) * pageSize);
    const perCategory = await repo.perCategory(rows.map((r) => r.user_id));
    const done = new Map(perCategory.map((r) => [`${r.user_id}:${r.categoria_id}`, r.completadas]));
    const items = rows.map(({ total_rows: _total, ...row }) => ({
      ...row,
      total,
      porcentaje: progressPercent(row.completadas, total),
      categorias: categorias.map((c) => {
        const completadas = done.get(`${row.user_id}:${c.id}`) ?? 0;
        return {
          categoria_id: c.id,
          completadas,
          total: c.total,
          porcentaje: progressPercent(completadas, c.total),
        };
      }),
    }));
    return { items, total: members, page, pageSize, categorias };
  }

  return {
    memberReport: (
      filter: MemberReportFilter & { page: number; pageSize: number },
    ): Promise<MemberProgressPage> => memberPage(filter, filter.page, filter.pageSize),

    async videoReport({ page, pageSize }: { page: number; pageSize: number }): Promise<VideoCompletionPage> {
      const { rows, total } = await repo.videoPage(pageSize, (page - 1) * pageSize);
      return { items: rows.map(({ total_rows: _total, ...row }) => row), total, page, pageSize };
    },

    /** The whole filtered report as CSV: one column pair per category, then the overall figures. */
    async exportMemberReport(filter: MemberReportFilter): Promise<ReportExport> {
      const first = await memberPage(filter, 1, EXPORT_PAGE);
      const items = [...first.items];
      for (let page = 2; items.length < first.total; page++) {
        const next = await memberPage(filter, page, EXPORT_PAGE);
        if (next.items.length === 0) break;
        items.push(...next.items);
      }
      const header = [
        'Usuario',
        'Correo electrónico',
        'Rol',
        ...first.categorias.flatMap((c) => [`${c.nombre} (completados)`, `${c.nombre} (%)`]),
        'Completados',
        'Total',
        'Progreso (%)',
      ];
      const rows = items.map((m) => [
        m.username,
        m.email,
        m.role,
        ...m.categorias.flatMap((c) => [`${c.completadas}/${c.total}`, String(c.porcentaje)]),
        String(m.completadas),
        String(m.total),
        String(m.porcentaje),
      ]);
      const day = clock.now().toISOString().slice(0, 10);
      return { filename: `progreso-${library}-${day}.csv`, csv: writeCsv(header, rows), rows: rows.length };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
