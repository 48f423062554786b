// @ts-check
import { backArrows, cruiseOptions, noCycles, onALayer } from '../../tooling/dependency-cruiser/rules.mjs';

/**
 * The API's layers, each importing only the ones listed before it; `app.ts`, `server.ts` and the command line
 * sit on top and compose the rest. A module is a folder under `modules/` that others use only through its public
 * face, `index.ts`. Tests are left out of the graph: they build whatever they need to check a layer from the
 * outside, fakes and fixtures included.
 */
const layers = [
  { name: 'config', path: '^src/config\\.ts$' },
  { name: 'lib', path: '^src/lib/' },
  { name: 'db', path: '^src/db/' },
  { name: 'integrations', path: '^src/integrations/' },
  { name: 'plugins', path: '^src/plugins/' },
  { name: 'modules', path: '^src/modules/' },
  { name: 'app', path: '^src/(app|server|recount-all|personal-data)\\.ts$|^src/cli/' },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...backArrows(layers),
    ...onALayer(layers),
    {
      name: 'module-public-face',
      comment:
        "Another module's inner file: import what it offers from its index.ts, or move the shared part down.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'module-face-hands-out-no-tables',
      comment:
        "A module's public face hands out functions, not tables: its index.ts reads nothing of its schema; export a read or write that takes the database handle (src/module-faces.test.ts checks what a chain of re-exports would hand on).",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/index\\.ts$' },
      to: { path: '^src/modules/$1/schema(\\.pg)?\\.ts$' },
    },
    {
      name: 'module-public-face-from-app',
      comment:
        "A module's inner file: the app and the command line use what the module offers from its index.ts.",
      severity: 'error',
      from: { path: layers.at(-1)?.path },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'routes-speak-http-only',
      comment:
        "A module's routes call its service: the repository, the tables and drizzle stay behind it (routes.ts -> service.ts -> repo.ts).",
      severity: 'error',
      from: { path: '^src/modules/[^/]+/[^/]*routes\\.ts$' },
      to: {
        path: [
          '^src/modules/[^/]+/[^/]*repo\\.ts$',
          '^src/modules/[^/]+/schema(\\.pg)?\\.ts$',
          '^src/db/',
          'drizzle-orm',
        ],
      },
    },
    ...noCycles(),
  ],
  options: cruiseOptions({ exclude: ['\\.test\\.ts$'], extensions: ['.ts', '.js'] }),
};
