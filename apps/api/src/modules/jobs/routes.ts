import { getJobs } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { JobRunner } from './runner';

export function jobsRoutes(app: FastifyInstance, runner: JobRunner): void {
  route(app, getJobs, access.tool('config'), async () => ({ jobs: await runner.status() }));
}
