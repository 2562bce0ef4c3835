import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** ARCHITECTURE.md's one-way dependencies, written as rules so the linter says them. */
const noAppImports = (from, forbidden) => ({
  files: [from],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((group) => ({
          group: [group],
          message: 'Crosses an architecture boundary.',
        })),
      },
    ],
  },
});

function webFeatures() {
  const dir = new URL('./apps/web/src/features/', import.meta.url);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => fs.statSync(new URL(f, dir)).isDirectory())
    : [];
}

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
  // Type-aware rules (ARCHITECTURE.md, house style 6): a promise is awaited or knowingly let go, and
  // a switch over a union names every member (or has a default that says why).
  {
    files: ['packages/**/*.ts', 'apps/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
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
  noAppImports('apps/server/**', ['react', 'react-*', '@mantine/*']),
  // SQL lives in repositories (ARCHITECTURE.md, house style 5): drizzle-orm is imported only by
  // *.repository.ts, db/ (schema, migrations, seeds, drivers), the command-line tools and tests.
  {
    ...noAppImports('apps/server/src/**', ['react', 'react-*', '@mantine/*', 'drizzle-orm', 'drizzle-orm/*']),
    ignores: ['**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/cli/**', '**/*.test.ts'],
  },
  noAppImports('apps/web/src/**', ['node:*', 'drizzle-orm*', 'fastify*', 'pg', '@electric-sql/*']),
  {
    files: ['packages/**/*.ts', 'apps/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps', message: 'shared imports no app.' },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'server and web meet only in packages/shared.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'server and web meet only in packages/shared.',
            },
            ...['components', 'lib'].map((layer) => ({
              target: `./apps/web/src/${layer}`,
              from: './apps/web/src/features',
              message: 'components/ and lib/ sit below the features.',
            })),
            // A feature does not import another feature: what two need moves to components/ or lib/.
            ...webFeatures().map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'features do not import each other.',
            })),
          ],
        },
      ],
    },
  },
);
