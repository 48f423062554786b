import { ANNOUNCEMENT_STATUS_LABELS } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PersonalData, Row } from '../../db/personal-data';
import { announcementEmailChoices, announcementRecipients, announcements, mailFailures } from './schema';

/** What became of each announcement's email to the member, as the screen says it. */
const RECIPIENT_STATUS: Readonly<Record<string, string>> = {
  pending: 'pendiente de envío',
  claimed: 'pendiente de envío',
  sending: 'enviándose',
  sent: 'enviado',
  failed: 'no se pudo entregar',
  unsubscribed: 'no enviado: no recibes los comunicados por correo',
  unknown: 'desconocido: el envío se interrumpió mientras se entregaba',
};

async function receivedAnnouncements(db: Db, userId: number): Promise<Row[]> {
  const rows = await db
    .select({
      titulo: announcements.titulo,
      published_at: announcements.published_at,
      status: announcementRecipients.status,
      sent_at: announcementRecipients.sent_at,
      read_at: announcementRecipients.read_at,
    })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcement_id))
    .where(eq(announcementRecipients.user_id, userId))
    .orderBy(asc(announcements.published_at), asc(announcements.id));
  return rows.map((row) => ({
    titulo: row.titulo,
    publicado_en: row.published_at,
    correo: RECIPIENT_STATUS[row.status] ?? row.status,
    enviado_en: row.sent_at,
    leido_en: row.read_at,
  }));
}

async function writtenAnnouncements(db: Db, userId: number): Promise<Row[]> {
  const rows = await db
    .select({
      titulo: announcements.titulo,
      status: announcements.status,
      created_at: announcements.created_at,
      published_at: announcements.published_at,
    })
    .from(announcements)
    .where(eq(announcements.created_by, userId))
    .orderBy(asc(announcements.id));
  return rows.map((row) => ({
    titulo: row.titulo,
    estado: ANNOUNCEMENT_STATUS_LABELS[row.status],
    fecha_creacion: row.created_at,
    publicado_en: row.published_at,
  }));
}

async function announcementEmail(db: Db, userId: number): Promise<unknown> {
  const [choice] = await db
    .select()
    .from(announcementEmailChoices)
    .where(eq(announcementEmailChoices.user_id, userId));
  const [failure] = await db.select().from(mailFailures).where(eq(mailFailures.user_id, userId));
  return {
    recibir_comunicados_por_correo: choice ? choice.receive : true,
    cambiado_en: choice?.changed_at ?? null,
    cambiado_desde: choice ? (choice.via === 'link' ? 'enlace del correo' : 'Mi Perfil') : null,
    correo_rechazado: failure
      ? { correo: failure.email, codigo: failure.code, mensaje: failure.message, fecha: failure.failed_at }
      : null,
  };
}

/** Which announcements reached the member, what became of each email, their choice and their refused address. */
export const announcementsPersonalData: PersonalData = {
  tables: [
    {
      table: announcementRecipients,
      erasure: { action: 'delete', column: announcementRecipients.user_id },
    },
    {
      table: announcementEmailChoices,
      erasure: { action: 'delete', column: announcementEmailChoices.user_id },
    },
    { table: mailFailures, erasure: { action: 'delete', column: mailFailures.user_id } },
    {
      table: announcements,
      erasure: {
        action: 'keep',
        reason:
          "the community's announcements stay for the members who received them; the author's id is set null by its foreign key when the account goes",
      },
    },
  ],
  archive: [
    {
      file: 'comunicados.csv',
      about:
        'Los comunicados de la comunidad que recibiste: título, fecha, qué pasó con su correo y cuándo lo leíste.',
      tables: ['announcement_recipients'],
      kind: 'csv',
      columns: ['titulo', 'publicado_en', 'correo', 'enviado_en', 'leido_en'],
      read: receivedAnnouncements,
    },
    {
      file: 'comunicados-por-correo.json',
      about:
        'Si recibes los comunicados por correo, desde cuándo, y si el servidor de correo rechazó tu dirección.',
      tables: ['announcement_email_choices', 'mail_failures'],
      kind: 'json',
      read: announcementEmail,
    },
    {
      file: 'comunicados-escritos.csv',
      about: 'Los comunicados que escribiste como administrador: título, estado y fechas.',
      tables: ['announcements'],
      kind: 'csv',
      columns: ['titulo', 'estado', 'fecha_creacion', 'publicado_en'],
      read: writtenAnnouncements,
    },
  ],
};
