import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // unit tests run the probes as the end-to-end and benchmark builds do (see vite.config.ts)
  define: { __TAKT_PROBES__: 'true' },
  test: {
    environment: 'jsdom',
    // Secure cookies (the space_id cookie) are only kept on an https origin.
    environmentOptions: { jsdom: { url: 'https://takt.test/' } },
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
