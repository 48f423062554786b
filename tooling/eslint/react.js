import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import base, { typeChecked } from './base.js';

/**
 * Layering of the web app (bulletproof-react): components and lib are shared and import no feature or app
 * code; a feature imports no other feature and nothing from app; only app composes features.
 */
const layers = [
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**'], message: 'Shared code cannot import features or app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'Features cannot import app code.' },
            {
              group: ['@/features/**', '../../features/**', '../*/**'],
              message: 'Features cannot import each other.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  ...base,
  ...typeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...layers,
);
