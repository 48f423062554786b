import { exportHistory, listHistory, listHistoryActors } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { HistoryService } from './service';

/** Historial (/config): the same gate as the rest of /config, the config permission. */
const CONFIG = access.tool('config');

export function historyRoutes(app: FastifyInstance, history: HistoryService): void {
  route(app, listHistory, CONFIG, ({ query }) => history.list(query));
  route(app, listHistoryActors, CONFIG, () => history.actors());
  route(app, exportHistory, CONFIG, ({ body }) => history.exportCsv(body));
}
