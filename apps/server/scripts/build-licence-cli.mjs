/**
 * `npm run build -w @takt/server`: bundles the `takt-licence` command into dist/ as plain JavaScript, so it
 * runs on Node alone. It needs only the licence token code (node:crypto and zod).
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
rmSync(new URL('dist/', root), { recursive: true, force: true });
await build({
  absWorkingDir: root.pathname,
  entryPoints: { 'licence-cli': 'src/domains/licences/cli.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
