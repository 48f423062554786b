import {
  createRedgramProfile,
  deleteRedgramHistoryEntry,
  deleteRedgramProfile,
  generateRedgram,
  getRedgramConfig,
  getRedgramReady,
  listRedgramHistory,
  listRedgramLogs,
  listRedgramProfiles,
  saveRedgramConfig,
  updateRedgramProfile,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sendGeneration } from '../../lib/generation';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { RedgramService } from './service';

export function redgramRoutes(app: FastifyInstance, redgram: RedgramService): void {
  const tool = access.tool('redgram');

  route(app, getRedgramConfig, access.admin, () => redgram.getConfig());
  route(app, getRedgramReady, tool, async () => ({ configured: await redgram.ready() }));
  route(app, saveRedgramConfig, access.admin, ({ body, user }) => redgram.saveConfig(body, actorOf(user)));
  route(app, listRedgramLogs, access.admin, () => redgram.latestLogs());

  route(app, listRedgramProfiles, tool, ({ user }) => redgram.listProfiles(user.id));
  route(app, createRedgramProfile, tool, ({ user, body }) => redgram.createProfile(user.id, body));
  route(app, updateRedgramProfile, tool, ({ user, params, body }) =>
    redgram.updateProfile(user.id, params.id, body),
  );
  route(app, deleteRedgramProfile, tool, async ({ user, params }) => {
    await redgram.deleteProfile(user.id, params.id);
    return { ok: true as const };
  });

  route(app, listRedgramHistory, tool, ({ user, query }) => redgram.history(user.id, query));
  route(app, deleteRedgramHistoryEntry, tool, async ({ user, params }) => {
    await redgram.deleteHistoryEntry(user.id, params.id);
    return { ok: true as const };
  });

  route(
    app,
    generateRedgram,
    tool,
    ({ user, body, request, reply }) =>
      sendGeneration(request, reply, (signal) => redgram.generate(user.id, body, signal)) as never,
  );
}
