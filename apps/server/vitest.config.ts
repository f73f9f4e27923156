import { defineConfig } from 'vitest/config';

/**
 * Files that change the process before or while the server is loaded (an environment variable, a mocked
 * package): each runs in a fresh module graph. Every other file shares its worker's modules, so the
 * server's code is loaded once per worker rather than once per file; each file still starts its own
 * server on its own copy of the database.
 */
const ISOLATED = [
  'test/production-errors.test.ts',
  'test/assistant-summary.test.ts',
  'test/estimates.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // The server is tested as it runs for users: in production mode.
    env: { NODE_ENV: 'production' },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
