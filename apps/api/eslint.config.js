import base, { restrictEnvAccess, typeChecked } from '@app/eslint-config/base';

// The layers and the modules' public faces are checked by dependency-cruiser (.dependency-cruiser.mjs).
export default [
  ...base,
  ...typeChecked,
  ...restrictEnvAccess,
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
