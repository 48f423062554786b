#!/usr/bin/env node
// `pnpm --filter @app/web budget` (after `pnpm build`; `pnpm test` runs it): the first screens' budget (../budget.json)
// against the build's manifest, each figure printed beside its limit; exits 1 when a route is over, naming the
// chunks that grew. Sizes are gzip at level 9 of the built files. `--record` writes this build's chunk sizes into
// budget.json (the limits stay as they are), so the next failure can say what grew since. BUDGET_DIST and
// BUDGET_FILE point it at another build and budget (its tests do).
/* global process */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkBudget, recordChunks } from './route-budget.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.BUDGET_DIST ? path.resolve(process.env.BUDGET_DIST) : path.join(webRoot, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const budgetFile = path.resolve(process.env.BUDGET_FILE ?? path.join(webRoot, 'budget.json'));
const out = (line = '') => process.stdout.write(`${line}\n`);

if (!existsSync(manifestFile)) {
  out(`No build manifest at ${manifestFile}: build first (pnpm build)`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const { routes, failures } = checkBudget({ manifest, budget, gzipSize });

const kb = (bytes) => (bytes / 1024).toFixed(1);
out('First-screen budget (gzip, from dist/.vite/manifest.json):');
for (const { route, jsBytes, cssBytes, files, budget: limits } of routes)
  out(
    `${route.padEnd(11)} JS ${kb(jsBytes)} KB (budget ${limits.maxJsKb}) · CSS ${kb(cssBytes)} KB ` +
      `(budget ${limits.maxCssKb}) · ${files} files (budget ${limits.maxFiles})`,
  );

if (process.argv.includes('--record')) {
  writeFileSync(budgetFile, `${JSON.stringify(recordChunks(budget, routes), null, 2)}\n`);
  out(`recorded the chunk sizes in ${path.relative(process.cwd(), budgetFile)}`);
}
for (const failure of failures) out(`BUDGET FAILED: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
