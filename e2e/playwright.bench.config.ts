import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The web benchmark (npm run bench -w @takt/e2e): same server and browser, its own folder, no retries.
 * Each test sets its own time limit by the size it measures; every wait inside fails within a minute.
 */
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '**/*.bench.ts',
  timeout: 60_000,
  reporter: 'line',
  // One measurement at a time, on a machine otherwise left alone.
  workers: 1,
  projects: [{ name: 'chromium' }],
});
