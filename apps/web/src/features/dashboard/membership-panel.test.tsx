import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
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
