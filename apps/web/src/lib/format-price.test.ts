import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

const price = (
  amount: number,
  interval: 'month' | 'year' | 'week',
  currency = 'eur',
  interval_count = 1,
) => ({
  price_id: 'price_x',
  amount,
  currency,
  interval,
  interval_count,
});

// Intl separates the amount and the euro sign with a no-break space.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('writes cents as euros the Spanish way, with the period', () => {
    expect(plain(formatPrice(price(4900, 'month')))).toBe('49,00 € al mes');
    expect(plain(formatPrice(price(49000, 'year')))).toBe('490,00 € al año');
    expect(plain(formatPrice(price(999, 'week')))).toBe('9,99 € a la semana');
  });

  it('says "cada N" for longer periods and groups thousands', () => {
    expect(plain(formatPrice(price(120000, 'month', 'eur', 3)))).toBe('1200,00 € cada 3 meses');
    expect(plain(formatPrice(price(1234500, 'year')))).toBe('12.345,00 € al año');
  });

  it('reads a currency without cents as whole units', () => {
    expect(plain(formatPrice(price(5000, 'month', 'jpy')))).toBe('5000 JPY al mes');
  });
});
