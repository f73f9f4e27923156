import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Specs that configure the server itself (sign-in providers): run before the others, one at a time. */
const SERVER_WIDE = /(directory-sign-in|sign-in-kerberos)\.spec\.ts$/;

/** A port nobody listens on, found once by the runner; workers inherit it through the environment. */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

// TAKT_E2E_BASE_URL points the tests at a server that is already running (development).
const external = process.env.TAKT_E2E_BASE_URL;
process.env.TAKT_E2E_PORT ??= freePort();
process.env.TAKT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'takt-e2e-'));
process.env.TAKT_E2E_ADMIN_PASSWORD ??= 'E2e-root-pass-phrase-1';
const baseURL = external ?? `http://localhost:${process.env.TAKT_E2E_PORT}`;
// The run's own licence key pair: the specs sign licences with the private key, the server trusts the public one.
process.env.TAKT_E2E_LICENCE_KEY ??= generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const licencePublicKey = createPublicKey(createPrivateKey(process.env.TAKT_E2E_LICENCE_KEY))
  .export({ type: 'spki', format: 'pem' })
  .toString();

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Every spec works in users and spaces of its own, so files may run side by side
  // (TAKT_E2E_WORKERS=2); the specs that change what the whole server offers (its sign-in providers) run
  // first, alone. One browser by default: on two cores, two browsers beside the server still stretch the
  // heavier specs towards their time limits.
  workers: Number(process.env.TAKT_E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'server-wide', testMatch: SERVER_WIDE, workers: 1 },
    { name: 'chromium', testIgnore: SERVER_WIDE, dependencies: ['server-wide'] },
  ],
  webServer: external
    ? undefined
    : {
        // The web app is built first so that the server always serves the current sources, with its
        // performance probes (`window.__takt…`), which the specs and the benchmark (playwright.bench.config.ts
        // uses this server) read and the app users get leaves out (`__TAKT_PROBES__`, apps/web/vite.config.ts).
        command: 'npm run build -w @takt/web -- --mode probes && node --import tsx apps/server/src/main.ts',
        cwd: repoRoot,
        url: `${baseURL}/api/v1/health-check`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: process.env.TAKT_E2E_PORT,
          TAKT_DATA_DIR: process.env.TAKT_E2E_DATA_DIR,
          TAKT_ADMIN_PASSWORD: process.env.TAKT_E2E_ADMIN_PASSWORD,
          TAKT_LICENCE_PUBLIC_KEYS: licencePublicKey,
        },
      },
});
