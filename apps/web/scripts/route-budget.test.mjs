// @vitest-environment node
/* global process, URL */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBudget, recordChunks, routeChunks } from './route-budget.mjs';

/** A build as Vite's manifest lists it: the entry, a login screen and a request module with zod. */
const manifest = {
  'index.html': {
    file: 'assets/index-AAAAAAAA.js',
    name: 'index',
    isEntry: true,
    imports: ['_react-BBBBBBBB.js'],
    css: ['assets/index-CCCCCCCC.css'],
  },
  '_react-BBBBBBBB.js': { file: 'assets/react-BBBBBBBB.js', name: 'react' },
  'src/login.tsx': {
    file: 'assets/login-DDDDDDDD.js',
    name: 'login',
    isDynamicEntry: true,
    imports: ['index.html', '_react-BBBBBBBB.js', '_inputs-EEEEEEEE.js'],
  },
  '_inputs-EEEEEEEE.js': {
    file: 'assets/inputs-EEEEEEEE.js',
    name: 'inputs',
    css: ['assets/inputs-FFFFFFFF.css'],
  },
  'src/sign-in.ts': {
    file: 'assets/sign-in-GGGGGGGG.js',
    name: 'sign-in',
    isDynamicEntry: true,
    imports: ['_zod-HHHHHHHH.js'],
  },
  '_zod-HHHHHHHH.js': { file: 'assets/zod-HHHHHHHH.js', name: 'zod' },
};

/** Gzip sizes in KB by file. */
const kb = {
  'assets/index-AAAAAAAA.js': 15,
  'assets/index-CCCCCCCC.css': 6,
  'assets/react-BBBBBBBB.js': 80,
  'assets/login-DDDDDDDD.js': 2,
  'assets/inputs-EEEEEEEE.js': 7,
  'assets/inputs-FFFFFFFF.css': 2,
  'assets/sign-in-GGGGGGGG.js': 1,
  'assets/zod-HHHHHHHH.js': 28,
};
const gzipSize = (file) => kb[file] * 1024;

const loginBudget = (loads, limits = {}) => ({
  routes: {
    '/login': {
      loads,
      maxJsKb: 110,
      maxCssKb: 10,
      maxFiles: 8,
      chunks: { index: 15, react: 80, login: 2, inputs: 7, 'index.css': 6, 'inputs.css': 2 },
      ...limits,
    },
  },
});

describe('the first screens budget', () => {
  it('follows the static imports of a route, each chunk once, imports before importers', () => {
    expect(routeChunks(manifest, ['index.html', 'src/login.tsx']).map((chunk) => chunk.name)).toEqual([
      'react',
      'index',
      'inputs',
      'login',
    ]);
  });

  it('sums a route within its budget', () => {
    const { routes, failures } = checkBudget({
      manifest,
      budget: loginBudget(['index.html', 'src/login.tsx']),
      gzipSize,
    });
    expect(failures).toEqual([]);
    expect(routes[0]).toMatchObject({ route: '/login', jsBytes: 104 * 1024, cssBytes: 8 * 1024, files: 6 });
  });

  it('fails a route over its budget, naming the chunk it did not load before', () => {
    const { failures } = checkBudget({
      manifest,
      budget: loginBudget(['index.html', 'src/login.tsx', 'src/sign-in.ts']),
      gzipSize,
    });
    expect(failures).toEqual([
      '/login is over its budget: 133.0 KB of gzip JavaScript (budget 110 KB). New chunks: zod (28.0 KB), sign-in (1.0 KB).',
    ]);
  });

  it('names the chunks that grew, and counts files and CSS too', () => {
    const grown = { ...manifest, 'index.html': { ...manifest['index.html'] } };
    const { failures } = checkBudget({
      manifest: grown,
      budget: loginBudget(['index.html', 'src/login.tsx'], {
        maxCssKb: 7,
        maxFiles: 5,
        chunks: { index: 10, react: 80, login: 2, inputs: 6.8, 'index.css': 6, 'inputs.css': 2 },
      }),
      gzipSize,
    });
    expect(failures).toEqual([
      '/login is over its budget: 8.0 KB of gzip CSS (budget 7 KB), 6 files (budget 5). Grown: index (+5.0 KB).',
    ]);
  });

  it('says which key of the budget the build does not have', () => {
    expect(() => checkBudget({ manifest, budget: loginBudget(['src/gone.tsx']), gzipSize })).toThrow(
      'src/gone.tsx is not in the build manifest',
    );
  });

  it('records the chunk sizes of a build and keeps the limits', () => {
    const budget = loginBudget(['index.html']);
    const { routes } = checkBudget({ manifest, budget, gzipSize });
    expect(recordChunks(budget, routes).routes['/login']).toEqual({
      ...budget.routes['/login'],
      chunks: { react: 80, index: 15, 'index.css': 6 },
    });
  });
});

describe('pnpm --filter @app/web budget', () => {
  /** A built dist/ with the manifest above, each file of its gzip size in KB (random bytes do not compress). */
  const fakeDist = () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'budget-'));
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [file, size] of Object.entries(kb))
      writeFileSync(path.join(dist, file), randomBytes(size * 1024));
    return dist;
  };
  const run = (loads) => {
    const dist = fakeDist();
    writeFileSync(path.join(dist, 'budget.json'), JSON.stringify(loginBudget(loads)));
    const script = fileURLToPath(new URL('./check-budget.mjs', import.meta.url));
    return spawnSync(process.execPath, [script], {
      env: { ...process.env, BUDGET_DIST: dist, BUDGET_FILE: path.join(dist, 'budget.json') },
      encoding: 'utf8',
    });
  };

  it('passes a build within budget and prints each figure beside its limit', () => {
    const result = run(['index.html', 'src/login.tsx']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /\/login +JS 10\d\.\d KB \(budget 110\) · CSS 8\.\d KB \(budget 10\) · 6 files \(budget 8\)/,
    );
  });

  it('exits 1 on an over-budget build, naming the route and the chunk', () => {
    const result = run(['index.html', 'src/login.tsx', 'src/sign-in.ts']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /BUDGET FAILED: \/login is over its budget: .* New chunks: zod \(28\.\d KB\)/,
    );
  });
});
