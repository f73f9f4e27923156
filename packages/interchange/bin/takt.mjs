#!/usr/bin/env node
// Thin launcher: the package is TypeScript source, run through tsx's ESM loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
