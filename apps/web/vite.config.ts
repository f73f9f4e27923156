import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The page's first script (`src/boot/early.ts`): its own small entry, not part of the app's bundle. */
const EARLY_ENTRY = 'src/boot/early.ts';

/**
 * Puts the early script first in the page, `async`, so it runs as soon as it arrives — before the app's
 * bundle has loaded — and starts the opened schedule's payload (see `src/boot/early-schedule.ts`).
 */
function earlyScript(): Plugin {
  return {
    name: 'takt-early-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk =
          ctx.bundle &&
          Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        const src = chunk ? `/${chunk.fileName}` : `/${EARLY_ENTRY}`;
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** The libraries only the Gantt timeline, the cyclogram or the 4D screen need (Pixi, three.js, web-ifc). */
const HEAVY_LIBRARY = /node_modules[\\/](pixi\.js|@pixi|three|web-ifc|echarts|zrender)[\\/]/;
/**
 * What only the analytics screens and widgets draw with (ECharts): a group of its own, since a module the
 * `shared` group takes brings its imports with it, and the dashboards shared by several screens would bring
 * ECharts into the start of every page.
 */
const CHARTS_MODULE = /[\\/]src[\\/]screens[\\/]analytics[\\/]|[\\/]gantt[\\/]src[\\/]charts[\\/]/;
/** The early script and what it imports: a few kilobytes of their own, never waiting for the app's chunks. */
const EARLY_MODULE =
  /[\\/]src[\\/]boot[\\/]|[\\/]lib[\\/]decode-worker\.ts|[\\/]contracts[\\/]src[\\/]constants\.ts/;

const server = `http://localhost:${process.env.TAKT_SERVER_PORT ?? 3000}`;

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), earlyScript()],
  // The performance probes (`window.__takt…`) are built in only for the end-to-end tests and the browser
  // benchmark (`vite build --mode probes`) and in the development server; `npm run build` leaves them out.
  define: { __TAKT_PROBES__: JSON.stringify(mode === 'probes' || command === 'serve') },
  server: {
    proxy: {
      '/trpc': { target: server, changeOrigin: true },
      '/api': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: { index: 'index.html', early: EARLY_ENTRY },
      // Screens are loaded when first opened (app/routes.tsx); what they share with the app's own start goes
      // into one chunk, not one per combination of importers (two dozen requests before the first screen).
      // The heavy libraries of the Gantt, the cyclogram and the 4D screen stay in their own chunks.
      output: {
        codeSplitting: {
          groups: [
            { name: 'early', test: EARLY_MODULE, priority: 20 },
            {
              name: 'shared',
              minShareCount: 2,
              test: (id: string) => !HEAVY_LIBRARY.test(id) && !CHARTS_MODULE.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
