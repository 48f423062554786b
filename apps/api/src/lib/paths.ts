import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package's root folder, found from this module's location, so the same code works from `src/`
 * (dev, tests) and from the bundled `dist/` (production).
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle')) && existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the api package root (drizzle folder)');
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
/** drizzle-kit's committed migrations, one folder per dialect. */
export const MIGRATIONS_DIR = {
  sqlite: path.join(API_ROOT, 'drizzle', 'sqlite'),
  pg: path.join(API_ROOT, 'drizzle', 'pg'),
};
export const DEFAULT_WEB_DIST_DIR = path.resolve(API_ROOT, '../web/dist');
