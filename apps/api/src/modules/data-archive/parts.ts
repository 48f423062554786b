import {
  describeHistoryChange,
  historyKindLabel,
  roleDisplayName,
  SUBSCRIPTION_STATUS_LABELS,
  SubscriptionStatus,
  type HistoryChange,
} from '@app/contracts';
import { and, asc, eq, getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';
import { accountErasures, emailConfirmations, passwordResetTokens } from '../accounts';
import { billingSubscriptions, billingWaitingPayments } from '../billing';
import { auditLog } from '../history';
import { libraryCategories, libraryOpened, libraryProgress, libraryVideos, libraryWatched } from '../library';
import { adminMailThrottle, sentEmails } from '../notifications';
import { redgramHistory, redgramLogs, redgramProfiles } from '../redgram';
import { passkeys, webauthnChallenges } from '../passkeys';
import { statsToolUses } from '../stats';
import { knownDevices } from '../auth';
import { backupCodes, loginChallenges, totpFactors, trustedDevices } from '../two-factor';
import { videoRecords } from '../video-tools';
import { dataArchives } from './schema';

/** A value as an archive file keeps it. */
export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/**
 * One file of the archive: its name in the ZIP (`.json` or `.csv`), what README.txt says of it, the tables whose
 * rows about the member it holds, and how it reads them. A CSV file reads rows with fixed columns; a JSON file
 * reads any value.
 */
export type ArchivePart = { file: string; about: string; tables: readonly string[] } & (
  | {
      kind: 'csv';
      columns: readonly string[];
      read(db: Db, userId: number, sources: ArchiveSources): Promise<Row[]>;
    }
  | { kind: 'json'; read(db: Db, userId: number, sources: ArchiveSources): Promise<unknown> }
);

/** What the archive reads beyond the database, at build time. */
export interface ArchiveSources {
  /** A Stripe customer's invoices (none without Stripe configured). */
  invoices(customerId: string): Promise<Row[]>;
}

const kindOf = (file: string) => (file.endsWith('.csv') ? 'csv' : 'json');

/**
 * The Spanish name of each stored column the archive shows (the spec's own Spanish names, such as `titulo`,
 * stay as they are): a member reads headers and keys in their language.
 */
const SPANISH_NAMES: Readonly<Record<string, string>> = {
  api_response: 'respuesta_de_la_ia',
  cancel_at_period_end: 'no_se_renovara',
  confirmed_at: 'activada_en',
  created_at: 'fecha_creacion',
  current_period_end: 'fin_del_periodo',
  customer_id: 'id_de_cliente_en_stripe',
  day: 'dia',
  deactivated_by_admin: 'desactivada_por_un_administrador',
  digest_due_at: 'resumen_pendiente_para',
  email: 'correo',
  email_code_expires_at: 'codigo_por_correo_caduca_en',
  email_tries: 'intentos_de_codigo',
  email_verified: 'correo_verificado',
  end_role_id: 'id_del_rol_al_terminar',
  erase_at: 'se_eliminara_el',
  error_message: 'mensaje_de_error',
  expires_at: 'caduca_en',
  factors: 'factores',
  input_text: 'texto_enviado',
  is_active: 'activa',
  last_sent_at: 'ultimo_aviso_en',
  last_used_at: 'ultimo_uso',
  mode: 'modo',
  name: 'nombre',
  needs_setup: 'falta_configurar',
  phone: 'telefono',
  placeholder: 'provisional',
  plan_role_id: 'id_del_rol_del_plan',
  price_id: 'id_de_precio_en_stripe',
  profile_id: 'id_de_perfil',
  profile_name: 'nombre_del_perfil',
  prompt: 'instrucciones',
  provider: 'proveedor',
  provider_updated_at: 'actualizado_por_stripe_en_ms',
  purpose: 'proposito',
  ready_at: 'listo_en',
  received_at: 'recibido_en',
  record_id: 'id_del_registro',
  requested_at: 'pedido_en',
  sector: 'sector',
  sent_at: 'enviado_en',
  social_network: 'red_social',
  sort_date: 'fecha_de_orden',
  specific_audience: 'audiencia_especifica',
  status: 'estado',
  subject: 'asunto',
  subscription_id: 'id_de_suscripcion_en_stripe',
  target_audience: 'publico_objetivo',
  tool: 'herramienta',
  transports: 'transportes',
  updated_at: 'actualizado_en',
  used_at: 'usado_en',
  user_agent: 'navegador',
  username: 'nombre_de_usuario',
  uses: 'usos',
  variants: 'variantes',
  visual_optimization: 'optimizacion_visual',
};

/** A stored column's name as the archive shows it. */
const spanishName = (name: string): string => SPANISH_NAMES[name] ?? name;

/** An object's keys in Spanish (one level: the archive's rows and records). */
const spanishKeys = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [spanishName(key), value]));

/** The state of an archive in words, as the screen says it. */
const ARCHIVE_STATUS: Readonly<Record<string, string>> = {
  pending: 'pendiente',
  running: 'en preparación (este archivo, si es el último)',
  ready: 'listo',
  failed: 'no se pudo preparar',
};

/**
 * Every row of `table` whose `by` column names the member, with every column but `by` and `omit` (secrets such
 * as a token's hash, or ids that only the server uses). A new table that refers to an account is one line:
 * `rowsOf({ file, about, table, by, omit })`.
 */
function rowsOf<T extends SQLiteTable>(spec: {
  file: string;
  about: string;
  table: T;
  by: Column;
  omit?: readonly string[];
}): ArchivePart {
  const hidden = new Set([spec.by.name, ...(spec.omit ?? [])]);
  const keys = Object.entries(getTableColumns(spec.table))
    .filter(([, column]) => !hidden.has(column.name))
    .map(([key]) => key);
  const columns = keys.map(spanishName);
  const read = async (db: Db, userId: number): Promise<Row[]> => {
    const rows = (await db
      .select()
      .from(spec.table as SQLiteTable)
      .where(eq(spec.by, userId))) as Record<string, Cell>[];
    return rows.map((row) => Object.fromEntries(keys.map((key) => [spanishName(key), row[key] ?? null])));
  };
  const tables = [getTableName(spec.table)];
  return kindOf(spec.file) === 'csv'
    ? { file: spec.file, about: spec.about, tables, kind: 'csv', columns, read }
    : { file: spec.file, about: spec.about, tables, kind: 'json', read };
}

/** Who did an action about the member, without naming another account. */
const actorLabel = (actorId: number | null, actorName: string, userId: number): string =>
  actorId === userId ? 'Tú' : actorId === null ? actorName : 'Un administrador';

async function profile(db: Db, userId: number): Promise<unknown> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      rol: roles.name,
      is_active: users.is_active,
      email_verified: users.email_verified,
      deactivated_by_admin: users.deactivated_by_admin,
      fecha_alta: users.created_at,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId));
  if (!user) return null;
  const [notices] = await db
    .select({ last_sent_at: adminMailThrottle.last_sent_at, digest_due_at: adminMailThrottle.digest_due_at })
    .from(adminMailThrottle)
    .where(eq(adminMailThrottle.user_id, userId));
  return {
    ...spanishKeys(user),
    rol: roleDisplayName(user.rol),
    avisos_de_registro: notices ? spanishKeys(notices) : null,
  };
}

/** A subscription's state as the profile says it («Activa», «Cancelada»…). */
const statusLabel = (status: string | null): string | null => {
  const known = SubscriptionStatus.safeParse(status);
  return known.success ? SUBSCRIPTION_STATUS_LABELS[known.data] : status;
};

async function subscription(db: Db, userId: number): Promise<unknown> {
  const roleNames = new Map(
    (await db.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [
      r.id,
      roleDisplayName(r.name),
    ]),
  );
  const nameOf = (id: number | null) => (id === null ? null : (roleNames.get(id) ?? null));
  const [current] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.user_id, userId));
  const waiting = await db
    .select()
    .from(billingWaitingPayments)
    .where(eq(billingWaitingPayments.user_id, userId));
  return {
    suscripcion: current
      ? {
          ...spanishKeys(Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'user_id'))),
          estado: statusLabel(current.status),
          plan: nameOf(current.plan_role_id),
          rol_al_terminar: nameOf(current.end_role_id),
        }
      : null,
    pagos_en_espera: waiting.map(({ user_id: _user, token_hash: _hash, ...payment }) => ({
      ...spanishKeys(payment),
      estado: statusLabel(payment.status),
    })),
  };
}

/** The member's invoices as Stripe holds them, read when the archive is built. */
async function payments(db: Db, userId: number, sources: ArchiveSources): Promise<Row[]> {
  const [current] = await db
    .select({ customer_id: billingSubscriptions.customer_id })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.user_id, userId));
  return current ? sources.invoices(current.customer_id) : [];
}

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

const progress = (db: Db, userId: number): Promise<Row[]> =>
  db
    .select({
      biblioteca: libraryCategories.library,
      categoria: libraryCategories.nombre,
      completadas: libraryProgress.completadas,
      total_videos: libraryCategories.total_videos,
    })
    .from(libraryProgress)
    .innerJoin(libraryCategories, eq(libraryCategories.id, libraryProgress.categoria_id))
    .where(eq(libraryProgress.user_id, userId))
    .orderBy(asc(libraryCategories.id));

const watched = (db: Db, userId: number): Promise<Row[]> =>
  db
    .select({ biblioteca: libraryVideos.library, video_id: libraryVideos.id, titulo: libraryVideos.titulo })
    .from(libraryWatched)
    .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
    .where(eq(libraryWatched.user_id, userId))
    .orderBy(asc(libraryVideos.id));

const opened = (db: Db, userId: number): Promise<Row[]> =>
  db
    .select({
      biblioteca: libraryVideos.library,
      video_id: libraryVideos.id,
      titulo: libraryVideos.titulo,
      abierto_en: libraryOpened.abierto_en,
    })
    .from(libraryOpened)
    .innerJoin(libraryVideos, eq(libraryVideos.id, libraryOpened.video_id))
    .where(eq(libraryOpened.user_id, userId))
    .orderBy(asc(libraryOpened.abierto_en));

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
 * The archive's files. Every table with a column that refers to an account is named by one part here (the
 * coverage test walks the schema and fails for a table left out).
 */
export const ARCHIVE_PARTS: readonly ArchivePart[] = [
  {
    file: 'perfil.json',
    about:
      'Tu cuenta: nombre de usuario, correo, teléfono, rol, estado y fecha de alta (y, si eres administrador, cuándo recibiste el último aviso de registros).',
    tables: ['users', 'admin_mail_throttle'],
    kind: 'json',
    read: profile,
  },
  {
    file: 'suscripcion.json',
    about:
      'Tu suscripción de pago tal como la conocemos por Stripe (cliente, plan, estado, fin del periodo) y los pagos que esperan la confirmación de tu correo.',
    tables: ['billing_subscriptions', 'billing_waiting_payments'],
    kind: 'json',
    read: subscription,
  },
  {
    file: 'pagos.csv',
    about:
      'Tus facturas tal como las guarda Stripe en el momento de preparar el archivo: fecha, número, estado, importe y moneda.',
    tables: [],
    kind: 'csv',
    columns: ['fecha', 'numero', 'estado', 'importe', 'moneda'],
    read: payments,
  },
  {
    file: 'historial-de-la-cuenta.csv',
    about:
      'Las acciones sobre tu cuenta que guarda el historial: cambios de rol, de estado, de datos y de suscripción, con su fecha.',
    tables: ['audit_log'],
    kind: 'csv',
    columns: ['fecha', 'accion', 'cambios', 'por'],
    read: accountHistory,
  },
  {
    file: 'progreso.csv',
    about: 'Tu progreso en cada categoría de Membresía y de Cafelito Virtual.',
    tables: ['library_progress'],
    kind: 'csv',
    columns: ['biblioteca', 'categoria', 'completadas', 'total_videos'],
    read: progress,
  },
  {
    file: 'videos-vistos.csv',
    about: 'Las clases que marcaste como vistas.',
    tables: ['library_watched'],
    kind: 'csv',
    columns: ['biblioteca', 'video_id', 'titulo'],
    read: watched,
  },
  {
    file: 'videos-abiertos.csv',
    about: 'Cuándo abriste cada clase por última vez («Continuar viendo»).',
    tables: ['library_opened'],
    kind: 'csv',
    columns: ['biblioteca', 'video_id', 'titulo', 'abierto_en'],
    read: opened,
  },
  rowsOf({
    file: 'videos-guardados.csv',
    about: 'Los videos de YouTube e Instagram que guardaste con las herramientas de descarga.',
    table: videoRecords,
    by: videoRecords.user_id,
  }),
  rowsOf({
    file: 'redgram-perfiles.json',
    about: 'Tus perfiles de audiencia de RedGram.',
    table: redgramProfiles,
    by: redgramProfiles.user_id,
  }),
  rowsOf({
    file: 'redgram-historial.json',
    about: 'Tu historial de RedGram: cada texto que pediste y las variantes que se generaron.',
    table: redgramHistory,
    by: redgramHistory.user_id,
  }),
  rowsOf({
    file: 'redgram-registros.json',
    about:
      'El registro de cada generación de RedGram: tu texto, las instrucciones enviadas a la IA y su respuesta o error.',
    table: redgramLogs,
    by: redgramLogs.user_id,
  }),
  rowsOf({
    file: 'sesiones.csv',
    about: 'Tus inicios de sesión: cuándo empezó cada sesión abierta y cuándo caduca.',
    table: sessions,
    by: sessions.user_id,
    omit: ['id', 'epoch'],
  }),
  rowsOf({
    file: 'llaves-de-acceso.csv',
    about:
      'Tus llaves de acceso: el nombre que les diste, cuándo las añadiste y cuándo las usaste por última vez.',
    table: passkeys,
    by: passkeys.user_id,
    omit: ['id', 'credential_id', 'public_key', 'counter'],
  }),
  rowsOf({
    file: 'aplicacion-de-autenticacion.json',
    about: 'Tu aplicación de autenticación: cuándo la activaste (el secreto no se incluye).',
    table: totpFactors,
    by: totpFactors.user_id,
    omit: ['secret', 'last_step'],
  }),
  rowsOf({
    file: 'codigos-de-recuperacion.csv',
    about: 'Tus códigos de recuperación: cuáles usaste y cuándo (los códigos no se incluyen).',
    table: backupCodes,
    by: backupCodes.user_id,
    omit: ['id', 'code_hash'],
  }),
  rowsOf({
    file: 'verificaciones-pendientes.csv',
    about: 'Los inicios de sesión que esperan su segundo paso (caducan a los pocos minutos).',
    table: loginChallenges,
    by: loginChallenges.user_id,
    omit: ['id_hash', 'email_code_hash', 'token_version'],
  }),
  rowsOf({
    file: 'dispositivos-recordados.csv',
    about: 'Los navegadores de administrador verificados con un código, que no lo piden durante 30 días.',
    table: trustedDevices,
    by: trustedDevices.user_id,
    omit: ['device_hash', 'epoch', 'session_id'],
  }),
  rowsOf({
    file: 'navegadores-conocidos.csv',
    about:
      'Los navegadores en los que completaste un inicio de sesión (tus intentos desde ellos se cuentan aparte).',
    table: knownDevices,
    by: knownDevices.user_id,
    omit: ['device_hash', 'epoch'],
  }),
  rowsOf({
    file: 'solicitudes-de-llave.csv',
    about:
      'Las solicitudes para añadir una llave de acceso que siguen abiertas (caducan a los pocos minutos).',
    table: webauthnChallenges,
    by: webauthnChallenges.user_id,
    omit: ['challenge'],
  }),
  rowsOf({
    file: 'uso-de-herramientas.csv',
    about: 'Cuántas veces usaste cada herramienta de texto cada día, y los días que entraste ("acceso").',
    table: statsToolUses,
    by: statsToolUses.user_id,
  }),
  rowsOf({
    file: 'eliminacion-programada.json',
    about: 'Si pediste eliminar tu cuenta al final del periodo pagado: cuándo se eliminará.',
    table: accountErasures,
    by: accountErasures.user_id,
  }),
  rowsOf({
    file: 'correos.csv',
    about: 'Los correos que la comunidad te ha enviado: asunto y fecha.',
    table: sentEmails,
    by: sentEmails.user_id,
    omit: ['id'],
  }),
  rowsOf({
    file: 'enlaces-de-recuperacion.csv',
    about: 'Los enlaces para cambiar tu contraseña que pediste: cuándo se crearon, caducan o se usaron.',
    table: passwordResetTokens,
    by: passwordResetTokens.user_id,
    omit: ['id', 'token_hash', 'epoch'],
  }),
  rowsOf({
    file: 'confirmaciones-de-correo.csv',
    about: 'Los enlaces para confirmar un correo que te enviamos y aún no has usado.',
    table: emailConfirmations,
    by: emailConfirmations.user_id,
    omit: ['id', 'token_hash', 'epoch'],
  }),
  {
    file: 'archivos-de-datos.csv',
    about: 'Los archivos de tus datos pedidos hasta ahora, por ti o por un administrador.',
    tables: ['data_archives'],
    kind: 'csv',
    columns: ['pedido_en', 'estado', 'listo_en', 'caduca_en', 'pedido_por'],
    read: archives,
  },
];

export const README_FILE = 'README.txt';
/** The machine-readable list of the archive's files. */
export const INDEX_FILE = 'indice.json';
