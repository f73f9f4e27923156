import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://localhost:${process.env.TAKT_SERVER_PORT ?? 3000}`;

export default defineConfig(({ command, mode }) => ({
  plugins: [react()],
  // The performance probes (`window.__takt…`) are built in only for the end-to-end tests and the browser
  // benchmark (`vite build --mode probes`) and in the development server; `npm run build` leaves them out.
  define: { __TAKT_PROBES__: JSON.stringify(mode === 'probes' || command === 'serve') },
  server: {
    proxy: {
      '/trpc': { target: server, changeOrigin: true },
      '/api': { target: server, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700 },
}));
