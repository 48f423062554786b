import type { AdminPlan, PlanEndAction, PlanPrice } from '@app/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { rolePermissions, roles, tools } from '../../db/schema';
import { billingPlans, billingPrices } from './schema';

/** A plan's settings as the admin saves them (its prices apart). */
export interface PlanValues {
  position: number;
  end_action: PlanEndAction;
  end_role_id: number | null;
  trial_days: number | null;
  allow_promotion_codes: boolean;
  automatic_tax: boolean;
}

/** A plan with its role's name and description, as the public page and the history show it. */
export interface NamedPlan extends AdminPlan {
  name: string;
  description: string;
}

/** The plan a price belongs to: what its Checkout needs. */
export interface PricedPlan {
  price: PlanPrice;
  plan: PlanValues & { role_id: number };
}

/** A price's columns as the contract's PlanPrice. */
export const planPriceColumns = {
  price_id: billingPrices.price_id,
  amount: billingPrices.amount,
  currency: billingPrices.currency,
  interval: billingPrices.interval,
  interval_count: billingPrices.interval_count,
};

const priceColumns = { role_id: billingPrices.role_id, ...planPriceColumns };

const planColumns = {
  role_id: billingPlans.role_id,
  position: billingPlans.position,
  end_action: billingPlans.end_action,
  end_role_id: billingPlans.end_role_id,
  trial_days: billingPlans.trial_days,
  allow_promotion_codes: billingPlans.allow_promotion_codes,
  automatic_tax: billingPlans.automatic_tax,
};

const withoutRole = ({ role_id: _roleId, ...price }: PlanPrice & { role_id: number }): PlanPrice => price;

/** Paid plans (one per role) and their provider prices. */
export function createPlansRepo(database: AppDatabase) {
  const db = () => database.read;

  /** Plans in the visitor's order, each with its prices in the admin's order. */
  async function listPlans(roleId?: number): Promise<NamedPlan[]> {
    const where = roleId === undefined ? undefined : eq(billingPlans.role_id, roleId);
    const [plans, prices] = await Promise.all([
      db()
        .select({ ...planColumns, name: roles.name, description: roles.description })
        .from(billingPlans)
        .innerJoin(roles, eq(roles.id, billingPlans.role_id))
        .where(where)
        .orderBy(asc(billingPlans.position), asc(billingPlans.role_id)),
      db()
        .select(priceColumns)
        .from(billingPrices)
        .where(roleId === undefined ? undefined : eq(billingPrices.role_id, roleId))
        .orderBy(asc(billingPrices.role_id), asc(billingPrices.position)),
    ]);
    return plans.map((plan) => ({
      ...plan,
      prices: prices.filter((price) => price.role_id === plan.role_id).map(withoutRole),
    }));
  }

  return {
    /** Runs `work` in one transaction: the plan, its prices and the history entry are saved together. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    listPlans: () => listPlans(),

    findPlan: async (roleId: number): Promise<NamedPlan | undefined> => (await listPlans(roleId))[0],

    async findRole(id: number): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db().select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id));
      return row;
    },

    /** The tool names each of these roles grants. */
    async roleTools(roleIds: readonly number[]): Promise<{ role_id: number; tool: string }[]> {
      if (roleIds.length === 0) return [];
      return db()
        .select({ role_id: rolePermissions.role_id, tool: tools.name })
        .from(rolePermissions)
        .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
        .where(inArray(rolePermissions.role_id, [...roleIds]));
    },

    /** A saved price and its plan's Checkout options. */
    async findPrice(priceId: string): Promise<PricedPlan | undefined> {
      const [row] = await db()
        .select({ price: priceColumns, plan: planColumns })
        .from(billingPrices)
        .innerJoin(billingPlans, eq(billingPlans.role_id, billingPrices.role_id))
        .where(eq(billingPrices.price_id, priceId));
      return row && { price: withoutRole(row.price), plan: row.plan };
    },

    /** Which of these price ids another role's plan already holds. */
    pricesOfOtherPlans: (roleId: number, priceIds: readonly string[]) =>
      db()
        .select({ price_id: billingPrices.price_id })
        .from(billingPrices)
        .where(and(inArray(billingPrices.price_id, [...priceIds]), ne(billingPrices.role_id, roleId))),

    /** Writes the plan and replaces its prices (joins the caller's transaction). */
    savePlan: (roleId: number, values: PlanValues, prices: readonly PlanPrice[]): Promise<void> =>
      database.transaction(async (tx) => {
        const row = { ...values, updated_at: new Date().toISOString() };
        await tx
          .insert(billingPlans)
          .values({ role_id: roleId, ...row })
          .onConflictDoUpdate({ target: billingPlans.role_id, set: row });
        await tx.delete(billingPrices).where(eq(billingPrices.role_id, roleId));
        await tx
          .insert(billingPrices)
          .values(prices.map((price, position) => ({ ...price, role_id: roleId, position })));
      }),

    /** Removes the plan; its prices go with it (the foreign key cascades). */
    deletePlan: (roleId: number): Promise<void> =>
      database.transaction(async (tx) => {
        await tx.delete(billingPlans).where(eq(billingPlans.role_id, roleId));
      }),
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
