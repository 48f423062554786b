import { describe, expect, it } from 'vitest';
import { planChunkNames } from './first-screen-chunks';

const root = '/app';

/** An automatically split build: the entry, three lazy screens and the common chunks they share. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], facade?: string) {
  return { fileName, moduleIds, imports, isEntry: fileName === 'index.js', facadeModuleId: facade ?? null };
}
const build = [
  chunk('index.js', ['/app/src/main.tsx'], ['providers.js'], '/app/src/main.tsx'),
  chunk('providers.js', ['/mantine/Box.mjs', '/app/src/lib/store.ts']),
  chunk(
    'login-page.js',
    ['/app/src/login.tsx'],
    ['index.js', 'input.js', 'password.js'],
    '/app/src/login.tsx',
  ),
  chunk('dashboard-page.js', ['/app/src/dash.tsx'], ['index.js', 'input.js', 'card.js'], '/app/src/dash.tsx'),
  chunk('menus.js', ['/app/src/menus.tsx'], ['index.js', 'popover.js'], '/app/src/menus.tsx'),
  chunk(
    'settings-page.js',
    ['/app/src/settings.tsx'],
    ['index.js', 'input.js', 'table.js'],
    '/app/src/settings.tsx',
  ),
  chunk('input.js', ['/mantine/Input.mjs', '/mantine/Input.css'], ['providers.js']),
  chunk('password.js', ['/mantine/PasswordInput.mjs'], ['input.js']),
  chunk('card.js', ['/mantine/Card.mjs']),
  chunk('popover.js', ['/mantine/Popover.mjs', '/floating-ui/dom.mjs']),
  chunk('table.js', ['/mantine/Table.mjs']),
];
const screens = { login: ['src/login.tsx'], dashboard: ['src/dash.tsx', 'src/menus.tsx'] };

describe('planChunkNames', () => {
  const names = planChunkNames(build, screens, root);

  it('names a chunk by the first screens that load it, so each screen gets one file per set it is in', () => {
    expect(names.get('/mantine/PasswordInput.mjs')).toBe('login');
    expect(names.get('/mantine/Card.mjs')).toBe('dashboard');
    // The menus' popover joins the dashboard's cards: one file for the screen's two lazy chunks.
    expect(names.get('/mantine/Popover.mjs')).toBe('dashboard');
    expect(names.get('/floating-ui/dom.mjs')).toBe('dashboard');
    expect(names.get('/mantine/Input.mjs')).toBe('login-dashboard');
    // Its styles travel with it.
    expect(names.get('/mantine/Input.css')).toBe('login-dashboard');
  });

  it('puts what the entry loads in `app`', () => {
    expect(names.get('/mantine/Box.mjs')).toBe('app');
    expect(names.get('/app/src/lib/store.ts')).toBe('app');
  });

  it('leaves the entry, the screens themselves and what no first screen loads to automatic splitting', () => {
    for (const id of ['/app/src/main.tsx', '/app/src/login.tsx', '/app/src/dash.tsx', '/app/src/menus.tsx'])
      expect(names.has(id)).toBe(false);
    expect(names.has('/app/src/settings.tsx')).toBe(false);
    expect(names.has('/mantine/Table.mjs')).toBe(false);
  });

  it('fails the build when a listed screen module has no chunk of its own', () => {
    expect(() => planChunkNames(build, { login: ['src/login.tsx', 'src/missing.tsx'] }, root)).toThrow(
      /login: no chunk of its own for \/app\/src\/missing\.tsx/,
    );
  });
});
