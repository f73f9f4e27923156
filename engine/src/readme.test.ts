import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

/** The first ```js block after the "Quick start" heading. */
function quickStart(): string {
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README has no Quick start code block');
  return match[1]!;
}

describe('README', () => {
  it('has a script example of at most 15 lines', () => {
    expect(quickStart().trimEnd().split('\n').length).toBeLessThanOrEqual(15);
  });

  it('the script example runs as written and prints what its comment says', async () => {
    const code = quickStart();
    const index = pathToFileURL(join(import.meta.dirname, 'index.ts')).href;
    const file = join(mkdtempSync(join(tmpdir(), 'takt-readme-')), 'example.ts');
    writeFileSync(file, code.replace("from '@takt/engine'", `from '${index}'`));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import(/* @vite-ignore */ pathToFileURL(file).href);
      const printed = log.mock.calls.map((args) => args.join(' '));
      const promised = [...code.matchAll(/console\.log\(.*\); \/\/ (.*)/g)].map((match) => match[1]);
      expect(printed).toEqual(promised);
    } finally {
      log.mockRestore();
    }
  });
});

describe('root README', () => {
  it('shows the same script example as this README', () => {
    const root = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = root.slice(root.indexOf('## Using the engine from a script'));
    expect(/```js\n([\s\S]*?)```/.exec(section)?.[1]).toBe(quickStart());
  });
});
