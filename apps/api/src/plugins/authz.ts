import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  isAdmin,
  MESSAGES,
  NoQuery,
  REAUTH_FIELD,
  TWO_FACTOR_MESSAGES,
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
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'confirmed' }
  | { kind: 'tool'; tool: ToolName }
  | { kind: 'admin' };

export const access = {
  public: { kind: 'public' },
  user: { kind: 'user' },
  /** A signed-in user who confirmed their identity on this session a few minutes ago (sudo mode). */
  confirmed: { kind: 'confirmed' },
  admin: { kind: 'admin' },
  tool: (tool: ToolName) => ({ kind: 'tool', tool }),
} as const satisfies Record<string, Access | ((tool: ToolName) => Access)>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The contract the route was registered from (absent on a third-party plugin's routes). */
    endpoint?: Endpoint;
    /**
     * A server-to-server route that authenticates each request by its own signature (a payment provider's
     * webhook): no browser sends it, so the CSRF header is not asked for.
     */
    serverToServer?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route registered so far, with its declared access: the access-matrix and fuzz tests walk it. */
    apiRoutes: ApiRoute[];
    /** Access of every route a third-party plugin registers in this encapsulated scope (see declareScopeAccess). */
    scopedAccess?: Access;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  endpoint: Endpoint | undefined;
}

/** Whether the principal may use a route with this access (null = signed out). */
function allows(rule: Access, user: Principal | null): boolean {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'user':
    case 'confirmed':
      return user !== null;
    case 'tool':
      return user?.permissions.includes(rule.tool) ?? false;
    case 'admin':
      return user !== null && isAdmin(user);
  }
}

/** What a handler answers: the contract's value, written by the contract's own serializer. */
type Answer<E extends Endpoint> = z.input<E['response']>;

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
  handler: (ctx: RouteContext<E, A>) => Answer<E> | Promise<Answer<E>>,
  /** A route that takes a larger body than the app's default (a CSV upload) says so here. */
  options: { bodyLimit?: number } = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: endpoint.method,
    // Contracts use `:name` path segments, Fastify's own syntax.
    url: endpoint.path,
    config: { access: rule, endpoint },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      // A route without a query refuses any query key (the contracts make declared queries strict).
      querystring: endpoint.query ?? NoQuery,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    onRequest: accessHook(app, rule),
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

/** Runs before body validation: an anonymous caller learns nothing about the expected input. */
function accessHook(app: FastifyInstance, rule: Access) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // Public routes need no session: skip the database look-up on their hot path.
    if (rule.kind === 'public') return;
    const user = await app.sessions.resolve(request, reply);
    if (!allows(rule, user)) throw user ? forbidden() : unauthorized();
    if (rule.kind === 'confirmed' && !user?.identityConfirmed) {
      throw new AppError(403, TWO_FACTOR_MESSAGES.confirmIdentity, REAUTH_FIELD);
    }
    request.principal = user;
  };
}

/**
 * Declares, inside an encapsulated plugin, the access of the routes a third-party plugin registers there (the
 * API docs pages): they are enforced like route()'s. Call it before registering that plugin.
 */
export function declareScopeAccess(scope: FastifyInstance, rule: Access): void {
  scope.decorate<Access>('scopedAccess', rule);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The path a request is routed by: the matched route's pattern, or (no route matched) the percent-decoded
 * path. Never the raw URL: `/%61pi/...` reaches the `/api/...` routes, so a check on the raw URL is skipped.
 */
export function routedPath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched !== undefined) return matched;
  const rawPath = request.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

/** Whether a request goes to the API (by its route, not by how its URL is spelled). */
const isApiRequest = (request: FastifyRequest): boolean =>
  request.routeOptions.config?.access !== undefined || routedPath(request).startsWith('/api');

/** Refuses, at start-up, an API route that does not declare its access; rejects cross-site writes. */
export function registerAccessGuards(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', function (this: FastifyInstance, routeOptions: RouteOptions) {
    if (!routeOptions.url.startsWith('/api')) return;
    let rule = routeOptions.config?.access;
    if (!rule && this.scopedAccess) {
      rule = this.scopedAccess;
      routeOptions.config = { ...routeOptions.config, access: rule };
      const existing = routeOptions.onRequest;
      routeOptions.onRequest = [
        accessHook(this, rule),
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    }
    if (!rule) {
      throw new Error(`Route ${String(routeOptions.method)} ${routeOptions.url} does not declare its access`);
    }
    for (const method of [routeOptions.method].flat()) {
      app.apiRoutes.push({
        method,
        url: routeOptions.url,
        access: rule,
        endpoint: routeOptions.config?.endpoint,
      });
    }
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const crossSiteWrite =
      !SAFE_METHODS.has(request.method) &&
      isApiRequest(request) &&
      request.routeOptions.config?.serverToServer !== true &&
      request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE;
    done(crossSiteWrite ? new AppError(403, MESSAGES.csrf) : undefined);
  });
}
