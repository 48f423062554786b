import { z } from 'zod';
import { endpointsOf, ID_MAX } from './http';
import { PageKey } from './pagination';

const endpoint = endpointsOf('comunicados');

/**
 * Comunicados: an administrator (the `comunicados` tool) writes to the members of an audience; members read it
 * in the app and, unless they said no, by email. Sending is background work in batches; each recipient is a
 * row with its own state, so the figures below are counts of those states.
 */

const Id = z.number().int().positive().max(ID_MAX);
const IdParams = z.strictObject({ id: z.coerce.number().int().positive().max(ID_MAX) });

/** Who an announcement is for, among the active accounts. */
export const AUDIENCE_KINDS = ['all', 'roles', 'plans', 'paying', 'trial', 'failing', 'dormant'] as const;
export const AudienceKind = z.enum(AUDIENCE_KINDS, { error: 'Audiencia no válida' });
export type AudienceKind = z.infer<typeof AudienceKind>;

export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: 'Todos los miembros activos',
  roles: 'Roles elegidos',
  plans: 'Planes elegidos',
  paying: 'Miembros que pagan',
  trial: 'En prueba gratuita',
  failing: 'Con el pago fallido',
  dormant: 'Sin iniciar sesión en 30 días',
};

/** Days without signing in that make a member «dormant». */
export const DORMANT_DAYS = 30;

export const Audience = z
  .strictObject({
    kind: AudienceKind,
    /** Role ids (kind `roles`) or plans' role ids (kind `plans`); empty for the other kinds. */
    ids: z.array(Id).max(100),
  })
  .refine((audience) => !['roles', 'plans'].includes(audience.kind) || audience.ids.length > 0, {
    error: 'Elige al menos un rol o plan',
    path: ['ids'],
  });
export type Audience = z.infer<typeof Audience>;

export const ANNOUNCEMENT_TITLE_MAX = 200;
/** The body as the editor's HTML: large enough for a long letter with links, small enough for one email. */
export const ANNOUNCEMENT_BODY_MAX = 100_000;

export const AnnouncementDraft = z.strictObject({
  titulo: z
    .string({ error: 'El título es obligatorio' })
    .trim()
    .min(1, { error: 'El título es obligatorio' })
    .max(ANNOUNCEMENT_TITLE_MAX, { error: `El título admite hasta ${ANNOUNCEMENT_TITLE_MAX} caracteres` }),
  cuerpo_html: z
    .string({ error: 'El texto es obligatorio' })
    .max(ANNOUNCEMENT_BODY_MAX, { error: 'El texto es demasiado largo' }),
  audience: Audience,
});
export type AnnouncementDraft = z.infer<typeof AnnouncementDraft>;

export const ANNOUNCEMENT_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const;
export const AnnouncementStatus = z.enum(ANNOUNCEMENT_STATUSES);
export type AnnouncementStatus = z.infer<typeof AnnouncementStatus>;

export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = {
  draft: 'Borrador',
  scheduled: 'Programado',
  sending: 'Enviando',
  paused: 'En pausa',
  sent: 'Enviado',
  cancelled: 'Cancelado',
};

/**
 * Where the sending stands: recipients per state (pending = not yet sent, failed, unsubscribed nor unknown).
 * `unknown`: handed to the mail server by a node that stopped before it recorded the answer; never sent again.
 */
export const AnnouncementProgress = z.strictObject({
  status: AnnouncementStatus,
  total: z.number().int().min(0),
  sent: z.number().int().min(0),
  pending: z.number().int().min(0),
  failed: z.number().int().min(0),
  unsubscribed: z.number().int().min(0),
  unknown: z.number().int().min(0),
});
export type AnnouncementProgress = z.infer<typeof AnnouncementProgress>;

export const Announcement = z.strictObject({
  id: Id,
  titulo: z.string(),
  cuerpo_html: z.string(),
  audience: z.strictObject({ kind: AudienceKind, ids: z.array(Id) }),
  status: AnnouncementStatus,
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  progress: AnnouncementProgress,
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementSummary = Announcement.omit({ cuerpo_html: true });
export type AnnouncementSummary = z.infer<typeof AnnouncementSummary>;

/** How many items a page of a Comunicados list holds (each «Cargar más» reads one more page). */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
export const ANNOUNCEMENTS_PAGE_SIZE_MAX = 100;

/** A page read past the key of the one before (`next`, null at the end): a deep page costs what the first does. */
const morePage = {
  after: PageKey.optional(),
  limit: z.coerce.number().int().min(1).max(ANNOUNCEMENTS_PAGE_SIZE_MAX).optional(),
};

export const announcementsList = endpoint({
  summary: 'Lista los comunicados (borradores incluidos), los más recientes primero, por páginas',
  method: 'GET',
  path: '/api/announcements',
  query: z.strictObject(morePage),
  response: z.strictObject({ items: z.array(AnnouncementSummary), next: z.string().nullable() }),
});

/** The recipients an administrator looks at one by one: those whose mail failed, or whose outcome is unknown. */
export const RECIPIENT_LIST_STATUSES = ['unknown', 'failed'] as const;

export const AnnouncementRecipient = z.strictObject({
  user_id: Id,
  email: z.string(),
  status: z.enum(RECIPIENT_LIST_STATUSES),
  error: z.string().nullable(),
});
export type AnnouncementRecipient = z.infer<typeof AnnouncementRecipient>;

export const announcementRecipientsList = endpoint({
  summary: 'Los destinatarios de un comunicado con el correo fallido o de resultado desconocido, por páginas',
  method: 'GET',
  path: '/api/announcements/:id/recipients',
  params: IdParams,
  query: z.strictObject({
    status: z.enum(RECIPIENT_LIST_STATUSES, { error: 'Estado no válido' }),
    ...morePage,
  }),
  response: z.strictObject({ items: z.array(AnnouncementRecipient), next: z.string().nullable() }),
});

export const announcementCreate = endpoint({
  summary: 'Guarda un comunicado nuevo como borrador',
  method: 'POST',
  path: '/api/announcements',
  body: AnnouncementDraft,
  response: Announcement,
});

export const announcementGet = endpoint({
  summary: 'Un comunicado, con su progreso de envío',
  method: 'GET',
  path: '/api/announcements/:id',
  params: IdParams,
  response: Announcement,
});

export const announcementUpdate = endpoint({
  summary: 'Cambia un borrador',
  method: 'PUT',
  path: '/api/announcements/:id',
  params: IdParams,
  body: AnnouncementDraft,
  response: Announcement,
});

export const announcementDelete = endpoint({
  summary: 'Elimina un borrador',
  method: 'DELETE',
  path: '/api/announcements/:id',
  params: IdParams,
  response: z.strictObject({ ok: z.literal(true) }),
});

export const announcementReach = endpoint({
  summary: 'Cuántos miembros recibirían un comunicado con esta audiencia (y cuántos por correo)',
  method: 'POST',
  path: '/api/announcements/reach',
  body: z.strictObject({ audience: Audience }),
  response: z.strictObject({ members: z.number().int().min(0), by_email: z.number().int().min(0) }),
});

export const AudienceOptions = z.strictObject({
  roles: z.array(z.strictObject({ id: Id, name: z.string() })),
  plans: z.array(z.strictObject({ id: Id, name: z.string() })),
});
export type AudienceOptions = z.infer<typeof AudienceOptions>;

export const announcementAudienceOptions = endpoint({
  summary: 'Los roles y planes que se pueden elegir como audiencia',
  method: 'GET',
  path: '/api/announcements/audience-options',
  response: AudienceOptions,
});

export const AnnouncementPreview = z.strictObject({
  /** The body as members read it in the app (sanitised). */
  html: z.string(),
  subject: z.string(),
  email_html: z.string(),
  email_text: z.string(),
});
export type AnnouncementPreview = z.infer<typeof AnnouncementPreview>;

export const announcementPreview = endpoint({
  summary: 'Vista previa de un comunicado: como lo lee un miembro y como llega por correo',
  method: 'POST',
  path: '/api/announcements/preview',
  body: AnnouncementDraft.pick({ titulo: true, cuerpo_html: true }),
  response: AnnouncementPreview,
});

export const announcementSendTest = endpoint({
  summary: 'Envía una prueba del comunicado al correo de quien lo escribe',
  method: 'POST',
  path: '/api/announcements/:id/test',
  params: IdParams,
  response: z.strictObject({ to: z.string() }),
});

export const announcementPublish = endpoint({
  summary: 'Publica un borrador ahora o a una hora elegida (y lo envía por correo)',
  method: 'POST',
  path: '/api/announcements/:id/publish',
  params: IdParams,
  body: z.strictObject({
    /** Omitted or null: now. */
    publish_at: z.iso.datetime({ offset: true, error: 'Fecha y hora no válidas' }).nullable().optional(),
  }),
  response: Announcement,
});

export const ANNOUNCEMENT_ACTIONS = ['pause', 'resume', 'cancel'] as const;

export const announcementControl = endpoint({
  summary: 'Pausa, reanuda o cancela el envío de un comunicado',
  method: 'POST',
  path: '/api/announcements/:id/control',
  params: IdParams,
  body: z.strictObject({ action: z.enum(ANNOUNCEMENT_ACTIONS, { error: 'Acción no válida' }) }),
  response: Announcement,
});

// ---- Members -------------------------------------------------------------------------------------------

export const MemberAnnouncement = z.strictObject({
  id: Id,
  titulo: z.string(),
  published_at: z.string(),
  read: z.boolean(),
});
export type MemberAnnouncement = z.infer<typeof MemberAnnouncement>;

export const FEED_MAX = 50;

export const announcementFeed = endpoint({
  summary: 'Los comunicados publicados para el miembro, los más recientes primero',
  method: 'GET',
  path: '/api/account/announcements',
  query: z.strictObject({
    limit: z.coerce.number().int().min(1).max(FEED_MAX).optional(),
    after: PageKey.optional(),
  }),
  response: z.strictObject({
    items: z.array(MemberAnnouncement),
    unread: z.number().int().min(0),
    next: z.string().nullable(),
  }),
});

export const announcementRead = endpoint({
  summary: 'Un comunicado publicado para el miembro (su copia web); queda marcado como leído',
  method: 'GET',
  path: '/api/account/announcements/:id',
  params: IdParams,
  response: z.strictObject({
    id: Id,
    titulo: z.string(),
    cuerpo_html: z.string(),
    published_at: z.string(),
  }),
});

export const AnnouncementEmailChoice = z.strictObject({
  receive: z.boolean(),
  /** When the member last changed it; null: never (the default, on). */
  changed_at: z.string().nullable(),
});
export type AnnouncementEmailChoice = z.infer<typeof AnnouncementEmailChoice>;

export const ANNOUNCEMENT_EMAIL_LABEL = 'Recibir los comunicados por correo';

export const announcementEmailChoiceGet = endpoint({
  summary: 'Si el miembro recibe los comunicados por correo',
  method: 'GET',
  path: '/api/account/announcement-email',
  response: AnnouncementEmailChoice,
});

export const announcementEmailChoiceSave = endpoint({
  summary: 'Guarda si el miembro recibe los comunicados por correo',
  method: 'PUT',
  path: '/api/account/announcement-email',
  body: z.strictObject({ receive: z.boolean({ error: 'Valor no válido' }) }),
  response: AnnouncementEmailChoice,
});

/** The signed token of an email's unsubscribe link. */
export const UnsubscribeToken = z
  .string({ error: 'El enlace para darte de baja no es válido' })
  .regex(/^[A-Za-z0-9_-]{1,20}\.[A-Za-z0-9_-]{43}$/, { error: 'El enlace para darte de baja no es válido' });

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the link of the
 * `List-Unsubscribe` header, without a session; the web page of the email's link posts the same.
 */
export const announcementUnsubscribe = endpoint({
  summary: 'Baja con un clic de los comunicados por correo (RFC 8058), sin iniciar sesión',
  method: 'POST',
  path: '/api/announcements/unsubscribe',
  query: z.strictObject({ token: UnsubscribeToken }),
  response: z.strictObject({ ok: z.literal(true) }),
});

// ---- Estadísticas and /config ------------------------------------------------------------------------

export const AnnouncementFigures = z.strictObject({
  id: Id,
  titulo: z.string(),
  published_at: z.string().nullable(),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  unsubscribed: z.number().int().min(0),
});
export type AnnouncementFigures = z.infer<typeof AnnouncementFigures>;

export const announcementStats = endpoint({
  summary: 'Enviados, fallidos y bajas de cada comunicado publicado (sin seguimiento de aperturas)',
  method: 'GET',
  path: '/api/announcements/stats',
  response: z.strictObject({ items: z.array(AnnouncementFigures) }),
});

export const FailingAddress = z.strictObject({
  user_id: Id,
  email: z.string(),
  code: z.number().int().nullable(),
  message: z.string(),
  failed_at: z.string(),
});
export type FailingAddress = z.infer<typeof FailingAddress>;

export const announcementFailingAddresses = endpoint({
  summary: 'Las direcciones que el servidor de correo rechazó de forma permanente',
  method: 'GET',
  path: '/api/announcements/failing-addresses',
  response: z.strictObject({ items: z.array(FailingAddress) }),
});
