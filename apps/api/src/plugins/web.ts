import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, PrerenderedPages, type PublicConfig } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../integrations/letter';
import { SESSION_COOKIE } from './session';

/**
 * Serves the built web app: hashed assets cached for a year, pages never cached; the prerendered pages
 * (.vite/prerendered.json) for their paths, those rendered for a signed-in member only to a browser that holds a
 * session cookie (whether it is still valid is the app's first question to the API), and index.html for any other
 * GET outside /api so the client router handles its routes. Unknown API paths answer JSON 404.
 * Every page carries the public settings (the answer of /api/public-config), so the first screens show them
 * without a request and without loading the API client.
 */
export const webPlugin = fp<WebOptions>(async (app: FastifyInstance, opts) => {
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
      // Scripts and styles as the build compressed them (apps/web/scripts/precompress.mjs), when it did.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const prerendered = hasWeb ? prerenderedPages(root) : new Map<string, PrerenderedPages[string]>();
  const files = hasWeb ? ['index.html', ...[...prerendered.values()].map((page) => page.file)] : [];
  const pages = new Map(files.map((file) => [file, readFileSync(path.join(root ?? '', file), 'utf8')]));

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWeb && isPage) {
      const config = await opts.publicConfig();
      // The prerendered pages were drawn with the app's own name and cup at build time: a community with its
      // own name or logo gets index.html, whose first paint carries them.
      const branded = config.communityName !== null || config.communityLogoUrl !== null;
      const page = branded ? undefined : prerendered.get(request.url.split('?', 1)[0] ?? '');
      const fits = page && (page.session === 'signed-out' || request.cookies[SESSION_COOKIE] !== undefined);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withPublicConfig(pages.get(fits ? page.file : 'index.html') ?? '', config));
    }
    return reply.code(404).send({ error: MESSAGES.notFound });
  });
});

interface WebOptions {
  webDistDir: string | undefined;
  /** Read for each page, so a new name or logo shows on the next page load. */
  publicConfig: () => Promise<PublicConfig>;
}

/**
 * The page with the settings as a JSON data block (never run, so the CSP allows it) at the end of its head, and
 * the community's name in its title and first-paint bar when it has one.
 */
function withPublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const named = config.communityName === null ? html : withName(html, escapeHtml(config.communityName));
  return named.replace(
    '</head>',
    () => `<script type="application/json" id="public-config">${json}</script></head>`,
  );
}

/** index.html's title and boot bar with the community's name (already escaped). */
const withName = (html: string, name: string): string =>
  html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace('<span class="boot-brand">Inicio</span>', () => `<span class="boot-brand">${name}</span>`);

/** Path → prerendered page; none when the build has no such list. */
function prerenderedPages(root: string): Map<string, PrerenderedPages[string]> {
  const list = path.join(root, '.vite', 'prerendered.json');
  if (!existsSync(list)) return new Map();
  const pages = PrerenderedPages.parse(JSON.parse(readFileSync(list, 'utf8')));
  return new Map(Object.entries(pages).filter(([, page]) => existsSync(path.join(root, page.file))));
}
