import { exportMembers, importMembers, MEMBERS_IMPORT_BODY_LIMIT } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { MembersIoService } from './service';

/** Members in and out (/config, Usuarios): the same permission as the user table. */
const CONFIG = access.tool('config');

export function membersIoRoutes(app: FastifyInstance, members: MembersIoService): void {
  route(app, importMembers, CONFIG, ({ body, user }) => members.importMembers(body, actorOf(user)), {
    bodyLimit: MEMBERS_IMPORT_BODY_LIMIT,
  });
  route(app, exportMembers, CONFIG, ({ body, user }) =>
    members.exportMembers(
      { search: body.search, pending: body.pending, billing: body.billing },
      body.include_hashes,
      actorOf(user),
    ),
  );
}
