import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The web benchmark (npm run bench -w @takt/e2e): same server and browser, its own folder, no retries. */
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '**/*.bench.ts',
  timeout: 600_000,
  reporter: 'line',
});
