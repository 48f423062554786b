import { REPORT_API, type LibraryName } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { ReportsService } from './service';

/** The progress reports of one library: administrators only. */
export function reportsRoutes(app: FastifyInstance, library: LibraryName, reports: ReportsService): void {
  const api = REPORT_API[library];
  route(app, api.members, access.admin, ({ query }) => reports.memberReport(query));
  route(app, api.videos, access.admin, ({ query }) => reports.videoReport(query));
  route(app, api.exportMembers, access.admin, ({ body }) => reports.exportMemberReport(body));
}
