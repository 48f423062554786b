/**
 * Test set-up: one member with a row in every table the archive reads, each text carrying the member's mark, so
 * a test can tell whose data a file holds. Shared by the data archive's tests.
 */
import {
  announcementEmailChoices,
  announcementRecipients,
  announcements,
  mailFailures,
} from '../../src/modules/announcements/schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { roles, sessions } from '../../src/db/schema';
import { accountErasures, emailConfirmations, passwordResetTokens } from '../../src/modules/accounts/schema';
import { billingSubscriptions, billingWaitingPayments } from '../../src/modules/billing/schema';
import { auditLog } from '../../src/modules/history/schema';
import {
  libraryCategories,
  libraryOpened,
  libraryProgress,
  libraryVideos,
  libraryWatched,
} from '../../src/modules/library/schema';
import { adminMailThrottle, sentEmails } from '../../src/modules/notifications/schema';
import { redgramHistory, redgramLogs, redgramProfiles } from '../../src/modules/redgram/schema';
import { passkeys, webauthnChallenges } from '../../src/modules/passkeys/schema';
import { statsToolUses } from '../../src/modules/stats/schema';
import { knownDevices } from '../../src/modules/auth/schema';
import {
  backupCodes,
  loginChallenges,
  totpFactors,
  trustedDevices,
} from '../../src/modules/two-factor/schema';
import { videoRecords } from '../../src/modules/video-tools/schema';

/** The seeded authenticator app's secret (base32): a test signs the member in again with its codes. */
export const SEEDED_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export async function seedMemberData(db: Db, member: { id: number; mark: string }): Promise<void> {
  const { id, mark } = member;
  const at = '2026-11-20T10:00:00.000Z';
  const later = '2026-12-20T10:00:00.000Z';
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
  await db.insert(sessions).values({ id: `sesion-${mark}`, user_id: id, created_at: at, expires_at: later });
  const [announcement] = await db
    .insert(announcements)
    .values({
      titulo: `Comunicado ${mark}`,
      cuerpo_html: `<p>Texto ${mark}</p>`,
      audience: JSON.stringify({ kind: 'all', ids: [] }),
      status: 'sent',
      published_at: at,
      created_by: id,
      total: 1,
      sent: 1,
    })
    .returning({ id: announcements.id });
  await db
    .insert(announcementRecipients)
    .values({ announcement_id: announcement!.id, user_id: id, status: 'sent', sent_at: at, read_at: later });
  await db
    .insert(announcementEmailChoices)
    .values({ user_id: id, receive: false, changed_at: at, via: 'link' });
  await db.insert(mailFailures).values({
    user_id: id,
    email: `${mark}@example.com`,
    code: 550,
    message: `Buzón ${mark}`,
    failed_at: at,
  });
  await db
    .insert(passwordResetTokens)
    .values({ user_id: id, token_hash: `hash-reset-${mark}`, created_at: at, expires_at: later });
  await db.insert(emailConfirmations).values({
    user_id: id,
    email: `${mark}-nuevo@example.com`,
    token_hash: `hash-confirm-${mark}`,
    created_at: at,
    expires_at: later,
  });
  await db.insert(billingSubscriptions).values({
    user_id: id,
    customer_id: `cus_${mark}`,
    subscription_id: `sub_${mark}`,
    plan_role_id: role?.id ?? null,
    status: 'active',
  });
  await db.insert(billingWaitingPayments).values({
    subscription_id: `sub_espera_${mark}`,
    customer_id: `cus_espera_${mark}`,
    user_id: id,
    status: 'active',
    token_hash: `hash-espera-${mark}`,
  });
  await db.insert(auditLog).values({
    actor_id: null,
    actor_name: 'Stripe',
    kind: 'billing.subscription',
    entity_type: 'user',
    entity_id: id,
    entity_label: mark,
    summary: JSON.stringify({ changes: [{ field: 'plan', before: null, after: `plan-${mark}` }] }),
    created_at: at,
  });
  const [category] = await db
    .insert(libraryCategories)
    .values({ library: 'membresia', nombre: `Categoría ${mark}`, total_videos: 1 })
    .returning({ id: libraryCategories.id });
  const [video] = await db
    .insert(libraryVideos)
    .values({
      library: 'membresia',
      categoria_id: category!.id,
      titulo: `Clase ${mark}`,
      url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view',
      orden: 1,
      fecha_creacion: at,
    })
    .returning({ id: libraryVideos.id });
  await db.insert(libraryWatched).values({ user_id: id, video_id: video!.id });
  await db.insert(libraryOpened).values({ user_id: id, video_id: video!.id, abierto_en: at });
  await db.insert(libraryProgress).values({ user_id: id, categoria_id: category!.id, completadas: 1 });
  await db.insert(videoRecords).values({
    provider: 'youtube',
    video_id: `yt-${mark}`,
    user_id: id,
    titulo: `Video guardado ${mark}`,
    descripcion: `Descripción ${mark}`,
    sort_date: at,
  });
  const [profile] = await db
    .insert(redgramProfiles)
    .values({
      user_id: id,
      name: `Perfil ${mark}`,
      social_network: 'instagram',
      sector: `sector ${mark}`,
      target_audience: 'todos',
      specific_audience: 'todos',
      visual_optimization: 'sí',
    })
    .returning({ id: redgramProfiles.id });
  await db.insert(redgramLogs).values({
    user_id: id,
    profile_id: profile!.id,
    mode: 'escribir',
    input_text: `Entrada ${mark}`,
    prompt: `Prompt ${mark}`,
    api_response: `Respuesta ${mark}`,
  });
  await db.insert(redgramHistory).values({
    user_id: id,
    profile_id: profile!.id,
    profile_name: `Perfil ${mark}`,
    social_network: 'instagram',
    mode: 'escribir',
    input_text: `Entrada ${mark}`,
    variants: JSON.stringify([`Variante ${mark}`]),
  });
  await db.insert(sentEmails).values({ user_id: id, subject: `Asunto ${mark}`, sent_at: at });
  await db.insert(adminMailThrottle).values({ user_id: id, last_sent_at: at });
  await db.insert(passkeys).values({
    user_id: id,
    credential_id: `cred-${mark}`,
    public_key: `clave-${mark}`,
    name: `Llave ${mark}`,
    created_at: at,
  });
  await db
    .insert(webauthnChallenges)
    .values({ challenge: `reto-${mark}`, purpose: 'registration', user_id: id, expires_at: later });
  await db.insert(statsToolUses).values({ day: '2026-11-20', tool: `texto-${mark}`, user_id: id, uses: 2 });
  await db.insert(accountErasures).values({ user_id: id, erase_at: later, requested_at: at });
  await db
    .insert(totpFactors)
    .values({ user_id: id, secret: SEEDED_TOTP_SECRET, confirmed_at: at, created_at: at });
  await db.insert(backupCodes).values({ user_id: id, code_hash: `hash-codigo-${mark}`, used_at: at });
  await db.insert(loginChallenges).values({
    id_hash: `reto-inicio-${mark}`,
    user_id: id,
    factors: 'totp',
    token_version: 0,
    expires_at: later,
    created_at: at,
  });
  await db.insert(trustedDevices).values({
    user_id: id,
    device_hash: `dispositivo-${mark}`,
    epoch: 0,
    expires_at: later,
    created_at: at,
  });
  await db.insert(knownDevices).values({
    user_id: id,
    device_hash: `navegador-${mark}`,
    epoch: 0,
    created_at: at,
  });
}
