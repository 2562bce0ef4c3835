import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: two files at a time, each on its own database.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
      },
      {
        // The web app's logic that needs no page (form models, mappings, the API client); screens are
        // covered by the journeys.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
