#!/usr/bin/env node
// The `takt-licence` command. npm links a bin only when its file exists at install time, and dist/ is built
// after the install, so this committed launcher runs the bundled command and says what to do when it has
// not been built yet.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/licence-cli.js', import.meta.url);
if (existsSync(cli)) {
  const { main } = await import(cli.href);
  process.exitCode = main(process.argv.slice(2));
} else {
  process.stderr.write('takt-licence: the command is not built; run npm run build -w @takt/server first\n');
  process.exitCode = 1;
}
