import { count, eq, getTableColumns, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../src/db/client';
import { emailConfirmations, passwordResetTokens } from '../../src/modules/accounts/schema';
import { billingWaitingPayments } from '../../src/modules/billing/schema';
import { auditLog } from '../../src/modules/history/schema';
import {
  libraryCategories,
  libraryOpened,
  libraryProgress,
  libraryVideos,
  libraryWatched,
} from '../../src/modules/library/schema';
import { adminMailThrottle } from '../../src/modules/notifications/schema';
import { redgramHistory, redgramLogs, redgramProfiles } from '../../src/modules/redgram/schema';
import { videoRecords } from '../../src/modules/video-tools/schema';
import { accountColumns, allTables } from './account-tables';

export interface Someone {
  id: number;
  email: string;
  username: string;
  phone: string;
}

/**
 * Gives `who` a row in every table that can hold a member's data, each carrying their name, email or phone
 * in its text, and Historial entries by and about them: what an erasure must leave no trace of.
 */
export async function plantMemberData(db: Db, who: Someone, adminId: number): Promise<void> {
  const mark = `${who.username} ${who.email} ${who.phone}`;
  const [category] = await db
    .insert(libraryCategories)
    .values({ library: 'membresia', nombre: `Categoría ${who.id}` })
    .returning({ id: libraryCategories.id });
  const [video] = await db
    .insert(libraryVideos)
    .values({
      library: 'membresia',
      categoria_id: category!.id,
      titulo: `Clase ${who.id}`,
      url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view',
      orden: 1,
      fecha_creacion: '2026-01-01T00:00:00.000Z',
    })
    .returning({ id: libraryVideos.id });
  await db.insert(libraryWatched).values({ user_id: who.id, video_id: video!.id });
  await db
    .insert(libraryOpened)
    .values({ user_id: who.id, video_id: video!.id, abierto_en: '2026-02-01T00:00:00.000Z' });
  await db.insert(libraryProgress).values({ user_id: who.id, categoria_id: category!.id, completadas: 1 });
  await db.insert(videoRecords).values({
    provider: 'youtube',
    video_id: `vid${who.id}`,
    user_id: who.id,
    titulo: `Guardado por ${mark}`,
    descripcion: mark,
    sort_date: '2026-01-15',
  });
  const [profile] = await db
    .insert(redgramProfiles)
    .values({
      user_id: who.id,
      name: `Perfil de ${mark}`,
      social_network: 'Instagram',
      sector: 'Cafeterías',
      target_audience: mark,
      specific_audience: mark,
      visual_optimization: 'Sí',
    })
    .returning({ id: redgramProfiles.id });
  await db.insert(redgramLogs).values({
    user_id: who.id,
    profile_id: profile!.id,
    mode: 'escribir',
    input_text: `Texto de ${mark}`,
    prompt: `Prompt de ${mark}`,
    api_response: `Respuesta para ${mark}`,
  });
  await db.insert(redgramHistory).values({
    user_id: who.id,
    profile_id: profile!.id,
    profile_name: `Perfil de ${mark}`,
    social_network: 'Instagram',
    mode: 'escribir',
    input_text: `Texto de ${mark}`,
    variants: JSON.stringify([`Variante de ${mark}`]),
  });
  await db.insert(passwordResetTokens).values({
    user_id: who.id,
    token_hash: `reset-${who.id}`,
    expires_at: '2999-01-01T00:00:00.000Z',
  });
  await db.insert(emailConfirmations).values({
    user_id: who.id,
    email: `nuevo.${who.email}`,
    token_hash: `confirm-${who.id}`,
    expires_at: '2999-01-01T00:00:00.000Z',
  });
  await db.insert(adminMailThrottle).values({ user_id: who.id, last_sent_at: '2026-01-01T00:00:00.000Z' });
  await db.insert(billingWaitingPayments).values({
    subscription_id: `sub_waiting_${who.id}`,
    customer_id: `cus_waiting_${who.id}`,
    user_id: who.id,
    status: 'active',
    token_hash: `claim-${who.id}`,
  });
  // Historial: an entry the member made (as an administrator would), one about their account written by the
  // administrator under a former name, and one that names them in its text only.
  await db.insert(auditLog).values([
    {
      actor_id: who.id,
      actor_name: who.username,
      actor_email: who.email,
      kind: 'role.update',
      entity_type: 'role',
      entity_id: 1,
      entity_label: 'vip',
      summary: JSON.stringify({ changes: [{ field: 'description', before: null, after: 'Nuevo texto' }] }),
    },
    {
      actor_id: adminId,
      actor_name: 'admin',
      actor_email: 'admin@example.com',
      kind: 'user.update',
      entity_type: 'user',
      entity_id: who.id,
      entity_label: `antes-${who.username}`,
      summary: JSON.stringify({
        changes: [
          { field: 'username', before: `antes-${who.username}`, after: who.username },
          { field: 'email', before: `antes.${who.email}`, after: who.email },
          { field: 'phone', before: null, after: who.phone },
        ],
      }),
      // The same values as code reads them, beside the text.
      before_values: JSON.stringify({ username: `antes-${who.username}`, email: `antes.${who.email}` }),
      after_values: JSON.stringify({ username: who.username, email: who.email, phone: who.phone }),
    },
    {
      actor_id: adminId,
      actor_name: 'admin',
      actor_email: 'admin@example.com',
      kind: 'users.bulk',
      entity_type: 'user',
      entity_id: null,
      entity_label: 'Activar: 2 cuentas',
      summary: JSON.stringify({
        changes: [
          {
            field: 'afectadas',
            before: null,
            after: `${who.username} (${who.email}), otra (otra@example.com)`,
          },
        ],
      }),
    },
  ]);
}

/** How many rows of each table hold `id` in an account column of numbers (an id, not a copied name). */
export async function rowsReferring(db: Db, id: number): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const [name, table] of await allTables()) {
    const columns = Object.values(getTableColumns(table));
    for (const sqlName of accountColumns(table)) {
      const column = columns.find((candidate) => candidate.name === sqlName);
      if (column?.dataType !== 'number') continue;
      const [row] = await db
        .select({ n: count() })
        .from(table as SQLiteTable)
        .where(eq(column, id));
      if ((row?.n ?? 0) > 0) found[`${name}.${sqlName}`] = row!.n;
    }
  }
  return found;
}

/** Every text value of every row of every table that contains one of `needles` (ignoring case). */
export async function textsContaining(db: Db, needles: readonly string[]): Promise<string[]> {
  const lowered = needles.map((needle) => needle.toLowerCase());
  const hits: string[] = [];
  for (const [name, table] of await allTables()) {
    const rows = (await db.select().from(table as SQLiteTable)) as Record<string, unknown>[];
    for (const row of rows) {
      for (const [key, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        const text = value.toLowerCase();
        if (lowered.some((needle) => text.includes(needle))) hits.push(`${name}.${key}: ${value}`);
      }
    }
  }
  return hits;
}

/** The table's rows that belong to `id`, per table that has a user_id column (for "the others keep theirs"). */
export async function ownedRows(db: Db, id: number): Promise<Record<string, number>> {
  const owned: Record<string, number> = {};
  for (const [name, table] of await allTables()) {
    const column: Column | undefined = getTableColumns(table).user_id;
    if (!column) continue;
    const [row] = await db
      .select({ n: count() })
      .from(table as SQLiteTable)
      .where(eq(column, id));
    owned[name] = row?.n ?? 0;
  }
  return owned;
}
