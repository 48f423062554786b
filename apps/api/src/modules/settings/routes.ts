import {
  bulkUsers,
  createRole,
  createUser,
  deleteRole,
  deleteUser,
  listRolePermissions,
  listRoles,
  listTools,
  listUsers,
  updateRole,
  updateUser,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { SettingsService } from './service';

/** Settings (/config): only a signed-in, active user whose role has the config permission gets here. */
const CONFIG = access.tool('config');

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  route(app, listUsers, CONFIG, ({ query }) => settings.listUsers(query));
  route(app, createUser, CONFIG, ({ body, user }) => settings.createUser(body, actorOf(user)));
  route(app, updateUser, CONFIG, ({ params, body, user }) =>
    settings.updateUser(params.id, body, actorOf(user)),
  );
  route(app, deleteUser, CONFIG, async ({ params, body, user }) => {
    await settings.deleteUser(params.id, actorOf(user), body?.reason, body?.subscription_end);
    return { ok: true as const };
  });

  route(app, bulkUsers, CONFIG, ({ body, user }) => settings.bulkUsers(body, actorOf(user)));

  route(app, listRoles, CONFIG, () => settings.listRoles());
  route(app, createRole, CONFIG, ({ body, user }) => settings.createRole(body, actorOf(user)));
  route(app, updateRole, CONFIG, ({ params, body, user }) =>
    settings.updateRole(params.id, body, actorOf(user)),
  );
  route(app, deleteRole, CONFIG, async ({ params, user }) => {
    await settings.deleteRole(params.id, actorOf(user));
    return { ok: true as const };
  });

  route(app, listTools, CONFIG, () => settings.listTools());
  route(app, listRolePermissions, CONFIG, () => settings.listRolePermissions());
}
