#!/usr/bin/env node
// After `vite build`: prerenders the pages ./pages.tsx lists into dist/<page>.html, each linking the styles and
// scripts of its lazy modules, and lists them (with the session each is for) in dist/.vite/prerendered.json for the
// server, which sends them for those paths instead of index.html. A server-side build of the app (vite build --ssr)
// renders them with the same components the browser runs.
/* global process */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = mkdtempSync(path.join(webRoot, 'node_modules', '.prerender-'));

try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/pages.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      manifest: false,
      sourcemap: false,
    },
  });
  const { render, PRERENDERED_PAGES } = await import(pathToFileURL(path.join(ssrOut, 'pages.js')).href);

  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

  /** The files a chunk loads (itself and every chunk it imports statically), scripts and styles in import order. */
  const filesOf = (key, seen) => {
    if (seen.has(key)) return { scripts: [], styles: [] };
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    const imported = (chunk.imports ?? []).map((child) => filesOf(child, seen));
    return {
      scripts: [...imported.flatMap((files) => files.scripts), chunk.file],
      styles: [...imported.flatMap((files) => files.styles), ...(chunk.css ?? [])],
    };
  };

  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

  /**
   * <head> links for the modules' files that index.html does not link yet: the styles (render-blocking: the
   * prerendered markup uses them), then the scripts, preloaded at low priority like the entry's.
   */
  const linksFor = (modules) => {
    const seen = new Set();
    const files = modules.map((key) => filesOf(key, seen));
    const missing = (file) => !template.includes(`/${file}"`);
    return [
      ...files
        .flatMap(({ styles }) => styles)
        .filter(missing)
        .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`),
      ...files
        .flatMap(({ scripts }) => scripts)
        .filter(missing)
        .map((file) => `    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">\n`),
    ].join('');
  };

  const rootMarkup = /<div id="root">[\s\S]*?<\/main>\s*<\/div>/;
  if (!rootMarkup.test(template)) throw new Error('prerender: no #root skeleton in dist/index.html');

  const pages = {};
  for (const [pathname, { modules, session }] of Object.entries(PRERENDERED_PAGES)) {
    const { html, title } = await render(pathname);
    const links = linksFor(modules);
    const page = template
      // The page is readable without its scripts: they yield the bandwidth to the styles its first paint needs.
      .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
      .replace(
        /<link rel="modulepreload" crossorigin/g,
        '<link rel="modulepreload" fetchpriority="low" crossorigin',
      )
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', () => `${links}  </head>`)
      .replace(rootMarkup, () => `<div id="root" data-prerendered="${session}">${html}</div>`);
    const file = `${pathname.slice(1)}.html`;
    writeFileSync(path.join(dist, file), page);
    pages[pathname] = { file, session };
  }
  writeFileSync(path.join(dist, '.vite', 'prerendered.json'), `${JSON.stringify(pages, null, 2)}\n`);
  process.stdout.write(`prerendered ${Object.keys(pages).join(', ')}\n`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
