import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** ARCHITECTURE.md's one-way dependencies, written as rules so the linter says them. */
const noAppImports = (from, forbidden) => ({
  files: [from],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((group) => ({ group: [group], message: 'Crosses an architecture boundary.' })) },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module itself.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/server/test/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // shared: no Node, React or database imports; never the apps.
  noAppImports('packages/shared/src/**', [
    'node:*',
    'react',
    'react-*',
    '@mantine/*',
    'drizzle-orm*',
    'pg',
    '@electric-sql/*',
    '**/apps/**',
    'fastify*',
  ]),
  // server and web meet only in packages/shared.
  noAppImports('apps/server/**', ['**/apps/web/**', '**/web/src/**', 'react', 'react-*', '@mantine/*']),
  noAppImports('apps/web/src/**', ['**/apps/server/**', '**/server/src/**', 'node:*', 'drizzle-orm*', 'fastify*']),
  // A feature does not import another feature: shared needs move to components/ or lib/.
  ...['auth', 'users', 'centres', 'errors', 'clients', 'groups', 'plans', 'reports', 'mappings', 'help', 'documents'].map(
    (feature) =>
      noAppImports(`apps/web/src/features/${feature}/**`, [
        `**/features/!(${feature})/**`,
        `../../!(${feature})/**`,
        '**/apps/server/**',
        'node:*',
      ]),
  ),
  // Components and lib are below features.
  noAppImports('apps/web/src/{components,lib}/**', ['**/features/**', '**/apps/server/**', 'node:*']),
);
