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
import type { SettingsService } from './service';

/** Settings (/config): only a signed-in, active user whose role has the config permission gets here. */
const CONFIG = access.tool('config');

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  route(app, listUsers, CONFIG, ({ query }) => settings.listUsers(query));
  route(app, createUser, CONFIG, ({ body }) => settings.createUser(body));
  route(app, updateUser, CONFIG, ({ params, body }) => settings.updateUser(params.id, body));
  route(app, deleteUser, CONFIG, async ({ params, body }) => {
    await settings.deleteUser(params.id, body?.reason);
    return { ok: true as const };
  });

  route(app, bulkUsers, CONFIG, ({ body }) => settings.bulkUsers(body));

  route(app, listRoles, CONFIG, () => settings.listRoles());
  route(app, createRole, CONFIG, ({ body }) => settings.createRole(body));
  route(app, updateRole, CONFIG, ({ params, body }) => settings.updateRole(params.id, body));
  route(app, deleteRole, CONFIG, async ({ params }) => {
    await settings.deleteRole(params.id);
    return { ok: true as const };
  });

  route(app, listTools, CONFIG, () => settings.listTools());
  route(app, listRolePermissions, CONFIG, () => settings.listRolePermissions());
}
