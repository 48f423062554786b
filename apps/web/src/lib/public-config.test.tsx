import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePublicConfig } from './public-config';
import { createQueryClient } from './query-client';
import { fakeServer, withProviders } from './test-utils';

const settings = {
  membershipPlansUrl: null,
  billingEnabled: true,
  timeZone: 'America/Bogota',
  communityName: null,
  communityLogoUrl: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById('public-config')?.remove();
});

describe('the public settings', () => {
  it('reads them from the page the server sent, without a request', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'public-config';
    block.textContent = JSON.stringify(settings);
    document.head.append(block);
    const requests = fakeServer(() => ({ status: 500, body: { error: 'No' } }));
    const { result } = renderHook(() => usePublicConfig(), { wrapper: withProviders(createQueryClient()) });
    await waitFor(() => expect(result.current.data).toEqual(settings));
    expect(requests).toEqual([]);
  });

  it('asks the server when the page carries none', async () => {
    const requests = fakeServer(() => ({ body: settings }));
    const { result } = renderHook(() => usePublicConfig(), { wrapper: withProviders(createQueryClient()) });
    await waitFor(() => expect(result.current.data).toEqual(settings), { timeout: 10_000 });
    expect(requests.map((request) => request.path)).toEqual(['/api/public-config']);
  });
});
