import type { SessionUser } from '@app/contracts';
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { RequireAuth, RequirePermission } from './guards';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const member: SessionUser = {
  id: 5,
  username: 'lucia',
  email: 'lucia@example.com',
  phone: null,
  role: 'cafeinas',
  role_id: 3,
  permissions: ['cafelito-virtual'],
};

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '';
  return <p>login desde {from}</p>;
}

let container: HTMLDivElement;
let root: Root;

const visit = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>panel</p> }] },
      {
        path: '/texto',
        element: <RequirePermission tool="texto" />,
        children: [{ index: true, element: <p>herramienta texto</p> }],
      },
      {
        path: '/cafelito-virtual',
        element: <RequirePermission tool="cafelito-virtual" />,
        children: [{ index: true, element: <p>herramienta cafelito</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  act(() => {
    root.render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
  });
  return router;
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  useSession.setState({ isAuthenticated: false, user: null, status: 'ready' });
});

describe('route guards', () => {
  it('sends a signed-out visitor to /login, remembering the page asked for', () => {
    const router = visit('/texto');
    expect(router.state.location.pathname).toBe('/login');
    expect(container.textContent).toContain('login desde /texto');
  });

  it('lets any signed-in user into the dashboard', () => {
    useSession.setState({ isAuthenticated: true, user: member, status: 'ready' });
    visit('/dashboard');
    expect(container.textContent).toContain('panel');
  });

  it('shows "Verificando permisos..." while the session is being confirmed', () => {
    useSession.setState({ isAuthenticated: true, user: member, status: 'checking' });
    visit('/cafelito-virtual');
    expect(container.textContent).toContain('Verificando permisos...');
  });

  it('sends a member without the tool permission to the dashboard', () => {
    useSession.setState({ isAuthenticated: true, user: member, status: 'ready' });
    const router = visit('/texto');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens a tool the member holds', () => {
    useSession.setState({ isAuthenticated: true, user: member, status: 'ready' });
    visit('/cafelito-virtual');
    expect(container.textContent).toContain('herramienta cafelito');
  });
});
