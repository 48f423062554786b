import { describeHistoryChange, historyKindLabel, type HistoryChange } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PersonalData, Row } from '../../db/personal-data';
import { auditLog } from './schema';

/** Who did an action about the member, without naming another account. */
const actorLabel = (actorId: number | null, actorName: string, userId: number): string =>
  actorId === userId ? 'Tú' : actorId === null ? actorName : 'Un administrador';

async function accountHistory(db: Db, userId: number): Promise<Row[]> {
  const entries = await db
    .select({
      created_at: auditLog.created_at,
      kind: auditLog.kind,
      summary: auditLog.summary,
      actor_id: auditLog.actor_id,
      actor_name: auditLog.actor_name,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity_type, 'user'), eq(auditLog.entity_id, userId)))
    .orderBy(asc(auditLog.created_at), asc(auditLog.id));
  return entries.map((entry) => {
    const { changes = [] } = JSON.parse(entry.summary) as { changes?: HistoryChange[] };
    return {
      fecha: entry.created_at,
      accion: historyKindLabel(entry.kind),
      cambios: changes.map(describeHistoryChange).join('; '),
      por: actorLabel(entry.actor_id, entry.actor_name, userId),
    };
  });
}

/** Historial: what administrators did about the member, pseudonymised when the account goes. */
export const historyPersonalData: PersonalData = {
  tables: [
    {
      table: auditLog,
      erasure: {
        action: 'pseudonymise',
        how: 'name, email and phone replaced by «Miembro eliminado #…» in every entry by or about the member; ids kept so Estadísticas and the administrator filter still add up',
      },
    },
  ],
  archive: [
    {
      file: 'historial-de-la-cuenta.csv',
      about:
        'Las acciones sobre tu cuenta que guarda el historial: cambios de rol, de estado, de datos y de suscripción, con su fecha.',
      tables: ['audit_log'],
      kind: 'csv',
      columns: ['fecha', 'accion', 'cambios', 'por'],
      read: accountHistory,
    },
  ],
};
