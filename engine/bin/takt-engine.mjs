#!/usr/bin/env node
// The `takt-engine` command. npm links a bin only when its file exists at install time, and dist/ is
// built after the install, so this committed launcher runs the compiled CLI and says what to do when
// it has not been built yet.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(cli)) await import(cli.href);
else {
  process.stderr.write('takt-engine: the engine is not built; run npm run build -w @takt/engine first\n');
  process.exitCode = 1;
}
