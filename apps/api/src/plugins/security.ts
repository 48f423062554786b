import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { routedPath } from './authz';

/** Our security headers: a CSP that allows only our own code and the Google Drive preview frame. */
function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables in a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://drive.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Drive preview is a cross-origin frame without CORP headers.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets, computed once: they do not vary per request (no CSP nonces), and building helmet's
 * middleware for every request (what @fastify/helmet does) cost a sixth of a small request's time.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(helmetOptions(https))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('helmet failed to set the headers');
    },
  );
  return headers;
}

/**
 * The headers of an API answer (JSON, never rendered as a page): the short set OWASP's REST Security Cheat
 * Sheet recommends. Member data is never stored by caches. helmet's full page set is left to pages: its
 * directives only mean something in a document, and they would weigh on every small answer.
 */
function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** The API docs page is a document (HTML, scripts): it gets the page headers. Decided by the routed path. */
const isApiAnswer = (request: FastifyRequest) => {
  const path = routedPath(request);
  return path.startsWith('/api/') && !path.startsWith('/api/docs');
};

/** Security headers on every answer (pages and API each their own set), and compression. */
export const securityPlugin = fp<{ https: boolean }>(async (app: FastifyInstance, opts) => {
  const pageHeaders = securityHeaders(opts.https);
  const apiHeaders = apiSecurityHeaders(opts.https);
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request) ? apiHeaders : pageHeaders);
    done();
  });
  await app.register(fastifyCompress, { threshold: 1024 });
});
