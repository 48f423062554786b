import { roleDisplayName, SUBSCRIPTION_STATUS_LABELS, SubscriptionStatus } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spanishKeys, type ArchiveSources, type PersonalData, type Row } from '../../db/personal-data';
import { roles } from '../../db/schema';
import { billingRevenueChanges, billingSubscriptions, billingWaitingPayments } from './schema';

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
  const changes = await db
    .select()
    .from(billingRevenueChanges)
    .where(eq(billingRevenueChanges.user_id, userId))
    .orderBy(billingRevenueChanges.id);
  return {
    historial_de_la_suscripcion: changes.map(({ user_id: _user, id: _id, plan_role_id, ...change }) => ({
      ...spanishKeys(change),
      estado: statusLabel(change.status),
      plan: nameOf(plan_role_id),
    })),
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

/** The member's subscription as Stripe told us, the payments waiting for an address, and the invoices. */
export const billingPersonalData: PersonalData = {
  tables: [
    { table: billingSubscriptions, erasure: { action: 'delete', column: billingSubscriptions.user_id } },
    { table: billingWaitingPayments, erasure: { action: 'delete', column: billingWaitingPayments.user_id } },
    { table: billingRevenueChanges, erasure: { action: 'delete', column: billingRevenueChanges.user_id } },
  ],
  archive: [
    {
      file: 'suscripcion.json',
      about:
        'Tu suscripción de pago tal como la conocemos por Stripe (cliente, plan, estado, fin del periodo, importe mensual), cada cambio de su estado e importe, y los pagos que esperan la confirmación de tu correo.',
      tables: ['billing_subscriptions', 'billing_waiting_payments', 'billing_revenue_changes'],
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
  ],
};
