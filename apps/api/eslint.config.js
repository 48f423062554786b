import base, { restrictEnvAccess, typeChecked } from '@app/eslint-config/base';

const belowModules = {
  group: ['**/modules/**'],
  message: 'Plugins and lib sit below the modules: move what both need down.',
};

/**
 * Imports flow one way (lib, plugins <- modules; lib <- integrations): shared code imports no module, and lib
 * no integration. Written with typescript-eslint's twin of `no-restricted-imports`, so these files keep the
 * shared config's `process.env` import rule (a later config entry replaces a rule's options, not adds to them).
 */
const layers = [
  {
    files: ['src/plugins/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [belowModules] }] },
  },
  {
    files: ['src/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            belowModules,
            {
              group: ['**/integrations/**'],
              message: 'Lib sits below the integrations: move what both need down.',
            },
          ],
        },
      ],
    },
  },
];

export default [
  ...base,
  ...typeChecked,
  ...restrictEnvAccess,
  ...layers,
  {
    // Tests and benchmarks read answers through light-my-request's `json()` (typed `any`) and index rows they
    // have just inserted: the unsafe-any and non-null rules would only add casts there.
    files: ['**/*.test.ts', 'test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      // Fakes and helpers pass methods around and keep async signatures their callers await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
];
