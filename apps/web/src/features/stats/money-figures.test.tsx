import type { StatsOverview } from '@app/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withProviders } from '@/lib/test-utils';
import { MoneyFigures } from './money-figures';

afterEach(cleanup);

const STATS = {
  range: '30',
  money: [
    {
      currency: 'eur',
      mrr: 34725,
      previous: 13600,
      arr: 416700,
      arpu: 4961,
      previous_arpu: 3400,
      paying: 7,
      retrying: 4900,
      moves: { new: 13700, expansion: 4900, contraction: 475, churned: 6800, reactivated: 9800 },
      by_plan: [
        { plan: 'vip', amount: 33300 },
        { plan: 'estrategas', amount: 1425 },
      ],
      revenue_churn: { value: 53.5, previous: 0 },
      trend: [13600, 18025, 34725],
    },
  ],
  member_kinds: [
    { kind: 'free', value: 1, previous: 5, trend: [5, 3, 1] },
    { kind: 'paying', value: 7, previous: 4, trend: [4, 5, 7] },
    { kind: 'courtesy', value: 1, previous: 1, trend: [1, 1, 1] },
    { kind: 'trial', value: 0, previous: 0, trend: [0, 1, 0] },
    { kind: 'retrying', value: 0, previous: 0, trend: [0, 1, 0] },
  ],
  subscriber_churn: { value: 50, previous: 0 },
} as unknown as StatsOverview;

describe('Estadísticas: money as Stripe counts it', () => {
  it('shows MRR, ARR, ARPU, churn, the movements and MRR by plan, each with its change', () => {
    render(<MoneyFigures stats={STATS} />, { wrapper: withProviders() });
    const card = (name: string) => screen.getByRole('group', { name });
    expect(card('MRR (EUR)').textContent?.replace(/\s/g, ' ')).toContain('347,25 €');
    expect(card('MRR (EUR)').textContent?.replace(/\s/g, ' ')).toContain(
      '+211,25 € respecto a los 30 días anteriores',
    );
    expect(card('MRR (EUR)').textContent?.replace(/\s/g, ' ')).toContain(
      'En reintento de pago, sin contar: 49,00 €',
    );
    expect(card('ARR (EUR)').textContent?.replace(/\s/g, ' ')).toContain('4167,00 €');
    expect(card('Ingreso medio por miembro de pago (EUR)').textContent?.replace(/\s/g, ' ')).toContain(
      '49,61 €',
    );
    expect(card('Abandono de ingresos (EUR)').textContent?.replace(/\s/g, ' ')).toContain('53,5 %');
    const moves = within(card('Movimientos del MRR (EUR)')).getByRole('table');
    expect(within(moves).getByRole('row', { name: /Bajas/ }).textContent?.replace(/\s/g, ' ')).toContain(
      'Bajas−68,00 €',
    );
    expect(within(moves).getByRole('row', { name: /Neto/ }).textContent?.replace(/\s/g, ' ')).toContain(
      'Neto+211,25 €',
    );
    // Roles by their display names, largest first.
    expect(card('MRR por plan (EUR)').textContent?.replace(/\s/g, ' ')).toContain(
      'VIP333,00 €Estrategas14,25 €',
    );
    expect(card('Miembros: de cortesía').textContent?.replace(/\s/g, ' ')).toContain('1');
    expect(card('Miembros: gratuitos').textContent?.replace(/\s/g, ' ')).toContain('−4 respecto');
    expect(card('Abandono de suscriptores').textContent?.replace(/\s/g, ' ')).toContain('50 %');
    expect(screen.getAllByTestId('sparkline').length).toBeGreaterThanOrEqual(7);
  });
});
