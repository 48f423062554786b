import react from '@app/eslint-config/react';

export default [
  { ignores: ['dist/**'] },
  ...react,
  {
    // Playwright fixtures call their `use` callback and take `{}` when they need no fixture: not React code.
    files: ['src/e2e/**', 'playwright.config.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      'no-empty-pattern': 'off',
    },
  },
];
