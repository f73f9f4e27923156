/**
 * `npm run build -w @takt/interchange`: bundles the `takt` CLI into dist/ as plain JavaScript, so the
 * command starts without a TypeScript loader. Everything it imports is bundled — the workspace packages
 * (@takt/engine, @takt/contracts and @takt/i18n, from their TypeScript sources, so this build needs no
 * other build first) and the npm packages —
 * keeping only the parts the CLI calls: Node resolves and loads one file instead of a hundred small
 * CommonJS modules (iconv-lite, jschardet and saxes load in about 27 ms bundled, 100 ms from
 * node_modules). One stays in node_modules, imported at run time: exceljs (large, only for .xlsx). Modules the CLI imports
 * dynamically become separate chunks, loaded only by the commands that use them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
/** Imported at run time from node_modules; each is a dependency of this package. */
const RUNTIME = ['exceljs'];
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
for (const name of RUNTIME) if (!dependencies[name]) throw new Error(`${name} is not a dependency`);

const dist = new URL('dist/', root);
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: RUNTIME,
  // the engine's package exports its build output; its sources give the same code without a build
  alias: { '@takt/engine': '../../engine/src/index.ts' },
  // bundled CommonJS modules require Node's built-in modules
  banner: {
    js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);",
  },
});
