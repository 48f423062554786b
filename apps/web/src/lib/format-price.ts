import type { BillingInterval, PlanPrice } from '@app/contracts';

const EVERY_ONE: Record<BillingInterval, string> = {
  day: 'al día',
  week: 'a la semana',
  month: 'al mes',
  year: 'al año',
};

const PLURAL: Record<BillingInterval, string> = {
  day: 'días',
  week: 'semanas',
  month: 'meses',
  year: 'años',
};

/**
 * The amount in its currency as Spain writes it ("49,00 €"). The provider counts in the currency's minor unit,
 * whose size Intl knows (cents for the euro, none for the yen).
 */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** "al mes", "al año", "cada 3 meses". */
const formatInterval = ({ interval, interval_count }: Pick<PlanPrice, 'interval' | 'interval_count'>) =>
  interval_count === 1 ? EVERY_ONE[interval] : `cada ${interval_count} ${PLURAL[interval]}`;

/** "49,00 € al mes", "490,00 € al año". */
export const formatPrice = (price: PlanPrice): string =>
  `${formatAmount(price.amount, price.currency)} ${formatInterval(price)}`;
