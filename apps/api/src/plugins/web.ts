import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and index.html for any
 * other GET outside /api so the client router handles its routes. Unknown API paths answer JSON 404.
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

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: MESSAGES.notFound });
  });
});
