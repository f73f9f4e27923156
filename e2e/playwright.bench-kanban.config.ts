import { defineConfig } from '@playwright/test';
import bench from './playwright.bench.config';

/**
 * The kanban board's benchmark (npx playwright test -c playwright.bench-kanban.config.ts in e2e/): the web benchmark's server and
 * browser, its own folder.
 */
export default defineConfig({
  ...bench,
  testDir: './bench-kanban',
  testMatch: '**/*.bench.ts',
});
