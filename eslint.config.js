// One lint setup for the repo: typescript-eslint with type-checked rules, React hooks and accessibility rules
// for the web app, no import cycles, and import boundaries (features never import each other; server domains go
// through services).
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', '.keepsake/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/node_modules/**'], message: 'Import packages by name.' }] }],
    },
  },
  {
    // No import cycles, across workspace packages too (ADR 084). Type-only imports do not count; packages under
    // node_modules are not followed. Relative imports resolve as Node and Vite resolve them.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'default'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Accessibility: jsx-a11y's recommended rules, from the fork that supports ESLint 10 (ADR 084).
  { ...jsxA11y.configs.recommended, files: ['apps/web/**/*.tsx', 'packages/auth-ui/**/*.tsx'] },
  {
    // The sign-in widget (Preact inside, ADR 113): browser globals and the hooks rules, which Preact's hooks share.
    files: ['packages/auth-ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@keepsake/server*', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    // The wire's shapes (ADR 087) are for the server and every client alike: @keepsake/wire builds them from zod,
    // the value rules of @keepsake/validation and the chain names; nothing of the server, the database or Node.
    files: ['packages/wire/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@keepsake/validation/|@keepsake/chains/blockchains$|\\.\\.?/)',
              message: '@keepsake/wire imports only zod, @keepsake/validation and @keepsake/chains/blockchains (ADR 087).',
            },
          ],
        },
      ],
    },
  },
  {
    // The auth SDK takes its types from the wire's schemas, never their code: zod and @keepsake/wire are imported
    // for types only, so the bundle stays free of them (ADR 087).
    files: ['packages/auth-js/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'The auth SDK imports zod for types only (ADR 087).' }],
          patterns: [{ group: ['@keepsake/*'], allowTypeImports: true, message: 'The auth SDK imports the wire for types only (ADR 087).' }],
        },
      ],
    },
  },
  {
    // Features never import each other: a path that leaves a feature folder and enters another one.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(\\.\\./)?(?!components|lib|hooks|app|testing|locales)[a-z-]+/',
              message: 'Features never import each other: move shared code to src/components, src/lib or src/hooks.',
            },
            { regex: '(^|/)features/', message: 'Features never import each other: move shared code to src/components, src/lib or src/hooks.' },
            { group: ['@keepsake/server*', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Server domains reach each other only through services: another folder's store (drizzle queries) is
    // off-limits, whether a sibling folder (`../users/store.ts`), a child folder (`./users/store.ts`) or another
    // domain (`../../projects/store.ts`). A store is a file named store.ts or *-store.ts (docs/decisions/086).
    files: ['apps/server/src/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/node_modules/**'], message: 'Import packages by name.' },
            { regex: '^\\./[a-z-]+/(.+/)?[a-z-]*store[a-z-]*\\.ts$', message: "Call the other folder's service, not its store." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/*/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/node_modules/**'], message: 'Import packages by name.' },
            { regex: '^\\.\\.?/[a-z-]+/(.+/)?[a-z-]*store[a-z-]*\\.ts$', message: "Call the other folder's service, not its store." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/*/*/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/node_modules/**'], message: 'Import packages by name.' },
            { regex: '^(\\.\\./){1,2}[a-z-]+/(.+/)?[a-z-]*store[a-z-]*\\.ts$', message: "Call the other folder's service, not its store." },
          ],
        },
      ],
    },
  },
  {
    // Layers (docs/decisions/085): domain code (services, stores and everything else under apps/server/src) never
    // imports from http/. It throws domain errors (platform/domain-errors.ts); the one handler in http/ maps them.
    // Only the HTTP-facing files may: http/ itself, route files (*routes.ts), the app's assembly (app.ts) and the
    // /sdk/v1 hooks and route helpers (identity/sdk-guards.ts, identity/sdk-auth.ts). A separate rule name, so
    // that it adds to the store-boundary rule above instead of replacing it.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/testing/**',
      'apps/server/src/http/**',
      'apps/server/src/**/*routes.ts',
      'apps/server/src/app.ts',
      'apps/server/src/identity/sdk-guards.ts',
      'apps/server/src/identity/sdk-auth.ts',
      // The API reference and error catalogue pages document the HTTP surface itself (ADR 092).
      'apps/server/src/docs/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\./|(\\.\\./)+)http/',
              message: 'Services and stores never import http/: throw a domain error (platform/domain-errors.ts) and let the one handler map it (ADR 085).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'e2e/**', 'playwright.config.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
