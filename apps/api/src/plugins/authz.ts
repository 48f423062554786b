import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  isAdmin,
  MESSAGES,
  type Endpoint,
  type ToolName,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { Principal } from './session';

/** What a route requires. Every API route declares one; there is no default. */
export type Access =
  { kind: 'public' } | { kind: 'user' } | { kind: 'tool'; tool: ToolName } | { kind: 'admin' };

export const access = {
  public: { kind: 'public' },
  user: { kind: 'user' },
  admin: { kind: 'admin' },
  tool: (tool: ToolName) => ({ kind: 'tool', tool }),
} as const satisfies Record<string, Access | ((tool: ToolName) => Access)>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Whether the principal may use a route with this access (null = signed out). */
export function allows(rule: Access, user: Principal | null): boolean {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'user':
      return user !== null;
    case 'tool':
      return user !== null && user.permissions.includes(rule.tool);
    case 'admin':
      return user !== null && isAdmin(user);
  }
}

type Input<T> = [T] extends [undefined] ? undefined : z.output<NonNullable<T>>;

export interface RouteContext<E extends Endpoint, A extends Access> {
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: Input<E['body']>;
  user: A extends { kind: 'public' } ? null : Principal;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a route from its contract: the contract's schemas validate the input and serialize the answer,
 * and the declared access is enforced before the handler runs.
 */
export function route<E extends Endpoint, A extends Access>(
  app: FastifyInstance,
  endpoint: E,
  rule: A,
  handler: (ctx: RouteContext<E, A>) => Promise<z.input<E['response']>> | z.input<E['response']>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    // Contracts use `:name` path segments, Fastify's own syntax.
    url: endpoint.path,
    config: { access: rule },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    // Runs before body validation: an anonymous caller learns nothing about the expected input.
    onRequest: async (request, reply) => {
      // Public routes need no session: skip the database look-up on their hot path.
      if (rule.kind === 'public') return;
      const user = app.sessions.resolve(request, reply);
      if (!allows(rule, user)) throw user ? forbidden() : unauthorized();
      request.principal = user;
    },
    handler: async (request, reply) =>
      handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        user: request.principal as never,
        request,
        reply,
      }),
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses, at start-up, an API route that does not declare its access; rejects cross-site writes. */
export function registerAccessGuards(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (routeOptions: RouteOptions) => {
    if (!routeOptions.url.startsWith('/api')) return;
    if (!routeOptions.config?.access) {
      throw new Error(`Route ${String(routeOptions.method)} ${routeOptions.url} does not declare its access`);
    }
  });
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api')) return;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw new AppError(403, MESSAGES.csrf);
  });
}
