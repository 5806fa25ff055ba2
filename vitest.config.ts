import { defineConfig } from 'vitest/config';

// Four projects:
// - unit: fast tests beside the code (server, packages) with no database.
// - web: React components and hooks in jsdom.
// - auth-ui: the sign-in widget's screens and transitions in jsdom (ADR 113).
// - integration: API tests over HTTP on a real database. KEEPSAKE_TEST_DB picks
//   PGlite or PostgreSQL; `npm test` runs this project once per database. An error-level entry in a test
//   server's log that the test did not declare fails it (integration-setup.ts, ADR 082).
export default defineConfig({
  test: {
    // `.only` fails the run in CI (.ci/run exports CI=1); vitest's own default, stated so that nobody loses it.
    allowOnly: !process.env.CI,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', 'packages/auth-ui/**'],
          environment: 'node',
          globalSetup: ['scripts/test-setup/ensure-contracts.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        // The sign-in widget (packages/auth-ui): Preact screens driven through the public mount API in jsdom.
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        test: {
          name: 'auth-ui',
          include: ['packages/auth-ui/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/auth-ui/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/src/testing/integration-setup.ts'],
          // The second migrates the run's database template (ADR 112).
          globalSetup: ['scripts/test-setup/ensure-contracts.ts', 'apps/server/src/testing/database-template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // One module graph per worker, not per file: loading the server's modules was a quarter of the stage.
          isolate: false,
        },
      },
    ],
  },
});
