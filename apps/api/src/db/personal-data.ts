import type { RetentionCounts } from '@app/contracts';
import { eq, getTableColumns, getTableName, type Column, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

/**
 * Personal data, declared by the module that owns each table (GitLab's and Discourse's lists of what deleting a
 * user touches): what erasing an account does to the table's rows, which file of the member's archive holds
 * them, and what the daily purge deletes. The erasure, the archive and the retention purge are built from
 * these declarations (`src/personal-data.ts` lists every module's); the coverage tests walk the schema of both
 * engines and fail for a table holding an account that no module declares.
 */
export interface PersonalData {
  /** The module's tables that hold member data, each with what the erasure and the purge do to it. */
  tables: readonly PersonalTable[];
  /** The module's files in the member's archive («Descargar mis datos»). */
  archive?: readonly ArchivePart[];
}

/** A member as the erasure finds them: the id, and what names them in text. */
export interface ErasedMember {
  id: number;
  email: string;
  username: string;
  phone: string | null;
}

/**
 * What the erasure of an account does to a table: `delete` removes the rows whose `column` holds the member's id
 * (`before` runs first on them, for a kept count; with `scrub`, the member's name, email and phone are rewritten
 * under their pseudonym in the other rows' texts); `forget` removes the rows `rows` finds by what the member is
 * (a table with no account column, such as the hashed rate-limit keys); `pseudonymise` rewrites them (Historial);
 * `keep` leaves them, for the reason given.
 */
export type ErasureRule =
  | {
      action: 'delete';
      column: Column;
      before?: (tx: Db, ids: readonly number[]) => Promise<void>;
      scrub?: { key: Column; columns: readonly Column[] };
    }
  | { action: 'forget'; rows: (members: readonly ErasedMember[]) => SQL | undefined }
  | { action: 'pseudonymise'; how: string }
  | { action: 'keep'; reason: string };

/** Which setting of «Conservación de datos» bounds a table's rows. */
export type RetentionKind = keyof RetentionCounts;

/** What the daily purge deletes: the rows whose `column` (an ISO time) is older than the kind's days. */
export interface RetentionRule {
  kind: RetentionKind;
  column: SQLiteColumn;
  /** Runs first on the same rows (a kept count that must forget them). */
  before?: (tx: Db, where: SQL) => Promise<void>;
}

export interface PersonalTable {
  table: SQLiteTable;
  erasure: ErasureRule;
  retention?: RetentionRule;
}

/** A value as an archive file keeps it. */
export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/** What the archive reads beyond the database, at build time. */
export interface ArchiveSources {
  /** A Stripe customer's invoices (none without Stripe configured). */
  invoices(customerId: string): Promise<Row[]>;
}

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

const kindOf = (file: string) => (file.endsWith('.csv') ? 'csv' : 'json');

/**
 * The Spanish name of each stored column the archive shows (the spec's own Spanish names, such as `titulo`,
 * stay as they are): a member reads headers and keys in their language.
 */
const SPANISH_NAMES: Readonly<Record<string, string>> = {
  api_response: 'respuesta_de_la_ia',
  at: 'fecha',
  cancel_at_period_end: 'no_se_renovara',
  confirmed_at: 'activada_en',
  created_at: 'fecha_creacion',
  currency: 'moneda',
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
  mrr: 'importe_mensual_en_centimos',
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
export const spanishKeys = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [spanishName(key), value]));

/**
 * Every row of `table` whose `by` column names the member, with every column but `by` and `omit` (secrets such
 * as a token's hash, or ids that only the server uses). A new table that refers to an account is one line:
 * `rowsOf({ file, about, table, by, omit })`.
 */
export function rowsOf<T extends SQLiteTable>(spec: {
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
