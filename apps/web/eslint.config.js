import react from '@app/eslint-config/react';

/**
 * The first screens (the app's shell, the login screen, the dashboard) and the shared code they import render and
 * hydrate without zod or the API client: those load with the modules that send requests (lib/session-calls.ts,
 * lib/public-config-call.ts, features/auth/api/sign-in.ts), which the first screens import on demand only.
 */
const firstScreens = {
  files: [
    'src/main.tsx',
    'src/prerender/**',
    'src/app/**',
    'src/components/**',
    'src/lib/**',
    'src/features/auth/**',
    'src/features/dashboard/**',
  ],
  ignores: [
    '**/*.test.{ts,tsx}',
    'src/lib/api.ts',
    'src/lib/session-calls.ts',
    'src/lib/public-config-call.ts',
    // The settings screens' forms, loaded with them.
    'src/lib/use-settings-form.ts',
    // The AI tools' settings dialog and its list of connections, loaded with the AI tools' screens.
    'src/components/ai-tool-config-dialog.tsx',
    'src/lib/ai-connections.ts',
    'src/features/auth/api/sign-in.ts',
    'src/features/auth/api/passkey-sign-in.ts',
    // The second step of sign-in, loaded (with the API client) only when the server asks for it.
    'src/features/auth/api/second-step.ts',
    'src/features/dashboard/api/get-plans-call.ts',
    'src/features/dashboard/api/get-admin-overview-call.ts',
    // Sudo mode's dialog, loaded (with the API client) only when the server asks who the member is.
    'src/components/confirm-identity-dialog.tsx',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'zod', allowTypeImports: true, message: 'First screens load zod on demand only.' },
          { name: 'mantine-form-zod-resolver', message: 'First screens load zod on demand only.' },
        ],
        patterns: [
          {
            regex:
              '(^|/)lib/api$|^\\./api$|/(session-calls|public-config-call|sign-in|passkey-sign-in|get-plans-call|get-admin-overview-call)$',
            allowTypeImports: true,
            message: 'First screens import the API client and the request modules with import() only.',
          },
        ],
      },
    ],
  },
};

export default [
  { ignores: ['dist/**'] },
  ...react,
  firstScreens,
  {
    // Features reach the API through lib/ only (the API client, the streaming reader, the early session check):
    // one place parses answers with the contracts and handles 401 and sudo mode.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/e2e/**', 'src/prerender/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ky', message: 'Call the API through lib/api.ts (api(endpoint, input)).' }] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api.ts (api(endpoint, input)).' },
        { name: 'XMLHttpRequest', message: 'Call the API through lib/api.ts (api(endpoint, input)).' },
      ],
    },
  },
  {
    // Playwright fixtures call their `use` callback and take `{}` when they need no fixture: not React code.
    files: ['src/e2e/**', 'playwright.config.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      'no-empty-pattern': 'off',
    },
  },
];
