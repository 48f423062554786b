import type { RedgramHistoryEntry } from '@app/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { HistoryPanel } from './history-panel';

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry: RedgramHistoryEntry = {
  id: 1,
  created_at: '2026-01-31T23:30:00.000Z',
  profile_id: 1,
  profile_name: 'Cafetería',
  social_network: 'Instagram',
  mode: 'escribir',
  input_text: 'ofertas de invierno',
  variants: ['Un texto'],
};

describe('Mi historial', () => {
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
      if (path === '/api/redgram/history') {
        return { body: { items: [entry], total: 1, page: 1, pageSize: 10, retention_days: 90 } };
      }
      return { status: 404, body: { error: 'No encontrado' } };
    });
    render(<HistoryPanel onReuse={() => undefined} />, { wrapper: withProviders() });

    expect(await screen.findByText('31/01/2026 17:30', undefined, slow)).toBeTruthy();
    expect(screen.queryByText('31/01/2026 23:30')).toBeNull();
  }, 30_000);
});
