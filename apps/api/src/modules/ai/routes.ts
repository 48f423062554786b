import {
  createAiConnection,
  deleteAiConnection,
  getAiUsage,
  listAiConnectionModels,
  listAiConnections,
  testAiConnection,
  updateAiConnection,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { AiService } from './service';

/** The AI connections: administrators only; the tokens used: Estadísticas' holders. */
export function aiRoutes(app: FastifyInstance, service: AiService): void {
  route(app, listAiConnections, access.admin, () => service.list());
  route(app, createAiConnection, access.admin, ({ body, user }) => service.create(body, actorOf(user)));
  route(app, updateAiConnection, access.admin, ({ params, body, user }) =>
    service.update(params.id, body, actorOf(user)),
  );
  route(app, deleteAiConnection, access.admin, ({ params, user }) =>
    service.remove(params.id, actorOf(user)),
  );
  route(app, testAiConnection, access.admin, ({ params, body }) => service.test(params.id, body.model));
  route(app, listAiConnectionModels, access.admin, ({ params }) => service.models(params.id));
  route(app, getAiUsage, access.tool('estadisticas'), ({ query }) => service.usageReport(query.range));
}
