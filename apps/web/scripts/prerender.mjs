#!/usr/bin/env node
// After `vite build`: draws the pages src/prerender.tsx lists into dist/<page>.html, each with the styles of its
// screen's chunk, and lists them (with the visitor each is for) in dist/.vite/prerendered.json for the server, which
// sends them for those paths instead of index.html. A server-side build of the app (vite build --ssr) draws them
// with the same components the browser runs.
/* global process */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = mkdtempSync(path.join(webRoot, 'node_modules', '.prerender-'));

try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, sourcemap: false },
  });
  const { render, PRERENDERED_PAGES } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

  /** The stylesheets of a chunk and of every chunk it imports statically, as the browser would load them. */
  const stylesOf = (key, seen = new Set()) => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    return [...(chunk.imports ?? []).flatMap((imported) => stylesOf(imported, seen)), ...(chunk.css ?? [])];
  };

  const rootMarkup = /<div id="root">[\s\S]*?<\/main>\s*<\/div>/;
  if (!rootMarkup.test(template)) throw new Error('prerender: no #root skeleton in dist/index.html');

  const pages = {};
  for (const [pathname, { screen, visitor }] of Object.entries(PRERENDERED_PAGES)) {
    const { html, title } = await render(pathname);
    const links = [...new Set(stylesOf(screen))]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`);
    const page = template
      // The page is readable without its scripts: they yield the bandwidth to the styles its first paint needs.
      .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
      .replace(
        /<link rel="modulepreload" crossorigin/g,
        '<link rel="modulepreload" fetchpriority="low" crossorigin',
      )
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', () => `${links.join('')}  </head>`)
      .replace(rootMarkup, () => `<div id="root" data-prerendered="${visitor}">${html}</div>`);
    const file = `${pathname.slice(1)}.html`;
    writeFileSync(path.join(dist, file), page);
    pages[pathname] = { file, visitor };
  }
  writeFileSync(path.join(dist, '.vite', 'prerendered.json'), `${JSON.stringify(pages, null, 2)}\n`);
  process.stdout.write(`prerendered ${Object.keys(pages).join(', ')}\n`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
