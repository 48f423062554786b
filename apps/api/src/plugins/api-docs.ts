import { openApiDocument } from '@app/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { access, declareScopeAccess, route } from './authz';

export const API_DOCS_PAGE = '/api/docs';

/**
 * The API describes itself: an OpenAPI 3 document generated from the routes' contracts (their zod schemas) at
 * /api/openapi.json, and a Swagger UI page at /api/docs. Registered before the routes so it sees all of them.
 */
export const apiDocsPlugin = fp<{ mode: Config['apiDocs'] }>(async (app: FastifyInstance, opts) => {
  if (opts.mode === 'off') return;
  const rule = opts.mode === 'public' ? access.public : access.admin;

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Comunidad: API',
        description:
          'Generated from the contracts in packages/contracts. Sessions are an httpOnly cookie set by ' +
          'POST /api/auth/login; every state-changing request needs the header `X-Requested-With: fetch`. ' +
          'Errors answer `{ error, field? }` with a Spanish message.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  route(app, openApiDocument, rule, () => app.swagger() as never);

  await app.register(async (scope) => {
    declareScopeAccess(scope, rule);
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PAGE,
      // Our own Content-Security-Policy (plugins/security.ts) applies: the page loads only same-origin files.
      staticCSP: false,
    });
  });
});
