import type { RedgramProfile, SessionUser } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { RedgramPage } from './redgram-page';

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

const member = (id: number): SessionUser => ({
  id,
  username: `miembro${id}`,
  email: `miembro${id}@example.com`,
  phone: null,
  role: 'vip',
  role_id: 4,
  permissions: ['redgram'],
});

const profile = (id: number, name: string): RedgramProfile => ({
  id,
  name,
  social_network: 'Instagram',
  sector: 'Cafeterías',
  target_audience: 'Jóvenes',
  specific_audience: 'Estudiantes',
  visual_optimization: 'Emojis',
});

/** Serves `profiles` and an empty history, as the API would for the signed-in member. */
function serve(profiles: RedgramProfile[]) {
  fakeServer(({ path }) => {
    if (path === '/api/redgram/profiles') return { body: profiles };
    if (path === '/api/redgram/history') {
      return { body: { items: [], total: 0, page: 1, pageSize: 10, retention_days: 90 } };
    }
    if (path === '/api/public-config')
      return {
        body: {
          membershipPlansUrl: null,
          billingEnabled: false,
          timeZone: 'Europe/Madrid',
          communityName: null,
          communityLogoUrl: null,
        },
      };
    return { status: 404, body: { error: 'No encontrado' } };
  });
}

/** Opens the screen as a page load does: a fresh query cache, nothing kept in memory from a previous visit. */
function openPage() {
  return render(
    <MemoryRouter initialEntries={['/redgram']}>
      <RedgramPage />
    </MemoryRouter>,
    { wrapper: withProviders() },
  );
}

const profileSelect = () => screen.getByLabelText<HTMLSelectElement>('Seleccionar perfil');
const generate = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Generar' });
const loaded = () =>
  waitFor(() => expect(screen.queryByRole('option', { name: 'Cargando perfiles...' })).toBeNull(), slow);

beforeEach(() => {
  // happy-dom has no FontFaceSet; Mantine's autosizing text area listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  localStorage.clear();
  useSession.setState({ isAuthenticated: true, user: member(7), status: 'ready' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, user: null, status: 'ready' });
});

describe('RedGram profile after a reload', () => {
  it('chooses a member’s only profile, so "Generar" is enabled at once', async () => {
    serve([profile(3, 'Cafetería')]);
    openPage();

    await waitFor(() => expect(profileSelect().value).toBe('3'), slow);
    expect(generate().disabled).toBe(false);
  }, 30_000);

  it('restores the profile the member chose last, for that member only', async () => {
    serve([profile(1, 'Bodega'), profile(2, 'Cafetería')]);
    openPage();
    await loaded();
    expect(profileSelect().value).toBe('');
    expect(generate().disabled).toBe(true);
    fireEvent.change(profileSelect(), { target: { value: '2' } });
    expect(generate().disabled).toBe(false);
    cleanup();

    openPage();
    await waitFor(() => expect(profileSelect().value).toBe('2'), slow);
    expect(generate().disabled).toBe(false);
    cleanup();

    // Another member signed in on the same browser starts with no choice of theirs.
    useSession.setState({ user: member(8) });
    openPage();
    await loaded();
    expect(profileSelect().value).toBe('');
  }, 30_000);

  it('chooses nothing when the remembered profile no longer exists', async () => {
    serve([profile(1, 'Bodega'), profile(2, 'Cafetería')]);
    openPage();
    await loaded();
    fireEvent.change(profileSelect(), { target: { value: '2' } });
    cleanup();

    serve([profile(1, 'Bodega'), profile(4, 'Panadería')]);
    openPage();
    await loaded();
    expect(profileSelect().value).toBe('');
    expect(generate().disabled).toBe(true);
  }, 30_000);
});

describe('RedGram without an AI connection', () => {
  const serveConfig = (connectionId: string | null) =>
    fakeServer(({ path }) => {
      if (path === '/api/redgram/config') {
        return {
          body: {
            prompt_escribir: 'a',
            prompt_reescribir: 'b',
            connection_id: connectionId,
            model: '',
            temperature: null,
            monthly_token_cap: null,
          },
        };
      }
      if (path === '/api/ai/connections') return { body: { connections: [] } };
      if (path === '/api/redgram/profiles') return { body: [] };
      if (path === '/api/redgram/logs') return { body: [] };
      if (path === '/api/public-config')
        return {
          body: {
            membershipPlansUrl: null,
            billingEnabled: false,
            timeZone: 'Europe/Madrid',
            communityName: null,
            communityLogoUrl: null,
          },
        };
      return { status: 404, body: { error: 'No encontrado' } };
    });
  const admin: SessionUser = { ...member(1), role: 'admin', permissions: ['redgram', 'config'] };

  it('tells the administrator before a member finds out, and the settings say where connections are made', async () => {
    useSession.setState({ isAuthenticated: true, user: admin, status: 'ready' });
    serveConfig(null);
    openPage();
    expect(await screen.findByText('Falta elegir la conexión de IA', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Configurar ahora' }));
    expect(await screen.findByText('Aún no hay conexiones de IA', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configuración → Conexiones de IA' }).getAttribute('href')).toBe(
      '/config?tab=ai',
    );
    expect(screen.getByLabelText(/Prompt para Escribir/)).toBeTruthy();
    expect(screen.getByLabelText('Límite mensual de tokens')).toBeTruthy();
  }, 30_000);

  it('says nothing once a connection is chosen', async () => {
    useSession.setState({ isAuthenticated: true, user: admin, status: 'ready' });
    const requests = serveConfig('1');
    openPage();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/redgram/config')).toBe(true), slow);
    await loaded();
    expect(screen.queryByText('Falta elegir la conexión de IA')).toBeNull();
  }, 30_000);

  it('does not ask a member for the settings', async () => {
    const requests = serveConfig(null);
    openPage();
    await loaded();
    expect(requests.some((r) => r.path === '/api/redgram/config')).toBe(false);
    expect(screen.queryByText('Falta elegir la conexión de IA')).toBeNull();
  }, 30_000);
});
