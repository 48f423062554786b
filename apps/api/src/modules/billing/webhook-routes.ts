import { NoQuery, stripeWebhook } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access } from '../../plugins/authz';
import type { BillingSync } from './sync';

/** Stripe's events are small; a larger body is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/billing/webhook, in its own encapsulated scope: its body stays the raw bytes Stripe signed (every
 * content type is read as a buffer here, and only here), and as a server-to-server route it answers to its
 * signature instead of a session or the CSRF header.
 */
export async function billingWebhookRoutes(app: FastifyInstance, sync: BillingSync): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.route({
      method: stripeWebhook.method,
      url: stripeWebhook.path,
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { access: access.public, endpoint: stripeWebhook, serverToServer: true },
      schema: { querystring: NoQuery, response: { 200: stripeWebhook.response } },
      handler: async (request) => {
        await sync.receive(request.body, request.headers['stripe-signature']);
        return { received: true } as const;
      },
    });
    done();
  });
}
