#!/usr/bin/env node
// The `takt` command. npm links a bin only when its file exists at install time, and dist/ is built
// after the install, so this committed launcher runs the bundled CLI and says what to do when it has
// not been built yet.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(cli)) {
  const { main } = await import(cli.href);
  process.exitCode = await main(process.argv.slice(2));
} else {
  process.stderr.write('takt: the CLI is not built; run npm run build -w @takt/interchange first\n');
  process.exitCode = 1;
}
