import { z } from 'zod';
import { endpointsOf } from './http';
import { LIBRARY_NAMES } from './library';
import { keyedPageQueryFields, pageOf } from './pagination';

const endpoint = endpointsOf('estadisticas');

/**
 * Estadísticas: headline figures and daily series of the community for holders of the `estadisticas`
 * permission. Every figure is read from kept daily rows (a day of the community's time zone, a metric, a
 * dimension, a value), never counted from members, records or Historial when the screen is read.
 */

/** The ranges the screen offers: the last 30, 90 or 365 days, or every kept day. */
export const STATS_RANGES = ['30', '90', '365', 'all'] as const;
export const StatsRange = z.enum(STATS_RANGES, { error: 'Periodo no válido' });
export type StatsRange = z.infer<typeof StatsRange>;

export const STATS_RANGE_LABELS: Record<StatsRange, string> = {
  '30': '30 días',
  '90': '90 días',
  '365': '365 días',
  all: 'Todo',
};

/**
 * The kept metrics. Flows count what happened during the day; snapshots hold the state at the day's close.
 * The dimension says which part of the metric a row is (a role, a tool, a currency, a subscription state).
 */
export const STATS_METRICS = [
  // Flows.
  'signups',
  'activations',
  'active',
  'paid_signups',
  'trial_starts',
  'trial_conversions',
  'cancellations',
  /** By the role given. */
  'role_changes',
  /** By tool. */
  'tool_uses',
  /** Classes marked completed, by library. */
  'completions',
  /** MRR movements, by `currency:move` (new, expansion, contraction, churned, reactivated), all positive. */
  'revenue_moves',
  /** Paying members who stopped paying (ended, or moved into payment retry), by currency. */
  'subscribers_lost',
  // Snapshots at the day's close.
  'members',
  'paying',
  'mrr',
  /** Distinct members active from the first of the month to the day's end. */
  'active_month',
  /** MRR as Stripe counts it (paying subscriptions, after discounts, tax excluded), by currency. */
  'revenue',
  /** The MRR of subscriptions in payment retry, by currency: not counted in `revenue`. */
  'revenue_retrying',
  /** `revenue` by `currency:plan` (the plan's role). */
  'revenue_plan',
  /** Subscribers by `currency:kind` (paying, trial, retrying). */
  'subscribers',
] as const;
export const StatsMetric = z.enum(STATS_METRICS);
export type StatsMetric = z.infer<typeof StatsMetric>;

/** The snapshots: a longer period shows the value at its last day, never a sum. */
export const STATS_SNAPSHOTS = [
  'members',
  'paying',
  'mrr',
  'active_month',
  'revenue',
  'revenue_retrying',
  'revenue_plan',
  'subscribers',
] as const satisfies readonly StatsMetric[];

/** How a range's series are grouped: by day (30 and 90 days), by week from Monday (365 days), by month (all). */
export const STATS_PERIODS = ['day', 'week', 'month'] as const;
export const StatsPeriod = z.enum(STATS_PERIODS);
export type StatsPeriod = z.infer<typeof StatsPeriod>;

/** The dimensions of `paying` and `mrr`: paid and renewing, in a trial, paid but ending, or a payment retried. */
export const PAYING_STATES = ['active', 'trialing', 'cancelling', 'past_due'] as const;
export type PayingState = (typeof PAYING_STATES)[number];

export const PAYING_STATE_LABELS: Record<PayingState, string> = {
  active: 'Activas',
  trialing: 'En prueba',
  cancelling: 'Se cancelan al final del periodo',
  past_due: 'Pago pendiente',
};

/** A figure of the range and the same figure over the previous range of the same length (null: none). */
export const StatsFigure = z.strictObject({ value: z.number(), previous: z.number().nullable() });
export type StatsFigure = z.infer<typeof StatsFigure>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Count = z.number().int();

/** MRR movements as Stripe, ChartMogul and Baremetrics split them. */
export const MRR_MOVES = ['new', 'expansion', 'contraction', 'churned', 'reactivated'] as const;
export type MrrMove = (typeof MRR_MOVES)[number];
export const MRR_MOVE_LABELS: Record<MrrMove, string> = {
  new: 'Nuevos',
  expansion: 'Ampliaciones',
  contraction: 'Reducciones',
  churned: 'Bajas',
  reactivated: 'Reactivaciones',
};

/** Members by kind: what each active member is at the day's end (administrators are none of these). */
export const MEMBER_KINDS = ['free', 'paying', 'courtesy', 'trial', 'retrying'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export const MEMBER_KIND_LABELS: Record<MemberKind, string> = {
  free: 'Gratuitos',
  paying: 'De pago',
  courtesy: 'De cortesía',
  trial: 'En prueba',
  retrying: 'Reintentando el pago',
};

/**
 * A currency's money as Stripe counts it, at the range's last day (amounts in minor units, cents): MRR and the
 * same at the day before the range; ARR (12 × MRR); ARPU (MRR ÷ paying members); what subscriptions in payment
 * retry would add; the range's movements; MRR by plan (its role); revenue churn (a percentage); the MRR of each
 * period of the series, for a sparkline.
 */
export const StatsMoney = z.strictObject({
  currency: z.string(),
  mrr: Count,
  previous: Count.nullable(),
  arr: Count,
  arpu: Count,
  previous_arpu: Count.nullable(),
  paying: Count,
  retrying: Count,
  moves: z.strictObject({
    new: Count,
    expansion: Count,
    contraction: Count,
    churned: Count,
    reactivated: Count,
  }),
  by_plan: z.array(z.strictObject({ plan: z.string(), amount: Count })),
  revenue_churn: StatsFigure,
  trend: z.array(Count),
});
export type StatsMoney = z.infer<typeof StatsMoney>;

/**
 * Monthly recurring income of one currency, in its minor unit (cents): a yearly price counts a twelfth.
 * `amount` is what renews; trials and subscriptions that end at the period's end are given apart.
 */
export const StatsMrr = z.strictObject({
  currency: z.string(),
  amount: Count,
  previous: Count.nullable(),
  trialing: Count,
  cancelling: Count,
});
export type StatsMrr = z.infer<typeof StatsMrr>;

/** One kept row of a series; `day` is the first day of its period (a week's Monday, or the range's first day). */
export const StatsPoint = z.strictObject({ day: Day, dimension: z.string(), value: Count });
export type StatsPoint = z.infer<typeof StatsPoint>;

export const StatsSeries = z.strictObject({ metric: StatsMetric, points: z.array(StatsPoint) });
export type StatsSeries = z.infer<typeof StatsSeries>;

/** Classes per page of a library's completion table, by default and at most. */
export const STATS_CLASSES_PAGE_SIZE = 20;
export const STATS_CLASSES_PAGE_SIZE_MAX = 100;

/** A class, the members who opened or finished it, and how many of them finished it. */
export const StatsClass = z.strictObject({
  library: z.string(),
  video_id: z.number().int(),
  titulo: z.string(),
  /** Its category in the library: two classes of one title in different categories read apart. */
  categoria_id: z.number().int(),
  categoria: z.string(),
  viewers: Count,
  finished: Count,
});
export type StatsClass = z.infer<typeof StatsClass>;

/** The share of a class's viewers who finished it, a percentage with one decimal. */
export const completionShare = (finished: number, viewers: number): number =>
  viewers > 0 ? Math.round((finished * 1000) / viewers) / 10 : 0;

/** The columns of a library's completion CSV. */
export const STATS_CLASSES_CSV_HEADER = [
  'Clase',
  'Categoría',
  'Miembros que la abrieron',
  'Miembros que la completaron',
  'Completada (%)',
] as const;

export const StatsQuery = z.strictObject({ range: StatsRange.default('30') });
export type StatsQuery = z.input<typeof StatsQuery>;

export const StatsOverview = z.strictObject({
  range: StatsRange,
  /** The first and last day of the range (days of `time_zone`); null when no day is kept yet. */
  from: Day.nullable(),
  to: Day.nullable(),
  time_zone: z.string(),
  figures: z.strictObject({
    /** Active accounts at the range's last day. */
    active_members: StatsFigure,
    /** Subscriptions that pay (renewing, ending at the period's end, or retrying a payment) at the last day. */
    paying_members: StatsFigure,
    new_members: StatsFigure,
    paid_signups: StatsFigure,
    cancellations: StatsFigure,
    /** Paid cancellations per 100 paying members at the range's start, scaled to 30 days (a percentage). */
    monthly_churn: StatsFigure,
    /** Trials converted to paid per 100 trials started in the range (a percentage). */
    trial_conversion: StatsFigure,
  }),
  mrr: z.array(StatsMrr),
  /** Money as Stripe counts it, per currency (docs/statistics.md). */
  money: z.array(StatsMoney),
  /** Active members by kind at the range's last day; each kind's count per period for a sparkline. */
  member_kinds: z.array(
    z.strictObject({
      kind: z.enum(MEMBER_KINDS),
      value: Count,
      previous: Count.nullable(),
      trend: z.array(Count),
    }),
  ),
  /** Paying members lost in the range × 100 ÷ paying members at its start (a percentage). */
  subscriber_churn: StatsFigure,
  /** The series' grouping; each point's day starts its period. */
  period: StatsPeriod,
  series: z.array(StatsSeries),
  /** Distinct active members of each month the range touches (a month in progress: so far). */
  monthly_active: z.array(z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/), value: Count })),
});
export type StatsOverview = z.infer<typeof StatsOverview>;

export const statsOverview = endpoint({
  summary: 'Cifras de la comunidad y sus series diarias para un periodo.',
  method: 'GET',
  path: '/api/estadisticas',
  query: StatsQuery,
  response: StatsOverview,
});

const StatsLibrary = z.enum(LIBRARY_NAMES, { error: 'Biblioteca no válida' });

/** A library's classes, most viewed first (the class's id breaking ties), as the last close found them. */
export const StatsClassesQuery = z.strictObject({
  library: StatsLibrary,
  /** Only the classes of this category (its id). */
  categoria: z.coerce
    .number({ error: 'Categoría no válida' })
    .int({ error: 'Categoría no válida' })
    .positive({ error: 'Categoría no válida' })
    .optional(),
  ...keyedPageQueryFields(STATS_CLASSES_PAGE_SIZE, STATS_CLASSES_PAGE_SIZE_MAX),
});
export type StatsClassesQuery = z.input<typeof StatsClassesQuery>;
export const StatsClassPage = pageOf(StatsClass);
export type StatsClassPage = z.infer<typeof StatsClassPage>;

export const statsClassList = endpoint({
  summary: 'Devuelve la finalización de cada clase de una biblioteca, por páginas.',
  method: 'GET',
  path: '/api/estadisticas/clases',
  query: StatsClassesQuery,
  response: StatsClassPage,
});

export const StatsClassCategoriesQuery = z.strictObject({ library: StatsLibrary });
export type StatsClassCategoriesQuery = z.input<typeof StatsClassCategoriesQuery>;
export const StatsClassCategories = z.array(z.strictObject({ id: z.number().int(), nombre: z.string() }));
export type StatsClassCategories = z.infer<typeof StatsClassCategories>;

export const statsClassCategories = endpoint({
  summary: 'Devuelve las categorías de las clases de una biblioteca, para filtrar su tabla.',
  method: 'GET',
  path: '/api/estadisticas/clases/categorias',
  query: StatsClassCategoriesQuery,
  response: StatsClassCategories,
});

export const StatsClassesExportQuery = z.strictObject({ library: StatsLibrary });
export type StatsClassesExportQuery = z.input<typeof StatsClassesExportQuery>;
export const StatsClassesExport = z.strictObject({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
});
export type StatsClassesExport = z.infer<typeof StatsClassesExport>;

export const statsClassExport = endpoint({
  summary: 'Exporta en CSV la finalización de todas las clases de una biblioteca.',
  method: 'GET',
  path: '/api/estadisticas/clases/exportar',
  query: StatsClassesExportQuery,
  response: StatsClassesExport,
});

/**
 * Today's figures so far, live (the closed days stop at yesterday): as of `as_of`, an instant. `closes_at` is
 * when today ends and is closed (a few minutes later); `last_closed` is null on a new installation.
 */
export const StatsToday = z.strictObject({
  day: Day,
  as_of: z.string(),
  time_zone: z.string(),
  last_closed: Day.nullable(),
  closes_at: z.string(),
  /** Active accounts now. */
  accounts: Count,
  active: Count,
  new_members: Count,
  paid_signups: Count,
  cancellations: Count,
  trial_starts: Count,
});
export type StatsToday = z.infer<typeof StatsToday>;

export const statsToday = endpoint({
  summary: 'Cifras de hoy hasta ahora, en vivo.',
  method: 'GET',
  path: '/api/estadisticas/hoy',
  response: StatsToday,
});

/**
 * Each figure of Estadísticas, named once, with the definition the screen shows under «¿Qué es esto?»
 * (docs/statistics.md gives the formulas). The dashboard's «Tu comunidad» uses the same names.
 */
export const STATS_FIGURE_TEXTS = {
  active_members: {
    label: 'Cuentas activas',
    definition:
      'Cuentas activadas, que pueden entrar, al final del día (administradores incluidos). No dice quién entró: eso es «Miembros activos».',
  },
  active: {
    label: 'Miembros activos',
    definition:
      'Miembros distintos que entraron o usaron una herramienta ese día, aunque después cerraran sesión. Cada miembro cuenta una vez al día.',
  },
  active_month: {
    label: 'Miembros activos en el mes',
    definition: 'Miembros distintos que entraron o usaron una herramienta desde el día 1 del mes.',
  },
  paying_members: {
    label: 'Miembros de pago',
    definition:
      'Suscripciones que pagan al final del día: activas, que se cancelan al final del periodo o con un pago pendiente. Las pruebas no cuentan.',
  },
  new_members: {
    label: 'Nuevos miembros',
    definition:
      'Cuentas que pasan a estar activas por primera vez: el día en que se crean activas, o el día en que se activan. No cuentan los administradores, los registros nunca activados ni las cuentas importadas inactivas. Un miembro importado con su fecha de alta cuenta en ese día.',
  },
  paid_signups: {
    label: 'Altas de pago',
    definition: 'Suscripciones que empiezan a dar acceso (de prueba o de pago) en el periodo.',
  },
  cancellations: {
    label: 'Bajas de pago',
    definition: 'Suscripciones que dejan de dar acceso en el periodo.',
  },
  monthly_churn: {
    label: 'Abandono mensual',
    definition:
      'Bajas de pago × 100 ÷ (miembros de pago al empezar el periodo + altas de pago del periodo), llevado a 30 días.',
  },
  trial_conversion: {
    label: 'Conversión de prueba a pago',
    definition: 'Pruebas que pasan a pago × 100 ÷ pruebas iniciadas en el periodo.',
  },
  mrr: {
    label: 'Ingresos mensuales',
    definition:
      'Lo que renuevan cada mes las suscripciones activas y con pago pendiente, al precio de su plan (un precio anual cuenta una doceava parte). Las pruebas y las que se cancelan se muestran aparte.',
  },
  revenue: {
    label: 'MRR',
    definition:
      'Ingresos mensuales recurrentes como los cuenta Stripe: lo que pagan cada mes las suscripciones activas, con sus descuentos aplicados y sin impuestos (un precio anual cuenta una doceava parte). Las pruebas no cuentan; las suscripciones con un pago pendiente se muestran aparte y no cuentan.',
  },
  arr: {
    label: 'ARR',
    definition: 'Ingresos anuales recurrentes: 12 × MRR.',
  },
  arpu: {
    label: 'Ingreso medio por miembro de pago',
    definition: 'MRR ÷ miembros de pago (suscripciones activas, sin pruebas ni pagos pendientes).',
  },
  member_kinds: {
    label: 'Miembros por tipo',
    definition:
      'Cuentas activas al final del día, sin administradores: de pago (suscripción activa), en prueba, reintentando el pago (pago pendiente), de cortesía (con el rol de un plan que un administrador dio, sin suscripción) y gratuitos (el resto).',
  },
  revenue_moves: {
    label: 'Movimientos del MRR',
    definition:
      'Cómo cambia el MRR de cada miembro de un día al siguiente: nuevos (primer pago), ampliaciones (paga más), reducciones (paga menos, p. ej. un cupón), bajas (deja de pagar: cancela o entra en reintento de pago) y reactivaciones (vuelve a pagar tras haber pagado antes). MRR al final = MRR al empezar + nuevos + ampliaciones + reactivaciones − reducciones − bajas.',
  },
  subscriber_churn: {
    label: 'Abandono de suscriptores',
    definition:
      'Miembros de pago que dejan de pagar en el periodo × 100 ÷ miembros de pago al empezar el periodo.',
  },
  revenue_churn: {
    label: 'Abandono de ingresos',
    definition: '(MRR de bajas + MRR de reducciones del periodo) × 100 ÷ MRR al empezar el periodo.',
  },
} as const;
export type StatsFigureKey = keyof typeof STATS_FIGURE_TEXTS;

export const STATS_MESSAGES = {
  load: 'Error al cargar las estadísticas',
  exportClasses: 'Error al exportar las clases',
  exportChart: 'Error al exportar los números del gráfico',
  empty: 'Aún no hay días cerrados: las cifras aparecen al terminar el primer día.',
} as const;
