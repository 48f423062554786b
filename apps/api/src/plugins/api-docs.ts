import {
  API_TAGS,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ErrorResponse,
  openApiDocument,
  TOOL_TITLES,
  type Endpoint,
} from '@app/contracts';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { access, declareScopeAccess, route, type Access } from './authz';
import { SESSION_COOKIE } from './session';

export const API_DOCS_PAGE = '/api/docs';

/**
 * The API describes itself: an OpenAPI 3 document generated from the routes' contracts (their zod schemas) at
 * /api/openapi.json, and a Swagger UI page at /api/docs. Registered before the routes so it sees all of them.
 */
export const apiDocsPlugin = fp<{
  mode: Config['apiDocs'];
  appUrl: Config['appUrl'];
}>(async (app: FastifyInstance, opts) => {
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
      // Relative when the public address is unknown: "Try it out" then calls the server that served the page.
      servers: [{ url: opts.appUrl?.replace(/\/+$/, '') ?? '/' }],
      tags: Object.values(API_TAGS).map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    transform: (input) => jsonSchemaTransform({ ...input, schema: describeOperation(input) }),
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

/**
 * What the documentation says of an operation besides its schemas, all taken from its contract and its declared
 * access, so a new route is documented like the others: summary, tag, operationId, security and error answers.
 */
function describeOperation({ schema, route: options }: Parameters<SwaggerTransform>[0]): FastifySchema {
  const endpoint = options.config?.endpoint;
  const rule = options.config?.access;
  if (!endpoint || !rule) return schema;
  const signed = options.config?.serverToServer === true;
  const writes = endpoint.method !== 'GET' && !signed;
  const forbidden = [
    rule.kind === 'tool' || rule.kind === 'admin' ? 'sin permiso para esta operación' : undefined,
    writes ? `sin la cabecera \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\`` : undefined,
  ].filter((reason) => reason !== undefined);
  return {
    ...schema,
    summary: endpoint.summary,
    description: signed ? SIGNED_DESCRIPTION : accessDescription(rule),
    tags: [API_TAGS[endpoint.tag].name],
    operationId: operationId(endpoint),
    security: rule.kind === 'public' ? [] : [{ cookieAuth: [] }],
    response: {
      ...(schema.response as object),
      400: errorAnswer('Petición no válida: el mensaje dice qué dato corregir'),
      ...(rule.kind === 'public' ? {} : { 401: errorAnswer('Sin sesión iniciada') }),
      ...(forbidden.length > 0 ? { 403: errorAnswer(`Rechazada: ${forbidden.join(', o ')}`) } : {}),
    },
  };
}

const SIGNED_DESCRIPTION =
  'Llamada de servidor a servidor: sin sesión ni cabecera CSRF; la autentica la firma de su cabecera ' +
  '`Stripe-Signature` sobre el cuerpo tal como llega (el evento de Stripe en JSON).';

function accessDescription(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'Pública: no necesita sesión.';
    case 'user':
      return 'Necesita una sesión iniciada.';
    case 'confirmed':
      return 'Necesita una sesión iniciada en la que se haya confirmado la identidad hace unos minutos (contraseña y, si la cuenta tiene aplicación de autenticación, un código).';
    case 'tool':
      return `Necesita una sesión con acceso a la herramienta «${TOOL_TITLES[rule.tool]}».`;
    case 'admin':
      return 'Solo para administradores.';
  }
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponse } },
});

/**
 * `GET /api/membresia/videos/:id` -> `getMembresiaVideosById` (`:role_id` -> `ByRoleId`): unique because method
 * and path are.
 */
function operationId({ method, path }: Endpoint): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const param = segment.startsWith(':');
      const parts = (param ? segment.slice(1) : segment).split(/[^A-Za-z0-9]+/);
      return param ? ['by', ...parts] : parts;
    });
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}
