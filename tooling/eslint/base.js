import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Rules for every package: untyped, so they run on any TypeScript or JavaScript file. */
export default tseslint.config(
  { ignores: ['dist/**', 'drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
);

/**
 * Type-aware rules (typescript-eslint's type-checked configs, as create-t3-turbo's tooling/eslint/base.ts):
 * floating promises, unsafe `any`, needless conditions and assertions. For TypeScript files of a package with a
 * tsconfig; configuration files outside it are checked without types.
 */
export const typeChecked = tseslint.config(
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
);

/**
 * `process.env` is read only in src/config.ts, which parses it with zod (tests and benchmarks start servers
 * with their own environment).
 */
export const restrictEnvAccess = tseslint.config({
  files: ['**/*.{ts,tsx,js}'],
  ignores: ['src/config.ts', 'test/**', '**/*.test.ts', 'bench/**'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'process', property: 'env', message: 'Read settings through src/config.ts.' },
    ],
    'no-restricted-imports': [
      'error',
      { name: 'process', importNames: ['env'], message: 'Read settings through src/config.ts.' },
      { name: 'node:process', importNames: ['env'], message: 'Read settings through src/config.ts.' },
    ],
  },
});
