/**
 * Operator command: backs up and restores the database with SQLite's online backup API.
 *   node apps/api/dist/cli/db.js backup [FILE]          (pnpm db:backup [FILE])
 *   node apps/api/dist/cli/db.js restore FILE [--force]  (pnpm db:restore FILE)
 * A backup runs from its own process while the server keeps serving: it reads one consistent snapshot (WAL
 * readers never block the server's writes) and verifies the copy. A restore verifies the file first, refuses
 * while a process still has the database open (the running server would keep stale state), keeps a copy of
 * the database it replaces, and writes through SQLite so a leftover write-ahead log is handled correctly.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { configOrFail, fail, readArgs } from './args';

const USAGE = 'Uso: db backup [FICHERO] | db restore FICHERO [--force]';

const { positionals, values } = readArgs({ force: { type: 'boolean', default: false } });
const [command, file] = positionals;

const { databasePath } = configOrFail();
if (databasePath === ':memory:')
  fail('DATABASE_PATH apunta a una base de datos en memoria: no hay nada que copiar');

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/**
 * Copies every page in one step: a single short read transaction, so the server's writes cannot restart it.
 * The copy is then switched to a rollback journal: one self-contained file, nothing beside it.
 */
async function copy(source: Database.Database, destination: string): Promise<void> {
  await source.backup(destination, { progress: () => 0x7fffffff });
  const copied = new Database(destination, { fileMustExist: true });
  copied.pragma('journal_mode = DELETE');
  copied.close();
}

/** Null when the file is a sound database of this app, else the reason it is not. */
function checkFile(file: string): string | null {
  let db: Database.Database | undefined;
  try {
    if (!existsSync(file)) return 'el fichero no existe';
    db = new Database(file, { fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `la comprobación de integridad falló (${String(integrity)})`;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    if (!tables.includes('users') || !tables.includes('__drizzle_migrations')) {
      return 'no es una base de datos de esta aplicación';
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/** Other processes (Linux: /proc) that have the database or its write-ahead log open. */
function processesUsing(file: string): number[] {
  if (process.platform !== 'linux') return [];
  const targets = new Set([file, `${file}-wal`, `${file}-shm`]);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const fds = readdirSync(`/proc/${pid}/fd`);
      if (fds.some((fd) => targets.has(safeReadlink(`/proc/${pid}/fd/${fd}`)))) pids.push(pid);
    } catch {
      // A process that ended meanwhile, or one of another user: not readable.
    }
  }
  return pids;
}

const safeReadlink = (link: string) => {
  try {
    return readlinkSync(link);
  } catch {
    return '';
  }
};

const mb = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;

async function backup(target: string | undefined): Promise<void> {
  if (!existsSync(databasePath)) fail(`No existe la base de datos ${databasePath}`);
  const destination = path.resolve(
    target ?? path.join(path.dirname(databasePath), 'backups', `app-${stamp()}.db`),
  );
  if (existsSync(destination)) fail(`${destination} ya existe: elige otro nombre`);
  if (!target) mkdirSync(path.dirname(destination), { recursive: true });
  const source = new Database(databasePath, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  try {
    await copy(source, destination);
  } catch (error) {
    fail(`No se pudo copiar la base de datos: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    source.close();
  }
  const problem = checkFile(destination);
  if (problem) fail(`La copia ${destination} no es válida: ${problem}`);
  process.stdout.write(`Copia de seguridad creada: ${destination} (${mb(destination)}, integridad ok)\n`);
}

async function restore(from: string | undefined): Promise<void> {
  if (!from) fail(USAGE);
  const source = path.resolve(from);
  const problem = checkFile(source);
  if (problem) fail(`No se restaura ${source}: ${problem}`);
  const users = processesUsing(databasePath);
  if (users.length > 0 && !values.force) {
    fail(
      `La base de datos ${databasePath} está abierta por el proceso ${users.join(', ')} (¿el servidor sigue en marcha?). ` +
        'Detén el servidor y vuelve a intentarlo.',
    );
  }
  if (existsSync(databasePath)) {
    const previous = `${databasePath}.antes-de-restaurar-${stamp()}`;
    const live = new Database(databasePath, { fileMustExist: true });
    try {
      await copy(live, previous);
    } finally {
      live.close();
    }
    process.stdout.write(`Copia de la base de datos anterior: ${previous}\n`);
  }
  const backupDb = new Database(source, { fileMustExist: true });
  try {
    await copy(backupDb, databasePath);
  } finally {
    backupDb.close();
  }
  const after = checkFile(databasePath);
  if (after) fail(`La restauración no es válida: ${after}`);
  process.stdout.write(`Base de datos restaurada desde ${source} en ${databasePath} (integridad ok)\n`);
}

if (command === 'backup') await backup(file);
else if (command === 'restore') await restore(file);
else fail(USAGE);
