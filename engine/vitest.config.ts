import { defineConfig } from 'vitest/config';

// Property tests walk hundreds of generated calendars and networks: on a loaded machine they take seconds.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
