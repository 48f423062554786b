import { getRetention, previewRetention, saveRetention } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { RetentionService } from './service';

/** Like the rest of /config: the config permission. */
const CONFIG = access.tool('config');

export function retentionRoutes(app: FastifyInstance, retention: RetentionService): void {
  route(app, getRetention, CONFIG, () => retention.view());
  route(app, previewRetention, CONFIG, ({ body }) => retention.preview(body));
  route(app, saveRetention, CONFIG, ({ body, user }) => retention.save(body, actorOf(user)));
}
