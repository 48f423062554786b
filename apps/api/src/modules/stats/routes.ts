import {
  statsChartExport,
  statsClassCategories,
  statsClassExport,
  statsClassList,
  statsOverview,
  statsToday,
  type StatsToday,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { StatsService } from './service';

/** Estadísticas: holders of its permission only (administrators have it). */
export function statsRoutes(
  app: FastifyInstance,
  stats: StatsService,
  today: () => Promise<StatsToday>,
): void {
  route(app, statsToday, access.tool('estadisticas'), () => today());
  route(app, statsOverview, access.tool('estadisticas'), ({ query }) => stats.overview(query.range));
  route(app, statsClassList, access.tool('estadisticas'), ({ query }) => stats.classes(query));
  route(app, statsClassCategories, access.tool('estadisticas'), ({ query }) =>
    stats.classCategories(query.library),
  );
  route(app, statsChartExport, access.tool('estadisticas'), ({ query }) =>
    stats.exportChart(query.range, query.chart, query.currency),
  );
  route(app, statsClassExport, access.tool('estadisticas'), ({ query }) =>
    stats.exportClasses(query.library),
  );
}
