import type { RedgramLogEntry } from '@app/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { LogsModal } from './logs-modal';

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry: RedgramLogEntry = {
  id: 1,
  created_at: '2026-01-31T23:30:00.000Z',
  username: 'ana',
  profile_id: 1,
  profile_name: 'Cafetería',
  mode: 'escribir',
  input_text: 'ofertas de invierno',
  prompt: 'Escribe',
  api_response: 'Un texto',
  error_message: null,
};

describe('Historial de generaciones', () => {
  it("shows each generation's date in the community's zone, as the admin tables do", async () => {
    // The browser runs in UTC here: the date must follow the server's TIME_ZONE, not the browser.
    fakeServer(({ path }) => {
      if (path === '/api/public-config') {
        return {
          body: {
            membershipPlansUrl: null,
            billingEnabled: false,
            timeZone: 'America/Mexico_City',
            communityName: null,
            communityLogoUrl: null,
          },
        };
      }
      if (path === '/api/redgram/logs') return { body: [entry] };
      return { status: 404, body: { error: 'No encontrado' } };
    });
    render(<LogsModal opened onClose={() => undefined} />, { wrapper: withProviders() });

    expect(await screen.findByText(/31\/01\/2026 17:30 · ana/, undefined, slow)).toBeTruthy();
  }, 30_000);
});
