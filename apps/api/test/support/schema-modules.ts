import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const srcDir = path.join(import.meta.dirname, '../../src');

/** SQLite's schema file and its PostgreSQL twin, side by side in each folder that owns tables. */
export type SchemaFile = 'schema.ts' | 'schema.pg.ts';

/**
 * The folders that hold a schema, looked up where drizzle.config.ts and drizzle.pg.config.ts look (db/ and
 * each module), so a check over every table cannot leave a new module out.
 */
export const schemaFolders = (): string[] =>
  ['db', ...readdirSync(path.join(srcDir, 'modules')).map((name) => `modules/${name}`)].filter((folder) =>
    ['schema.ts', 'schema.pg.ts'].some((file) => existsSync(path.join(srcDir, folder, file))),
  );

export const hasSchema = (folder: string, file: SchemaFile): boolean =>
  existsSync(path.join(srcDir, folder, file));

export const importSchema = (folder: string, file: SchemaFile): Promise<Record<string, unknown>> =>
  import(path.join(srcDir, folder, file)) as Promise<Record<string, unknown>>;
