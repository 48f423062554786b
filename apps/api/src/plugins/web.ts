import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, PrerenderedPages } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './session';

/**
 * Serves the built web app: hashed assets cached for a year, pages never cached; the prerendered pages
 * (.vite/prerendered.json) for their paths, those rendered for a signed-in member only to a browser that holds a
 * session cookie (whether it is still valid is the app's first question to the API), and index.html for any other
 * GET outside /api so the client router handles its routes. Unknown API paths answer JSON 404.
 */
export const webPlugin = fp<{ webDistDir: string | undefined }>(async (app: FastifyInstance, opts) => {
  const root = opts.webDistDir;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (root !== undefined && !hasWeb) {
    app.log.warn(`No se encontró la aplicación web compilada en ${root}: solo se sirve la API`);
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const prerendered = hasWeb ? prerenderedPages(root) : new Map<string, PrerenderedPages[string]>();

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWeb && isPage) {
      const page = prerendered.get(request.url.split('?', 1)[0] ?? '');
      const fits = page && (page.session === 'signed-out' || request.cookies[SESSION_COOKIE] !== undefined);
      return reply.header('cache-control', 'no-cache').sendFile(fits ? page.file : 'index.html');
    }
    return reply.code(404).send({ error: MESSAGES.notFound });
  });
});

/** Path → prerendered page; none when the build has no such list. */
function prerenderedPages(root: string): Map<string, PrerenderedPages[string]> {
  const list = path.join(root, '.vite', 'prerendered.json');
  if (!existsSync(list)) return new Map();
  const pages = PrerenderedPages.parse(JSON.parse(readFileSync(list, 'utf8')));
  return new Map(Object.entries(pages).filter(([, page]) => existsSync(path.join(root, page.file))));
}
