import type { SessionUser } from '@app/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { CreatePostButton } from './create-post-button';
import type { VideoView } from './providers';

const user = (permissions: string[]): SessionUser => ({
  id: 7,
  username: 'marcos',
  email: 'marcos@example.com',
  phone: null,
  role: 'vip',
  role_id: 4,
  permissions: permissions as SessionUser['permissions'],
});

const video: VideoView = {
  recordId: 1,
  id: 'abcdefghijk',
  title: 'Cómo tostar café',
  description: 'Paso a paso',
  author: 'Canal',
  duration: '4:13',
  dateLine: () => 'Publicado: 01/01/2026',
  thumbnail: '',
  downloadUrl: null,
  pageUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
  placeholder: false,
};

function RedgramProbe() {
  const location = useLocation();
  return <pre data-testid="state">{JSON.stringify(location.state)}</pre>;
}

const show = () =>
  render(
    <MantineProvider env="test">
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/ytvideo', element: <CreatePostButton video={video} /> },
            { path: '/redgram', element: <RedgramProbe /> },
          ],
          { initialEntries: ['/ytvideo'] },
        )}
      />
    </MantineProvider>,
  );

afterEach(() => {
  cleanup();
  useSession.setState({ isAuthenticated: false, user: null, status: 'ready' });
});

describe('Crear publicación', () => {
  it('opens RedGram in rewrite mode with the title, description and link', () => {
    useSession.setState({ isAuthenticated: true, user: user(['ytvideo', 'redgram']), status: 'ready' });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Crear publicación' }));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({
      redgramDraft: {
        mode: 'reescribir',
        text: 'Cómo tostar café\n\nPaso a paso\n\nhttps://www.youtube.com/watch?v=abcdefghijk',
      },
    });
  });

  it('is hidden from a member without the redgram permission', () => {
    useSession.setState({ isAuthenticated: true, user: user(['ytvideo']), status: 'ready' });
    show();
    expect(screen.queryByRole('button', { name: 'Crear publicación' })).toBeNull();
  });
});
