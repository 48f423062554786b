/**
 * vitest globalSetup: bundles the server and the operator commands once per run, as the package's build does,
 * for the tests that start them as child processes. Starting a bundle costs a plain `node` start; starting from
 * source through tsx compiles the app's modules again in every child, which on a slow or busy machine took
 * longer than a test's time limit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { API_ROOT } from '../../src/lib/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding this run's `server.js` and `cli/<name>.js`. */
    serverBundle: string;
  }
}

/** The entry points of the package's build script (`esbuild src/server.ts src/cli/user.ts ...`). */
function buildEntryPoints(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
    scripts: { build: string };
  };
  return scripts.build.split(' ').filter((arg) => arg.startsWith('src/') && arg.endsWith('.ts'));
}

/**
 * Packages stay external, as in the build, except the workspace's own: those are bundled from their source, so
 * the tests run what the checkout holds even when its packages were never built.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

interface SharedBundle {
  dir: Promise<string>;
  users: number;
}

// Both projects (sqlite, postgres) run this set-up in the one main process: they share the bundle.
const shared = globalThis as typeof globalThis & { __apiServerBundle?: SharedBundle };

async function bundle(): Promise<string> {
  // Inside the package, so the bundle finds its migrations and dependencies as dist/ does.
  const dir = mkdtempSync(path.join(API_ROOT, 'node_modules', '.test-server-'));
  await build({
    absWorkingDir: API_ROOT,
    entryPoints: buildEntryPoints(),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    conditions: ['source'],
    outdir: dir,
    outbase: 'src',
    plugins: [externalPackages],
    logLevel: 'error',
  });
  return dir;
}

export default async function setup(project: TestProject): Promise<() => void> {
  shared.__apiServerBundle ??= { dir: bundle(), users: 0 };
  const entry = shared.__apiServerBundle;
  entry.users += 1;
  const dir = await entry.dir;
  project.provide('serverBundle', dir);
  return () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    rmSync(dir, { recursive: true, force: true });
    delete shared.__apiServerBundle;
  };
}
