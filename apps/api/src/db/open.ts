import type { DatabaseTarget } from '../config';
import { openDatabase, type AppDatabase } from './client';
import { openPgAppDatabase } from './client.pg';

/** The database DATABASE_URL names, migrated: SQLite's file (the default) or PostgreSQL's pool. */
export async function openAppDatabase(target: DatabaseTarget): Promise<AppDatabase> {
  return target.dialect === 'pg' ? openPgAppDatabase(target.url) : openDatabase(target.path);
}
