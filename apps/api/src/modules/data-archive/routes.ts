import {
  downloadDataArchive,
  getMemberDataArchive,
  getMyDataArchive,
  requestMemberDataArchive,
  requestMyDataArchive,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { DataArchiveService } from './service';

export function dataArchiveRoutes(app: FastifyInstance, archives: DataArchiveService): void {
  route(app, getMyDataArchive, access.user, ({ user }) => archives.ownState(user));
  route(app, requestMyDataArchive, access.user, ({ user }) => archives.requestOwn(user));
  route(app, getMemberDataArchive, access.admin, ({ user, params }) => archives.memberState(user, params.id));
  route(app, requestMemberDataArchive, access.admin, ({ user, params }) =>
    archives.requestForMember({ ...actorOf(user), ...user }, params.id),
  );
  // The ZIP is sent as it is: a Buffer skips the contract's JSON serializer.
  route(app, downloadDataArchive, access.user, async ({ user, params, reply }) => {
    const { zip, fileName } = await archives.download(params.id, user);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(zip) as never;
  });
}
