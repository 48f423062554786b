import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each screen module records that it was loaded; nothing renders here.
const loaded = new Set<string>();

describe('preloadScreens', () => {
  beforeEach(() => {
    // A fresh module graph and fresh mocks per case, so a screen an earlier case loaded is loaded (and counted)
    // again.
    loaded.clear();
    vi.resetModules();
    vi.doMock('@/features/auth/login-page', () => (loaded.add('login'), { LoginPage: () => null }));
    vi.doMock(
      '@/features/dashboard/dashboard-page',
      () => (loaded.add('dashboard'), { DashboardPage: () => null }),
    );
    vi.doMock('@/features/library/library-page', () => (loaded.add('library'), { LibraryPage: () => null }));
    vi.doMock('./not-found-page', () => (loaded.add('not-found'), { NotFoundPage: () => null }));
  });

  it.each([
    ['/login', 'login'],
    ['/auth', 'login'],
    ['/dashboard', 'dashboard'],
    ['/membresia', 'library'],
    ['/no-existe', 'not-found'],
  ])(
    'loads the screen %s shows (%s), and no other, before it settles',
    async (pathname, screen) => {
      const { preloadScreens } = await import('./router');
      await preloadScreens({ pathname });
      expect([...loaded]).toEqual([screen]);
      // Each case imports the router's whole module graph afresh, which a busy machine takes seconds to transform.
    },
    30_000,
  );
});
