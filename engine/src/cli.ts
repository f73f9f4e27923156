#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { cliRun } from './cli-commands.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const output = await cliRun(process.argv.slice(2), {
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin,
});
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
process.exitCode = output.exitCode;
