import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicPlan } from '@app/contracts';
import { MembershipPanel, spanishList } from './membership-panel';

describe('spanishList', () => {
  const icu = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });

  it.each([
    [[]],
    [['Membresía']],
    [['Cafelito Virtual', 'Membresía']],
    [['Membresía', 'Texto', 'IG Video']],
    [['Texto', 'YT Video', 'IG Video']],
    [['agua', 'hielo']],
    [['agua', 'Hilo']],
    [['agua', 'Índice']],
  ])('writes %j as Intl.ListFormat("es") does', (items) => {
    expect(spanishList(items)).toBe(icu.format(items));
  });

  it('joins with commas and "y", or "e" before the sound i', () => {
    expect(spanishList(['Cafelito Virtual', 'Membresía', 'RedGram'])).toBe(
      'Cafelito Virtual, Membresía y RedGram',
    );
    expect(spanishList(['Texto', 'IG Video'])).toBe('Texto e IG Video');
  });
});

describe('"Actualizar mi membresía"', () => {
  afterEach(cleanup);

  const link = (plansUrl: string | null, billingEnabled: boolean) => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <MembershipPanel role="cafeinas" plansUrl={plansUrl} billingEnabled={billingEnabled} />
        </MemoryRouter>
      </MantineProvider>,
    );
    return screen.queryByRole('link', { name: /Actualizar mi membresía/ });
  };

  it('leads to /planes in the app when plans are paid here', () => {
    const anchor = link('https://example.com/planes', true);
    expect(anchor?.getAttribute('href')).toBe('/planes');
    expect(anchor?.getAttribute('target')).toBeNull();
  });

  it('opens MEMBERSHIP_PLANS_URL in a new tab otherwise', () => {
    const anchor = link('https://example.com/planes', false);
    expect(anchor?.getAttribute('href')).toBe('https://example.com/planes');
    expect(anchor?.getAttribute('target')).toBe('_blank');
  });

  it('asks to contact the administrator when there is neither', () => {
    expect(link(null, false)).toBeNull();
    expect(screen.getByText('Contacta con el administrador para actualizar tu membresía.')).toBeTruthy();
  });
});

describe('the tiers with their prices', () => {
  afterEach(cleanup);

  const plan = (name: string, role_id: number, amounts: number[]): PublicPlan => ({
    role_id,
    name,
    description: '',
    tools: [],
    trial_days: null,
    prices: amounts.map((amount, index) => ({
      price_id: `price_${name}_${index}`,
      amount,
      currency: 'eur',
      interval: index === 0 ? 'month' : 'year',
      interval_count: 1,
    })),
  });
  const plans = [plan('estrategas', 4, [1900]), plan('vip', 2, [4900, 49000])];

  const show = (billingEnabled: boolean) =>
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <MembershipPanel role="estrategas" plansUrl={null} billingEnabled={billingEnabled} plans={plans} />
        </MemoryRouter>
      </MantineProvider>,
    );

  it('shows each paid tier its prices and a button to the plans, but not for the current one', () => {
    show(true);
    expect(screen.getByText(/^19,00\s€ al mes$/)).toBeTruthy();
    expect(screen.getByText(/^49,00\s€ al mes o 490,00\s€ al año$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver el plan VIP' }).getAttribute('href')).toBe('/planes');
    expect(screen.queryByRole('link', { name: 'Ver el plan Estrategas' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver el plan Cafeínas' })).toBeNull();
  });

  it('offers no lower tier to a VIP member: the panel never suggests a downgrade', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <MembershipPanel role="vip" plansUrl={null} billingEnabled plans={plans} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByText(/^19,00\s€ al mes$/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Ver el plan/ })).toBeNull();
  });

  it('shows no prices while payments do not run through the app', () => {
    show(false);
    expect(screen.queryByText(/€/)).toBeNull();
    expect(screen.queryByRole('link', { name: /^Ver el plan/ })).toBeNull();
  });
});
