import { z } from 'zod';
import { EmailField, PasswordField } from './user-fields';
import { endpointsOf, ID_MAX, NoQuery } from './http';
import { grantsAdministration, isAdmin } from './roles';
import { TOOL_NAMES } from './tools';

const endpoint = endpointsOf('billing');

/**
 * Paid tiers through a payment provider (Stripe today): each paid role (any role but admin) is a plan with one
 * or more prices; the provider's hosted Checkout and Billing Portal take every card, and its webhooks grant, keep
 * and remove the plan's role. A member without a subscription (made by an admin, imported, "cortesía") is never
 * touched by billing: a visitor's payment made with the email of an existing account waits until the owner of that
 * address follows the link emailed to it.
 */

/** A provider's price id (`price_...`), as the admin pastes it. */
export const PriceId = z
  .string()
  .trim()
  .regex(/^price_[A-Za-z0-9_]{1,200}$/, 'El identificador de precio debe empezar por price_');

/** The provider's subscription statuses (Stripe's names). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** The Spanish word members and admins read for each status. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Pago incompleto',
  incomplete_expired: 'Pago caducado',
  trialing: 'En prueba',
  active: 'Activa',
  past_due: 'Pago pendiente',
  canceled: 'Cancelada',
  unpaid: 'Impagada',
  paused: 'En pausa',
};

/** Statuses that keep the plan's role (past_due: while the provider retries the card). */
export const ACCESS_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/**
 * What happens at Stripe to a member's live subscription when an administrator deactivates or deletes them:
 * cancelled now, or left to end with the period already paid (never renewed). The default keeps what was paid.
 */
export const SUBSCRIPTION_ENDINGS = ['period_end', 'now'] as const;
export const SubscriptionEnding = z.enum(SUBSCRIPTION_ENDINGS);
export type SubscriptionEnding = z.infer<typeof SubscriptionEnding>;

/** The administrator's two choices, as /config's deactivate and delete dialogs offer them. */
export const SUBSCRIPTION_ENDING_LABELS: Record<SubscriptionEnding, string> = {
  now: 'Cancelar la suscripción en Stripe ahora',
  period_end: 'Dejar que termine al final del periodo pagado',
};

/** What Historial says was done at Stripe. */
export const SUBSCRIPTION_ENDING_DONE: Record<SubscriptionEnding, string> = {
  now: 'cancelada en Stripe ahora',
  period_end: 'termina al final del periodo pagado (no se renueva)',
};

/** Whether a subscription in this status still charges or grants: an administrator chooses how it ends. */
export const isLiveSubscription = (status: SubscriptionStatus | null | undefined): boolean =>
  status !== null && status !== undefined && ACCESS_STATUSES.includes(status);

/**
 * A subscription the member still holds at Stripe (paused too): a second Checkout would charge them twice, so the
 * plans page offers a change of plan in the Billing Portal instead, and the server refuses the Checkout.
 */
export const holdsSubscription = (status: SubscriptionStatus | null | undefined): boolean =>
  isLiveSubscription(status) || status === 'paused';

/** Administrators (by role or by an administering tool) buy no plan: they are never offered one. */
export const buysNoPlan = (user: { role: string; permissions: readonly string[] }): boolean =>
  isAdmin(user) || grantsAdministration(user.permissions);

/** Statuses that end the subscription: the plan's end rule applies. */
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];

export const BillingInterval = z.enum(['day', 'week', 'month', 'year']);
export type BillingInterval = z.infer<typeof BillingInterval>;

/** One price of a plan, as read from the provider when the admin saved it. */
export const PlanPrice = z.strictObject({
  price_id: z.string(),
  /** In the currency's minor unit (cents), as the provider gives it. */
  amount: z.number().int().min(0),
  /** ISO 4217, lower case (the provider's form): "eur". */
  currency: z.string(),
  interval: BillingInterval,
  interval_count: z.number().int().min(1),
});
export type PlanPrice = z.infer<typeof PlanPrice>;

/** What happens to the member when a subscription ends: another role, or the account deactivated. */
export const PlanEndAction = z.enum(['role', 'deactivate']);
export type PlanEndAction = z.infer<typeof PlanEndAction>;

// ---- Public plans page (/planes) -------------------------------------------------------------------------------

export const PublicPlanTool = z.strictObject({
  tool: z.enum(TOOL_NAMES),
  /** The dashboard card's title. */
  title: z.string(),
});

export const PublicPlan = z.strictObject({
  role_id: z.number().int(),
  /** The role's name (lower case as stored); the web shows it as the role badge does. */
  name: z.string(),
  description: z.string(),
  tools: z.array(PublicPlanTool),
  /** Days of free trial before the first charge; null: none. */
  trial_days: z.number().int().min(1).nullable(),
  prices: z.array(PlanPrice),
});
export type PublicPlan = z.infer<typeof PublicPlan>;

export const PublicPlans = z.strictObject({
  /** False when payments are not configured: the web sends "Actualizar mi membresía" to MEMBERSHIP_PLANS_URL. */
  enabled: z.boolean(),
  plans: z.array(PublicPlan),
});
export type PublicPlans = z.infer<typeof PublicPlans>;

export const listPlans = endpoint({
  summary: 'Lista los planes de pago con sus precios y herramientas',
  method: 'GET',
  path: '/api/billing/plans',
  query: NoQuery,
  response: PublicPlans,
});

/**
 * Starts the provider's hosted Checkout for one price; the browser goes to `url`. A visitor may give their email
 * first: the provider's page shows it and pays with it, and an open Checkout opened before with the same email can
 * no longer be paid (nobody pays twice). It proves nothing: the payment still waits for the owner of an address
 * that has an account. A signed-in member pays with their account's email whatever is sent.
 */
export const startCheckout = endpoint({
  summary: 'Abre el pago de un plan en la página segura del proveedor',
  method: 'POST',
  path: '/api/billing/checkout',
  body: z.strictObject({ price_id: PriceId, email: EmailField.optional() }),
  response: z.strictObject({ url: z.string() }),
});

// ---- The member's own subscription (/perfil, "Mi suscripción") -------------------------------------------------

export const MySubscription = z.strictObject({
  /** The plan's role name. */
  plan: z.string(),
  status: SubscriptionStatus,
  price: PlanPrice.nullable(),
  /** The end of the period paid for (ISO 8601): the next renewal, or the end date when it will not renew. */
  current_period_end: z.string().nullable(),
  /** True when the member cancelled: access lasts until `current_period_end`. */
  cancel_at_period_end: z.boolean(),
});
export type MySubscription = z.infer<typeof MySubscription>;

export const getMySubscription = endpoint({
  summary: 'Muestra la suscripción del miembro que ha iniciado sesión',
  method: 'GET',
  path: '/api/billing/subscription',
  query: NoQuery,
  response: z.strictObject({ subscription: MySubscription.nullable() }),
});

/** A Billing Portal session for the signed-in member: card, invoices, plan change, cancellation. */
export const openBillingPortal = endpoint({
  summary: 'Abre el portal de facturación del miembro',
  method: 'POST',
  path: '/api/billing/portal',
  body: z.strictObject({}),
  response: z.strictObject({ url: z.string() }),
});

// ---- The provider's webhook ------------------------------------------------------------------------------------

/**
 * Where Stripe sends its events (server to server): the body is the event exactly as Stripe signed it, so the
 * server reads it raw and checks the `Stripe-Signature` header instead of a session or the CSRF header.
 */
export const stripeWebhook = endpoint({
  summary: 'Recibe los avisos de Stripe (webhooks) sobre pagos y suscripciones',
  method: 'POST',
  path: '/api/billing/webhook',
  response: z.strictObject({ received: z.literal(true) }),
});

// ---- A visitor's payment waiting for the owner of its email (/planes/vincular) ---------------------------------

/** The token of the emailed link that attaches a waiting payment to its account. */
export const ClaimTokenField = z
  .string({ error: 'El enlace para vincular el pago no es válido o ya se ha usado' })
  .trim()
  .min(1, 'El enlace para vincular el pago no es válido o ya se ha usado')
  .max(200, 'El enlace para vincular el pago no es válido o ya se ha usado');

export const PaymentClaim = z.strictObject({
  /** The plan's role name. */
  plan: z.string(),
  /** The account the payment waits for. */
  username: z.string(),
  /**
   * How the owner proves it is theirs: signing in to the account, or choosing its password (an account without
   * one, or one that was never activated).
   */
  way: z.enum(['sign-in', 'password']),
});
export type PaymentClaim = z.infer<typeof PaymentClaim>;

/** What the link's page shows before the owner acts. */
export const checkPaymentClaim = endpoint({
  summary: 'Muestra el pago que espera a vincularse a una cuenta',
  method: 'POST',
  path: '/api/billing/claims/check',
  body: z.strictObject({ token: ClaimTokenField }),
  response: PaymentClaim,
});

/** Attaches the waiting payment: the owner is signed in, or sets the account's password with `password`. */
export const claimPayment = endpoint({
  summary: 'Vincula a su cuenta un pago que esperaba al dueño del correo',
  method: 'POST',
  path: '/api/billing/claims',
  body: z.strictObject({ token: ClaimTokenField, password: PasswordField.optional() }),
  response: z.strictObject({ ok: z.literal(true), plan: z.string() }),
});

export const CLAIM_MESSAGES = {
  invalid: 'El enlace para vincular el pago no es válido o ya se ha usado',
  signIn: (username: string) => `Inicia sesión con la cuenta ${username} para vincular el pago`,
  passwordRequired: 'Elige una contraseña para tu cuenta',
  ended: 'Esa suscripción ya no está activa: no hay nada que vincular',
  deactivated: 'Un administrador ha desactivado esta cuenta: escríbele si quieres recuperarla',
  otherSubscription:
    'Tu cuenta ya tiene otra suscripción. Cancela una de las dos en «Gestionar suscripción», en tu perfil.',
} as const;

export const BILLING_WEBHOOK_MESSAGES = {
  notConfigured: 'Los avisos de Stripe no están configurados',
  badSignature: 'La firma del aviso de Stripe no es válida',
  badEvent: 'El aviso de Stripe no trae ningún objeto',
} as const;

// ---- Admin: /config, "Planes" ----------------------------------------------------------------------------------

export const AdminPlan = z.strictObject({
  role_id: z.number().int(),
  /** Order of the plans on /planes (ascending). */
  position: z.number().int().min(0),
  /** In the order the visitor sees them. */
  prices: z.array(PlanPrice),
  end_action: PlanEndAction,
  /** The role a member moves to when the subscription ends (end_action "role"). */
  end_role_id: z.number().int().nullable(),
  trial_days: z.number().int().min(1).nullable(),
  allow_promotion_codes: z.boolean(),
  automatic_tax: z.boolean(),
});
export type AdminPlan = z.infer<typeof AdminPlan>;

/** A visitor's payment made with the email of an existing account, waiting for its owner to follow the link. */
export const WaitingPayment = z.strictObject({
  subscription_id: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** The plan's role name, or null when the plan was removed since. */
  plan: z.string().nullable(),
  status: SubscriptionStatus.nullable(),
  created_at: z.string(),
});
export type WaitingPayment = z.infer<typeof WaitingPayment>;

export const BillingSettings = z.strictObject({
  provider: z.literal('stripe'),
  /** Whether the server has a secret key (never the key itself). */
  state: z.enum(['connected', 'not-configured']),
  webhook_secret_set: z.boolean(),
  /** The URL to register as the webhook endpoint. */
  webhook_url: z.string().nullable(),
  plans: z.array(AdminPlan),
  /** Payments waiting for the owner of their email, oldest first. */
  waiting: z.array(WaitingPayment),
  /** What the administrator must fix in the saved plans (a plan that would sell administration), in Spanish. */
  warnings: z.array(z.string()),
});
export type BillingSettings = z.infer<typeof BillingSettings>;

export const PLAN_TRIAL_DAYS_MAX = 730;
export const PLAN_PRICES_MAX = 4;

export const SavePlanBody = z
  .strictObject({
    position: z.number().int().min(0).max(1000),
    price_ids: z
      .array(PriceId)
      .min(1, 'Indica al menos un precio')
      .max(PLAN_PRICES_MAX, `Como mucho ${PLAN_PRICES_MAX} precios por plan`),
    end_action: PlanEndAction,
    end_role_id: z.number().int().positive().max(ID_MAX).nullable(),
    trial_days: z
      .number()
      .int('Los días de prueba deben ser un número entero')
      .min(1, 'Los días de prueba deben ser al menos 1')
      .max(PLAN_TRIAL_DAYS_MAX, `Los días de prueba no pueden pasar de ${PLAN_TRIAL_DAYS_MAX}`)
      .nullable(),
    allow_promotion_codes: z.boolean(),
    automatic_tax: z.boolean(),
  })
  .refine((body) => body.end_action !== 'role' || body.end_role_id !== null, {
    message: 'Elige el rol al que pasa el miembro cuando termina la suscripción',
    path: ['end_role_id'],
  })
  .refine((body) => new Set(body.price_ids).size === body.price_ids.length, {
    message: 'Un precio aparece dos veces',
    path: ['price_ids'],
  });
export type SavePlanBody = z.infer<typeof SavePlanBody>;

const RoleIdParams = z.strictObject({ role_id: z.coerce.number().int().positive().max(ID_MAX) });

export const getBillingSettings = endpoint({
  summary: 'Muestra la configuración de pagos y los planes',
  method: 'GET',
  path: '/api/admin/billing',
  query: NoQuery,
  response: BillingSettings,
});

/** Saves one role's plan; every price is read from the provider by id (amount, currency, interval). */
export const savePlan = endpoint({
  summary: 'Guarda el plan de pago de un rol',
  method: 'PUT',
  path: '/api/admin/billing/plans/:role_id',
  params: RoleIdParams,
  body: SavePlanBody,
  response: AdminPlan,
});

export const deletePlan = endpoint({
  summary: 'Quita el plan de pago de un rol',
  method: 'DELETE',
  path: '/api/admin/billing/plans/:role_id',
  params: RoleIdParams,
  response: z.strictObject({ ok: z.literal(true) }),
});

/** The currencies the plan form offers when the app creates a price (Stripe's lower-case ISO 4217 codes). */
export const NEW_PRICE_CURRENCIES = ['eur', 'usd', 'gbp', 'mxn', 'ars', 'cop'] as const;

/** The largest amount the form takes, in minor units (Stripe's own limit for a price). */
export const NEW_PRICE_AMOUNT_MAX = 99_999_999;

/** A product and its price made at the provider from the plan form, then added to the role's plan. */
export const CreatePlanPriceBody = z.strictObject({
  /** The product's name, as Stripe's Checkout shows it. */
  name: z
    .string()
    .trim()
    .min(1, 'Indica el nombre del producto')
    .max(100, 'El nombre del producto no puede pasar de 100 caracteres'),
  /** In the currency's minor unit (cents). */
  amount: z
    .number({ error: 'Indica el importe' })
    .int('El importe debe ir en céntimos enteros')
    .min(50, 'El importe debe ser de al menos 0,50')
    .max(NEW_PRICE_AMOUNT_MAX, 'El importe es demasiado alto'),
  currency: z.enum(NEW_PRICE_CURRENCIES, { error: 'Elige una moneda' }),
  interval: BillingInterval,
});
export type CreatePlanPriceBody = z.infer<typeof CreatePlanPriceBody>;

/**
 * Creates the product and the price at the provider (its official SDK), then adds the price to the role's plan,
 * creating the plan when the role has none. Refused by the provider: nothing is saved.
 */
export const createPlanPrice = endpoint({
  summary: 'Crea un producto y su precio en Stripe y los añade al plan de un rol',
  method: 'POST',
  path: '/api/admin/billing/plans/:role_id/prices',
  params: RoleIdParams,
  body: CreatePlanPriceBody,
  response: AdminPlan,
});

/** A harmless call to the provider with the configured key, to tell "conectado" from a wrong key. */
export const testBilling = endpoint({
  summary: 'Prueba la conexión con el proveedor de pagos',
  method: 'POST',
  path: '/api/admin/billing/test',
  body: z.strictObject({}),
  response: z.strictObject({ ok: z.boolean(), message: z.string() }),
});

export const BILLING_MESSAGES = {
  notConfigured: 'Los pagos no están configurados',
  cannotEndSubscription:
    'Los pagos no están configurados: no se puede cancelar la suscripción de este miembro en Stripe. No se ha cambiado nada.',
  endSubscriptionFailed:
    'Stripe no ha podido cancelar la suscripción de este miembro. No se ha cambiado nada: inténtalo de nuevo en unos minutos.',
  deleteCustomerFailed:
    'Stripe no ha podido borrar los datos de pago de este miembro. No se ha eliminado nada: inténtalo de nuevo en unos minutos.',
  unreachable: 'No se pudo conectar con el servicio de pagos. Inténtalo de nuevo en unos minutos.',
  unknownPrice: 'Ese precio no está disponible',
  noSubscription: 'No tienes una suscripción',
  adminNoCheckout: 'Los administradores no necesitan un plan de pago',
  connected: 'Conectado con Stripe',
  badKey: 'Stripe rechazó la clave configurada',
  load: 'Error al cargar los planes',
  save: 'Error al guardar el plan',
  saved: 'Plan guardado',
  deleted: 'Plan eliminado',
  alreadySubscribed:
    'Ya tienes una suscripción. Para cambiar de plan usa «Gestionar suscripción» en tu perfil.',
  adminPlan: 'El rol admin no puede ser un plan de pago',
  adminToolPlan: 'Un rol con la herramienta Configuración no puede ser un plan de pago',
  adminToolEndRole: 'El rol al que pasa el miembro no puede tener la herramienta Configuración',
  planSellsAdmin: (plan: string) =>
    `El plan ${plan} da acceso a la administración: su rol tiene la herramienta Configuración. Quítasela en Roles o elimina el plan.`,
  planEndsInAdmin: (plan: string, endRole: string) =>
    `Cuando termina una suscripción del plan ${plan}, el miembro pasa al rol ${endRole}, que tiene la herramienta Configuración. Quítasela en Roles o cambia el plan.`,
  endRoleInvalid: 'Al terminar la suscripción el miembro debe pasar a otro rol, que no sea admin',
  noPlan: 'Ese rol no tiene plan de pago',
  priceNotFound: (id: string) => `Stripe no tiene el precio ${id}`,
  priceNotRecurring: (id: string) =>
    `El precio ${id} no es un pago periódico: elige un precio de suscripción`,
  priceArchived: (id: string) => `El precio ${id} está archivado en Stripe`,
  priceNoAmount: (id: string) => `El precio ${id} no tiene un importe fijo`,
  priceTaken: (id: string) => `El precio ${id} ya pertenece a otro plan`,
  tooManyPrices: `Como mucho ${PLAN_PRICES_MAX} precios por plan`,
  priceRefused:
    'Stripe no ha aceptado el precio: revisa el importe, la moneda y el periodo. No se ha guardado nada.',
  priceCreated: 'Precio creado en Stripe y añadido al plan',
} as const;
