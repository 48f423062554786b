/* global structuredClone */
// The budget of the first screens, from Vite's build manifest (dist/.vite/manifest.json): for each route, the
// files it loads before a visitor can use it (its entries and every chunk they import statically), their gzip
// size in JavaScript and CSS and their number, against the limits in ../budget.json. Pure functions:
// ./check-budget.mjs reads the build and prints the result.

/**
 * The chunks a route loads: each of its manifest keys (`index.html` for the app's entry, a source path for a lazy
 * module) and everything they import statically, each chunk once, in load order.
 * @param {Record<string, { file: string, name?: string, imports?: string[], css?: string[] }>} manifest
 * @param {string[]} keys
 */
export function routeChunks(manifest, keys) {
  const seen = new Set();
  const chunks = [];
  const visit = (key, from) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key}${from ? ` (imported by ${from})` : ''} is not in the build manifest`);
    for (const child of chunk.imports ?? []) visit(child, key);
    chunks.push({ key, name: chunkName(chunk), file: chunk.file, css: chunk.css ?? [] });
  };
  for (const key of keys) visit(key, undefined);
  return chunks;
}

/** A chunk's name without its content hash: stable across builds, so a report can say which one changed. */
const chunkName = (chunk) => chunk.name ?? chunk.file.replace(/^.*\//, '').replace(/-[\w-]{8}\.\w+$/, '');

/** A file's name without its content hash (`assets/app-B8xwVrm0.css` → `app.css`). */
const fileName = (file) => file.replace(/^.*\//, '').replace(/-[\w-]{8}(\.\w+)$/, '$1');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Checks every route of `budget` against the build: gzip JavaScript and CSS under `maxJsKb` and `maxCssKb`, at
 * most `maxFiles` files. A failure names the route and the chunks that explain it: those the route did not load
 * when its budget was recorded (`chunks`, name → gzip KB), then those that grew most.
 * @param {{ manifest: object, budget: { routes: Record<string, RouteBudget> }, gzipSize: (file: string) => number }} input
 * @returns {{ routes: RouteResult[], failures: string[] }}
 *
 * @typedef {{ loads: string[], maxJsKb: number, maxCssKb: number, maxFiles: number, chunks?: Record<string, number> }} RouteBudget
 * @typedef {{ route: string, jsBytes: number, cssBytes: number, files: number, chunks: Record<string, number>, budget: RouteBudget }} RouteResult
 */
export function checkBudget({ manifest, budget, gzipSize }) {
  const routes = [];
  const failures = [];
  for (const [route, limits] of Object.entries(budget.routes)) {
    const chunks = routeChunks(manifest, limits.loads);
    /** name → gzip bytes, a chunk's styles under its name plus `.css`. */
    const sizes = {};
    let jsBytes = 0;
    let cssBytes = 0;
    const cssFiles = new Set();
    for (const chunk of chunks) {
      const js = gzipSize(chunk.file);
      jsBytes += js;
      sizes[chunk.name] = (sizes[chunk.name] ?? 0) + js;
      for (const css of chunk.css) {
        if (cssFiles.has(css)) continue;
        cssFiles.add(css);
        const size = gzipSize(css);
        cssBytes += size;
        sizes[fileName(css)] = (sizes[fileName(css)] ?? 0) + size;
      }
    }
    const files = chunks.length + cssFiles.size;
    const result = { route, jsBytes, cssBytes, files, chunks: sizes, budget: limits };
    routes.push(result);

    const over = [];
    if (jsBytes > limits.maxJsKb * 1024)
      over.push(`${kb(jsBytes)} of gzip JavaScript (budget ${limits.maxJsKb} KB)`);
    if (cssBytes > limits.maxCssKb * 1024)
      over.push(`${kb(cssBytes)} of gzip CSS (budget ${limits.maxCssKb} KB)`);
    if (files > limits.maxFiles) over.push(`${files} files (budget ${limits.maxFiles})`);
    if (over.length > 0) failures.push(`${route} is over its budget: ${over.join(', ')}. ${blame(result)}`);
  }
  return { routes, failures };
}

/** The chunks that explain a route's growth, against the sizes recorded with its budget. */
function blame({ chunks, budget }) {
  const recorded = budget.chunks ?? {};
  const added = Object.entries(chunks)
    .filter(([name]) => recorded[name] === undefined)
    .sort(([, a], [, b]) => b - a)
    .map(([name, bytes]) => `${name} (${kb(bytes)})`);
  const grown = Object.entries(chunks)
    .filter(([name]) => recorded[name] !== undefined)
    .map(([name, bytes]) => [name, bytes - recorded[name] * 1024])
    .filter(([, growth]) => growth >= 512)
    .sort(([, a], [, b]) => b - a)
    .map(([name, growth]) => `${name} (+${kb(growth)})`);
  const parts = [];
  if (added.length > 0) parts.push(`New chunks: ${added.join(', ')}.`);
  if (grown.length > 0) parts.push(`Grown: ${grown.join(', ')}.`);
  if (parts.length === 0) {
    const largest = Object.entries(chunks)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 3)
      .map(([name, bytes]) => `${name} (${kb(bytes)})`);
    parts.push(`Largest chunks: ${largest.join(', ')}.`);
  }
  return parts.join(' ');
}

/** The budget with each route's chunk sizes as this build has them, for `--record`. */
export function recordChunks(budget, routes) {
  const next = structuredClone(budget);
  for (const { route, chunks } of routes)
    next.routes[route].chunks = Object.fromEntries(
      Object.entries(chunks).map(([name, bytes]) => [name, Math.round((bytes / 1024) * 10) / 10]),
    );
  return next;
}
