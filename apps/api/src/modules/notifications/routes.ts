import { getMailSettings, saveMailSettings } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { Notifier } from './service';

/** The account-email switches (/config, "Correos"): the same permission as the user table. */
const CONFIG = access.tool('config');

export function notificationsRoutes(app: FastifyInstance, notifier: Notifier): void {
  route(app, getMailSettings, CONFIG, () => notifier.settings());
  route(app, saveMailSettings, CONFIG, ({ body, user }) => notifier.saveSettings(body, actorOf(user)));
}
