import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PersonalData, Row } from '../../db/personal-data';
import { dataArchives } from './schema';

/** The state of an archive in words, as the screen says it. */
const ARCHIVE_STATUS: Readonly<Record<string, string>> = {
  pending: 'pendiente',
  running: 'en preparación (este archivo, si es el último)',
  ready: 'listo',
  failed: 'no se pudo preparar',
};

async function archives(db: Db, userId: number): Promise<Row[]> {
  const rows = await db
    .select({
      requested_at: dataArchives.requested_at,
      requested_by: dataArchives.requested_by,
      status: dataArchives.status,
      ready_at: dataArchives.ready_at,
      expires_at: dataArchives.expires_at,
    })
    .from(dataArchives)
    .where(eq(dataArchives.user_id, userId))
    .orderBy(asc(dataArchives.requested_at));
  return rows.map((row) => ({
    pedido_en: row.requested_at,
    estado: ARCHIVE_STATUS[row.status] ?? row.status,
    listo_en: row.ready_at,
    caduca_en: row.expires_at,
    pedido_por: row.requested_by === userId ? 'Tú' : 'Un administrador',
  }));
}

/**
 * The member's archives: a copy of their data. An administrator's own requests for others keep their archives:
 * `requested_by` is set null by its foreign key when the account goes.
 */
export const dataArchivePersonalData: PersonalData = {
  tables: [{ table: dataArchives, erasure: { action: 'delete', column: dataArchives.user_id } }],
  archive: [
    {
      file: 'archivos-de-datos.csv',
      about: 'Los archivos de tus datos pedidos hasta ahora, por ti o por un administrador.',
      tables: ['data_archives'],
      kind: 'csv',
      columns: ['pedido_en', 'estado', 'listo_en', 'caduca_en', 'pedido_por'],
      read: archives,
    },
  ],
};
