import {
  ADMIN_ROLE,
  BILLING_MESSAGES as M,
  BillingInterval,
  SETTINGS_MESSAGES,
  TOOL_TITLES,
  grantsAdministration,
  sortTools,
  type AdminPlan,
  type BillingSettings,
  type CreatePlanPriceBody,
  PLAN_PRICES_MAX,
  type PlanPrice,
  type PublicPlans,
  type SavePlanBody,
  type WaitingPayment,
} from '@app/contracts';
import type Stripe from 'stripe';
import { present } from '../../db/rows';
import { isForeignKeyViolation, uniqueViolation } from '../../db/unique-violation';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { created, diff, removed, type Actor, type HistoryRecorder } from '../history';
import type { NamedPlan, PlansRepo } from './plans-repo';
import { isBadKey, isMissingResource, isStripeError, providerError } from './provider-errors';

export interface PlansServiceDeps {
  repo: PlansRepo;
  /** Undefined when no secret key is configured: payments are off. */
  stripe: Stripe | undefined;
  history: HistoryRecorder;
  webhookSecretSet: boolean;
  /** APP_URL: the webhook URL to register is only known when the public address is. */
  appUrl: string | undefined;
  /** Visitors' payments waiting for the owners of their emails (the webhook's side keeps them). */
  waiting?: () => Promise<WaitingPayment[]>;
}

const INTERVAL_WORDS: Record<BillingInterval, [one: string, many: string]> = {
  day: ['al día', 'días'],
  week: ['a la semana', 'semanas'],
  month: ['al mes', 'meses'],
  year: ['al año', 'años'],
};

/** "price_x: 49,00 € al mes", as the history shows a price. */
function describePrice(price: PlanPrice): string {
  const money = new Intl.NumberFormat('es-ES', { style: 'currency', currency: price.currency }).format(
    price.amount / 100,
  );
  const [one, many] = INTERVAL_WORDS[price.interval];
  const every = price.interval_count === 1 ? one : `cada ${price.interval_count} ${many}`;
  return `${price.price_id}: ${money} ${every}`;
}

const PLAN_FIELDS = [
  'posicion',
  'precios',
  'fin_suscripcion',
  'dias_prueba',
  'codigos_promocion',
  'impuestos',
] as const;

/** A plan as the history shows it. */
async function shownPlan(repo: PlansRepo, plan: NamedPlan) {
  const endRole = plan.end_role_id === null ? undefined : await repo.findRole(plan.end_role_id);
  return {
    posicion: plan.position,
    precios: plan.prices.map(describePrice),
    fin_suscripcion:
      plan.end_action === 'deactivate' ? 'Desactivar la cuenta' : `Pasar al rol ${endRole?.name ?? '—'}`,
    dias_prueba: plan.trial_days,
    codigos_promocion: plan.allow_promotion_codes,
    impuestos: plan.automatic_tax,
  };
}

const adminPlan = ({ name: _name, description: _description, ...plan }: NamedPlan): AdminPlan => plan;

/** A Stripe price as a plan's price, or the Spanish reason it cannot be one. */
function planPrice(price: Stripe.Price): PlanPrice {
  const interval = BillingInterval.safeParse(price.recurring?.interval);
  if (price.type !== 'recurring' || !price.recurring || !interval.success) {
    throw badRequest(M.priceNotRecurring(price.id), 'price_ids');
  }
  if (!price.active) throw badRequest(M.priceArchived(price.id), 'price_ids');
  if (price.unit_amount === null) throw badRequest(M.priceNoAmount(price.id), 'price_ids');
  return {
    price_id: price.id,
    amount: price.unit_amount,
    currency: price.currency,
    interval: interval.data,
    interval_count: price.recurring.interval_count,
  };
}

/** Payments as the admin sets them up (/config, "Planes") and as the public plans page lists them. */
export function createPlansService({
  repo,
  stripe,
  history,
  webhookSecretSet,
  appUrl,
  waiting,
}: PlansServiceDeps) {
  const requireStripe = (): Stripe => {
    if (!stripe) throw conflict(M.notConfigured);
    return stripe;
  };

  /** One price read from Stripe, or the Spanish reason it cannot be a plan's. */
  async function readPrice(client: Stripe, id: string): Promise<PlanPrice> {
    try {
      return planPrice(await client.prices.retrieve(id));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isMissingResource(error)) throw badRequest(M.priceNotFound(id), 'price_ids');
      if (isBadKey(error)) throw new AppError(502, M.badKey);
      throw providerError(error);
    }
  }

  /** Every price read from Stripe by id, in the admin's order; the first bad one (in that order) is named. */
  async function readPrices(client: Stripe, ids: readonly string[]): Promise<PlanPrice[]> {
    const results = await Promise.allSettled(ids.map((id) => readPrice(client, id)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  }

  async function checkRoles(roleId: number, body: SavePlanBody): Promise<string> {
    const role = await repo.findRole(roleId);
    if (!role) throw notFound(SETTINGS_MESSAGES.roleNotFound);
    if (role.name === ADMIN_ROLE) throw badRequest(M.adminPlan);
    // A plan must never sell administration: by the role's tools, not its name.
    const toolsOf = async (id: number) => (await repo.roleTools([id])).map((row) => row.tool);
    if (grantsAdministration(await toolsOf(roleId))) throw badRequest(M.adminToolPlan);
    if (body.end_action === 'role') {
      const endRole = body.end_role_id === null ? undefined : await repo.findRole(body.end_role_id);
      if (!endRole || endRole.id === roleId || endRole.name === ADMIN_ROLE) {
        throw badRequest(M.endRoleInvalid, 'end_role_id');
      }
      if (grantsAdministration(await toolsOf(endRole.id)))
        throw badRequest(M.adminToolEndRole, 'end_role_id');
    }
    return role.name;
  }

  async function publicPlans(): Promise<PublicPlans> {
    if (!stripe) return { enabled: false, plans: [] };
    const plans = await repo.listPlans();
    const granted = await repo.roleTools(plans.map((plan) => plan.role_id));
    return {
      enabled: true,
      plans: plans.map((plan) => ({
        role_id: plan.role_id,
        name: plan.name,
        description: plan.description,
        tools: sortTools(granted.filter((row) => row.role_id === plan.role_id).map((row) => row.tool))
          .filter((tool) => tool !== 'config')
          .map((tool) => ({ tool, title: TOOL_TITLES[tool] })),
        trial_days: plan.trial_days,
        prices: plan.prices,
      })),
    };
  }

  async function settings(): Promise<BillingSettings> {
    return {
      provider: 'stripe',
      state: stripe ? 'connected' : 'not-configured',
      webhook_secret_set: webhookSecretSet,
      webhook_url: appUrl ? `${appUrl}/api/billing/webhook` : null,
      plans: (await repo.listPlans()).map(adminPlan),
      waiting: (await waiting?.()) ?? [],
      warnings: await adminWarnings(),
    };
  }

  /**
   * The saved plans that would sell administration: a plan's role or its end role holding an admin tool. Saving
   * refuses both, but data from before that rule (or written around it) may hold them: reported at start-up and
   * shown to administrators until fixed.
   */
  async function adminWarnings(): Promise<string[]> {
    const plans = await repo.listPlans();
    const endRoleIds = plans.flatMap((plan) => (plan.end_role_id === null ? [] : [plan.end_role_id]));
    const granted = await repo.roleTools([...plans.map((plan) => plan.role_id), ...endRoleIds]);
    const administers = (roleId: number) =>
      grantsAdministration(granted.filter((row) => row.role_id === roleId).map((row) => row.tool));
    const warnings: string[] = [];
    for (const plan of plans) {
      if (administers(plan.role_id)) warnings.push(M.planSellsAdmin(plan.name));
      if (plan.end_action === 'role' && plan.end_role_id !== null && administers(plan.end_role_id)) {
        const endRole = await repo.findRole(plan.end_role_id);
        warnings.push(M.planEndsInAdmin(plan.name, endRole?.name ?? String(plan.end_role_id)));
      }
    }
    return warnings;
  }

  /** Reads the prices from Stripe first (never inside the transaction), then saves plan, prices and history. */
  async function savePlan(roleId: number, body: SavePlanBody, actor: Actor): Promise<AdminPlan> {
    const client = requireStripe();
    const label = await checkRoles(roleId, body);
    const prices = await readPrices(client, body.price_ids);
    const values = {
      position: body.position,
      end_action: body.end_action,
      end_role_id: body.end_action === 'role' ? body.end_role_id : null,
      trial_days: body.trial_days,
      allow_promotion_codes: body.allow_promotion_codes,
      automatic_tax: body.automatic_tax,
    };
    try {
      return await repo.transaction(async () => {
        const [taken] = await repo.pricesOfOtherPlans(roleId, body.price_ids);
        if (taken) throw conflict(M.priceTaken(taken.price_id), 'price_ids');
        const before = await repo.findPlan(roleId);
        await repo.savePlan(roleId, values, prices);
        const saved = present(await repo.findPlan(roleId), 'saved plan');
        const after = await shownPlan(repo, saved);
        await history.recordAction(actor, {
          kind: 'billing.plan.save',
          entity_type: 'plan',
          entity_id: roleId,
          label,
          changes: before
            ? diff(await shownPlan(repo, before), after, PLAN_FIELDS)
            : created(after, PLAN_FIELDS),
        });
        return adminPlan(saved);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Another admin saved the same price to another plan, or deleted a role, while this one was saving.
      if (uniqueViolation(error)?.table === 'billing_prices') {
        throw conflict(M.priceTaken(body.price_ids.join(', ')), 'price_ids');
      }
      if (isForeignKeyViolation(error)) throw badRequest(SETTINGS_MESSAGES.roleNotFound);
      throw error;
    }
  }

  /** The plan's body as saved, with one more price: a new plan sells nothing else (no trial, no codes). */
  async function withPrice(roleId: number, priceId: string): Promise<SavePlanBody> {
    const plan = await repo.findPlan(roleId);
    const position = plan?.position ?? (await repo.listPlans()).length;
    return {
      position,
      price_ids: [...(plan?.prices.map((price) => price.price_id) ?? []), priceId],
      end_action: plan?.end_action ?? 'deactivate',
      end_role_id: plan?.end_role_id ?? null,
      trial_days: plan?.trial_days ?? null,
      allow_promotion_codes: plan?.allow_promotion_codes ?? false,
      automatic_tax: plan?.automatic_tax ?? false,
    };
  }

  /**
   * Makes the product and its price at Stripe, then saves the plan with it. The role and the number of prices
   * are checked first, so a refused plan leaves nothing at Stripe; a refusal from Stripe leaves nothing here.
   */
  async function createPrice(roleId: number, body: CreatePlanPriceBody, actor: Actor): Promise<AdminPlan> {
    const client = requireStripe();
    const planned = await withPrice(roleId, 'price_new');
    if (planned.price_ids.length > PLAN_PRICES_MAX) throw badRequest(M.tooManyPrices, 'price_ids');
    await checkRoles(roleId, planned);
    let price: Stripe.Price;
    try {
      const product = await client.products.create({ name: body.name });
      price = await client.prices.create({
        product: product.id,
        unit_amount: body.amount,
        currency: body.currency,
        recurring: { interval: body.interval },
      });
    } catch (error) {
      if (isStripeError(error, 'StripeInvalidRequestError')) {
        throw badRequest(M.priceRefused).withDetail(`${error.name}: ${error.message}`);
      }
      if (isBadKey(error)) throw new AppError(502, M.badKey);
      throw providerError(error);
    }
    return savePlan(roleId, await withPrice(roleId, price.id), actor);
  }

  async function deletePlan(roleId: number, actor: Actor): Promise<void> {
    await repo.transaction(async () => {
      const plan = await repo.findPlan(roleId);
      if (!plan) throw notFound(M.noPlan);
      const shown = await shownPlan(repo, plan);
      await repo.deletePlan(roleId);
      await history.recordAction(actor, {
        kind: 'billing.plan.delete',
        entity_type: 'plan',
        entity_id: roleId,
        label: plan.name,
        changes: removed(shown, PLAN_FIELDS),
      });
    });
  }

  /** A harmless read with the configured key: tells "conectado" from a wrong key or an unreachable Stripe. */
  async function testConnection(): Promise<{ ok: boolean; message: string }> {
    if (!stripe) return { ok: false, message: M.notConfigured };
    try {
      await stripe.prices.list({ limit: 1 });
      return { ok: true, message: M.connected };
    } catch (error) {
      return { ok: false, message: isBadKey(error) ? M.badKey : M.unreachable };
    }
  }

  /** Whether payments are on and how many plans are saved (the administrator's first steps). */
  const readiness = async () => ({ connected: stripe !== undefined, plans: (await repo.listPlans()).length });

  return {
    publicPlans,
    settings,
    readiness,
    adminWarnings,
    savePlan,
    createPrice,
    deletePlan,
    testConnection,
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
