import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { firstScreenChunks } from './bundling/first-screen-chunks';

/**
 * Mantine's styles per component instead of the whole styles.css: every Mantine class map that a chunk bundles
 * (`components/<Name>/<Name>.module.mjs`, or `utils/` for InlineInput) brings `styles/<Name>.css` along, so each route's chunk carries the
 * CSS of exactly the components it renders, and the first page loads only its own.
 */
function mantineComponentStyles(): Plugin {
  // The dev server pre-bundles Mantine (no per-module transform), so there `virtual:mantine-styles` is the whole
  // styles.css; in a build it is empty and the class maps bring their own files.
  const virtualId = 'virtual:mantine-styles';
  let serve = false;
  // Class maps live under components/ and, for the label layout that Checkbox, Radio and Switch share, utils/.
  const classMap = /@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
  const notificationsMap = /@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.module\.mjs$/;
  return {
    name: 'mantine-component-styles',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : null;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return null;
      return serve ? `import '@mantine/core/styles.css';\nimport '@mantine/notifications/styles.css';\n` : '';
    },
    transform(code, id) {
      const name = classMap.exec(id)?.[1];
      if (name) return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
      if (notificationsMap.test(id))
        return { code: `import '@mantine/notifications/styles.css';\n${code}`, map: null };
      return null;
    },
  };
}

// The screens a member lands on first (src/prerender/pages.tsx prerenders them; toasts answer their forms): each
// loads the chunks it needs merged into a few files. Rolldown's automatic splitting and its declarative options
// (groups by folder, minSize, entriesAware) made the first screens slower and break budget.json's file counts, so
// this plugin stays.
const firstScreens = firstScreenChunks({
  login: ['src/features/auth/login-page.tsx'],
  register: ['src/features/accounts/register-page.tsx'],
  reset: ['src/features/accounts/reset-password-page.tsx'],
  dashboard: ['src/features/dashboard/dashboard-page.tsx'],
  requests: [
    'src/lib/session-calls.ts',
    'src/lib/public-config-call.ts',
    'src/features/auth/api/sign-in.ts',
    'src/features/auth/api/passkey-sign-in.ts',
  ],
  toasts: ['src/app/toasts.tsx'],
});

// `source` first: @app/contracts is consumed as TypeScript source, so no contracts build is needed here.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    mantineComponentStyles(),
    firstScreens.plugin,
    // `pnpm --filter @app/web build:report`: dist/bundle-report.html (treemap) and dist/bundle-report.json, the gzip
    // size of every module in every chunk.
    mode === 'report' &&
      visualizer({ filename: 'dist/bundle-report.html', gzipSize: true, template: 'treemap' }),
    mode === 'report' &&
      visualizer({ filename: 'dist/bundle-report.json', gzipSize: true, template: 'raw-data' }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    // dist/.vite/manifest.json: which files each route loads first (read by `pnpm bench`).
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">; Vite's polyfill for it is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules it names, not what they import (that stays where automatic splitting puts it).
          includeDependenciesRecursively: false,
          groups: [
            // React and the router change far less often than the app: their own chunk stays cached across deploys.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            { name: firstScreens.chunkName, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    // One module cache and DOM per worker instead of per file (src/test-setup.ts resets what a file could leave
    // behind): loading React, Mantine and happy-dom again for every file took most of the run.
    isolate: false,
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'bundling/**/*.test.ts', 'scripts/**/*.test.mjs'],
    exclude: ['src/e2e/**', 'node_modules/**', 'dist/**'],
  },
}));
