import {
  announcementAudienceOptions,
  announcementControl,
  announcementCreate,
  announcementDelete,
  announcementEmailChoiceGet,
  announcementEmailChoiceSave,
  announcementFailingAddresses,
  announcementFeed,
  announcementGet,
  announcementPreview,
  announcementPublish,
  announcementReach,
  announcementRead,
  announcementRecipientsList,
  announcementSendTest,
  announcementStats,
  announcementsList,
  announcementUnsubscribe,
  announcementUpdate,
  NoQuery,
  UnsubscribeToken,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { access, route } from '../../plugins/authz';
import type { AnnouncementsService } from './service';

/** The one-click POST of a mail client carries a small form body (`List-Unsubscribe=One-Click`). */
const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;

/**
 * Comunicados: writing and sending for holders of its tool; reading and the email choice for every member;
 * the figures for Estadísticas; the failing addresses for Configuración.
 */
export async function announcementsRoutes(
  app: FastifyInstance,
  service: AnnouncementsService,
): Promise<void> {
  const tool = access.tool('comunicados');
  route(app, announcementsList, tool, ({ query }) => service.list(query.after, query.limit));
  route(app, announcementRecipientsList, tool, ({ params, query }) =>
    service.recipients(params.id, query.status, query.after, query.limit),
  );
  route(app, announcementCreate, tool, ({ user, body }) => service.create(user, body));
  route(app, announcementReach, tool, ({ body }) => service.reach(body.audience));
  route(app, announcementAudienceOptions, tool, () => service.audienceOptions());
  route(app, announcementPreview, tool, ({ body }) => service.preview(body));
  route(app, announcementGet, tool, ({ params }) => service.get(params.id));
  route(app, announcementUpdate, tool, ({ params, body }) => service.update(params.id, body));
  route(app, announcementDelete, tool, async ({ params }) => {
    await service.remove(params.id);
    return { ok: true } as const;
  });
  route(app, announcementSendTest, tool, ({ user, params }) => service.sendTest(user, params.id));
  route(app, announcementPublish, tool, ({ user, params, body }) =>
    service.publish(user, params.id, body.publish_at),
  );
  route(app, announcementControl, tool, ({ user, params, body }) =>
    service.control(user, params.id, body.action),
  );

  route(app, announcementFeed, access.user, ({ user, query }) =>
    service.feed(user.id, query.limit, query.after),
  );
  route(app, announcementRead, access.user, ({ user, params }) => service.read(user.id, params.id));
  route(app, announcementEmailChoiceGet, access.user, ({ user }) => service.emailChoice(user.id));
  route(app, announcementEmailChoiceSave, access.user, ({ user, body }) =>
    service.saveEmailChoice(user.id, body.receive),
  );

  route(app, announcementStats, access.tool('estadisticas'), async () => ({
    items: await service.figures(),
  }));
  route(app, announcementFailingAddresses, access.tool('config'), async () => ({
    items: await service.failingAddresses(),
  }));

  // RFC 8058: a mail client POSTs a form without a session or our CSRF header; the signed token is the proof.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.route({
      method: announcementUnsubscribe.method,
      url: announcementUnsubscribe.path,
      bodyLimit: UNSUBSCRIBE_BODY_LIMIT,
      config: { access: access.public, endpoint: announcementUnsubscribe, serverToServer: true },
      schema: {
        querystring: NoQuery.extend({ token: UnsubscribeToken }),
        response: { 200: announcementUnsubscribe.response },
      },
      handler: async (request) => {
        const { token } = request.query as { token?: unknown };
        const parsed = UnsubscribeToken.safeParse(token);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'El enlace no es válido');
        await service.unsubscribe(parsed.data);
        return { ok: true } as const;
      },
    });
    done();
  });
}
