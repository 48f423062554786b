#!/usr/bin/env node
// `pnpm test:changed [BASE]`: the unit and API tests a change touches, for a quick answer while working; `pnpm
// test` stays the whole answer. The change is everything that differs from where the branch left BASE (default
// main), committed or not, plus new files.
//
// API: a change inside one module (src/modules/NAME/) runs that module's tests and every other test file that
// imports the module directly, on both engines. Following the whole import graph instead would run nearly every
// API test, since each app a test builds imports every module. A change anywhere else in the API (shared code,
// test support, configuration) falls back to vitest's --changed, which follows the graph. Web and contracts:
// vitest's --changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

const base = process.argv[2] ?? process.env.TEST_CHANGED_BASE ?? 'main';
const mergeBase = git('merge-base', 'HEAD', base);
if (mergeBase.status !== 0) {
  console.error(
    `No common ancestor with "${base}": name the branch to compare with (pnpm test:changed BRANCH).`,
  );
  process.exit(2);
}
const since = mergeBase.stdout.trim();
const lines = (result) => result.stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...lines(git('diff', '--name-only', since)),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ]),
];

const API = 'apps/api/';
const apiChanged = changed.filter((file) => file.startsWith(API)).map((file) => file.slice(API.length));
const MODULE = /^src\/modules\/([^/]+)\//;
const modules = new Set(apiChanged.map((file) => MODULE.exec(file)?.[1]).filter(Boolean));
// The contracts are the API's own code too (its tests import them from source).
const apiWide =
  apiChanged.some((file) => !MODULE.test(file) && !file.endsWith('.test.ts')) ||
  changed.some((file) => file.startsWith('packages/contracts/'));

/** Every API test file, relative to apps/api. */
function apiTestFiles() {
  const files = [];
  for (const dir of ['src', 'test']) {
    for (const file of readdirSync(path.join(root, API, dir), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.test.ts')) files.push(path.posix.join(dir, file.split(path.sep).join('/')));
    }
  }
  return files;
}

/** The modules a test file imports from directly (relative imports that land in src/modules/NAME/). */
function importedModules(testFile) {
  const source = readFileSync(path.join(root, API, testFile), 'utf8');
  const found = new Set();
  for (const [, specifier] of source.matchAll(/from\s+'(\.[^']*)'/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(testFile), specifier));
    const name = MODULE.exec(`${target}/`)?.[1];
    if (name) found.add(name);
  }
  return found;
}

function run(label, cwd, args) {
  console.log(`\n▶ ${label}: vitest ${args.join(' ')}`);
  const { status } = spawnSync('npx', ['vitest', ...args], { cwd: path.join(root, cwd), stdio: 'inherit' });
  return status === 0;
}

const runs = [];
if (apiWide) {
  runs.push([
    'API (both engines), by import graph',
    'apps/api',
    ['run', '--changed', since, '--passWithNoTests'],
  ]);
} else {
  const files = apiTestFiles().filter(
    (file) =>
      apiChanged.includes(file) ||
      [...modules].some((name) => file.startsWith(`src/modules/${name}/`) || importedModules(file).has(name)),
  );
  if (files.length > 0)
    runs.push([`API (both engines): ${[...modules].join(', ')}`, 'apps/api', ['run', ...files]]);
}
for (const [dir, label] of [
  ['apps/web/', 'web'],
  ['packages/contracts/', 'contracts'],
]) {
  if (changed.some((file) => file.startsWith(dir)) && existsSync(path.join(root, dir))) {
    runs.push([label, dir, ['run', '--changed', since, '--passWithNoTests']]);
  }
}

if (runs.length === 0) {
  console.log(`Nothing to test: no unit or API code changed since ${base} (${since.slice(0, 7)}).`);
  process.exit(0);
}
const e2eSpecs = changed.filter((file) => file.startsWith('apps/web/src/e2e/'));
const failed = runs.filter(([label, cwd, args]) => !run(label, cwd, args)).map(([label]) => label);
if (e2eSpecs.length > 0) {
  console.log(
    `\nEnd-to-end files changed (not run here): pnpm build, then in apps/web npx playwright test ...`,
  );
}
console.log(failed.length === 0 ? '\nCHANGED TESTS PASSED' : `\nCHANGED TESTS FAILED: ${failed.join(' · ')}`);
process.exit(failed.length === 0 ? 0 : 1);
