// @ts-check
import { backArrows, cruiseOptions, noCycles, onALayer } from '../../tooling/dependency-cruiser/rules.mjs';

/**
 * The web app's layers: shared code (`lib`, `components`) <- features <- `app`, which composes the features
 * into routes. Features never import each other, so no feature has a public face to keep: `app` loads each
 * screen file on its own (a lazy route), which keeps one chunk per screen. Tests, their set-up and end-to-end specs
 * are left out of the graph: they reach whatever they check.
 */
const layers = [
  { name: 'shared code', path: '^src/(lib|components)/' },
  { name: 'features', path: '^src/features/' },
  { name: 'app', path: '^src/(app|prerender)/|^src/main\\.tsx$' },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...backArrows(layers),
    ...onALayer(layers),
    {
      name: 'features-apart',
      comment:
        'Features do not import each other: the app composes them, and what two features share moves down.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    ...noCycles(),
  ],
  options: cruiseOptions({
    exclude: ['\\.test\\.tsx?$', '^src/e2e/', 'test-utils\\.tsx$', '^src/test-setup\\.ts$'],
    extensions: ['.ts', '.tsx', '.js', '.mjs'],
  }),
};
