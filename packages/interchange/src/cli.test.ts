/** The `takt` command as a process: the committed launcher running the bundled CLI in dist/. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { main, parseCommandLine } from './cli.js';
import { sample, TESTDATA } from './testdata.js';

const packageDir = join(import.meta.dirname, '..');
const repo = join(packageDir, '..', '..');
const bin = join(packageDir, 'bin', 'takt.mjs');

function takt(args: string[], cwd = packageDir) {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function inProcess(args: string[]): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => {
    text += c;
  });
  expect(await main(args, out)).toBe(0);
  return text;
}

/** A one-task XER whose task name is Cyrillic, in Windows-1251. */
function cyrillicXer(): string {
  const text = readFileSync(sample('xer/PredecessorCalendar.xer'), 'utf8');
  const taskLine = text.split('\n').findIndex((line) => line.startsWith('%T\tTASK'));
  const lines = text.split('\n');
  const fields = lines[taskLine + 1]!.split('\t');
  const row = lines[taskLine + 2]!.split('\t');
  row[fields.indexOf('task_name')] = 'Монтаж каркаса';
  lines[taskLine + 2] = row.join('\t');
  const path = join(mkdtempSync(join(tmpdir(), 'takt-cli-')), 'cp1251.xer');
  writeFileSync(path, iconv.encode(lines.join('\n'), 'win1251'));
  return path;
}

/** Every module dist/cli.js loads before it runs: its static imports, followed through the chunks. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(join(packageDir, 'dist', file), 'utf8');
  for (const [, spec] of text.matchAll(/^import\s*(?:[^'"]*?\sfrom\s*)?["']([^"']+)["'];?$/gms)) {
    if (seen.has(spec!)) continue;
    seen.add(spec!);
    if (spec!.startsWith('./')) staticImports(spec!.slice(2), seen);
  }
  return seen;
}

describe('takt as a process', () => {
  it('schedules a file through the launcher as main() does in process', async () => {
    const xer = sample('xer/PredecessorCalendar.xer');
    const run = takt(['schedule', xer, '--format', 'json']);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toBe(await inProcess(['schedule', xer, '--format', 'json']));
    expect(JSON.parse(run.stdout)[0]).toMatchObject({ code: 'A1000', critical: expect.any(Boolean) });
  });

  it('reads a file in the code page --encoding names', () => {
    const path = cyrillicXer();
    const schedule = (encoding: string) =>
      takt(['schedule', path, '--format', 'json', '--encoding', encoding]);
    expect(JSON.parse(schedule('windows-1251').stdout)[0].name).toBe('Монтаж каркаса');
    expect(JSON.parse(schedule('auto').stdout)[0].name).toBe('Монтаж каркаса');
    expect(schedule('windows-1252').stdout).not.toContain('Монтаж');
  });

  it('refuses a bad option value with the allowed values and exit code 2, and missing files with 1', () => {
    const xer = sample('xer/PredecessorCalendar.xer');
    const bad = takt(['schedule', xer, '--encoding', 'koi8-r']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /^error: --encoding must be one of auto, utf-8, windows-1252, windows-1250, windows-1251, ibm866 \(got "koi8-r"\)\nusage: takt schedule/,
    );
    expect(takt(['schedule', xer, '--format', 'xml']).stderr).toMatch(
      /^error: --format must be one of table, json, csv/,
    );
    expect(takt(['schedule', xer, '--colour', 'red']).status).toBe(2);
    expect(takt(['convert', xer]).status).toBe(2);
    expect(takt(['schedule', 'missing.xer'])).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/^error \(ENOENT\)/),
    });
    expect(takt(['--help'])).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^usage: takt schedule FILE/),
    });
  });

  it('the package links its bin to the committed launcher, which says how to build when dist/ is missing', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(join(packageDir, pkg.bin.takt)).toBe(bin);
    const copy = mkdtempSync(join(tmpdir(), 'takt-unbuilt-'));
    mkdirSync(join(copy, 'bin'));
    copyFileSync(bin, join(copy, 'bin', 'takt.mjs'));
    const run = spawnSync(process.execPath, [join(copy, 'bin', 'takt.mjs'), 'help'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('takt: the CLI is not built; run npm run build -w @takt/interchange first\n');
  });

  it('starts without loading the workbook library', () => {
    const loaded = staticImports('cli.js');
    expect([...loaded].filter((spec) => spec.startsWith('./')).length).toBeGreaterThan(0);
    expect(loaded).not.toContain('exceljs');
    expect([...loaded].filter((spec) => !spec.startsWith('./') && !spec.startsWith('node:'))).toEqual([]);
  });

  it.each(['README.md', join('packages', 'interchange', 'README.md')])(
    'runs every npx takt line of %s as written, one after another',
    (file) => {
      // the README's paths are relative to the repository root and ../shared; outputs go to a temporary folder
      const top = mkdtempSync(join(tmpdir(), 'takt-readme-'));
      mkdirSync(join(top, 'repo'));
      symlinkSync(join(TESTDATA, '..'), join(top, 'shared'));
      const readme = readFileSync(join(repo, file), 'utf8');
      const lines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
        .flatMap((block) => block[1]!.split('\n'))
        .filter((line) => line.startsWith('npx takt '));
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const line of lines) {
        const command = line.replace(/^npx takt\b/, `"${process.execPath}" "${bin}"`);
        const run = spawnSync('bash', ['-c', command], { cwd: join(top, 'repo'), encoding: 'utf8' });
        expect({ line, status: run.status, stderr: run.stderr }).toEqual({ line, status: 0, stderr: '' });
      }
    },
  );
});

describe('takt command line', () => {
  it('takes --encoding and --format from their lists, also as --name=value', () => {
    expect(parseCommandLine(['schedule', 'a.xer', '--encoding=windows-1250'])).toMatchObject({
      ok: true,
      encoding: 'windows-1250',
      format: 'table',
    });
    expect(parseCommandLine(['check', 'a.xer'])).toMatchObject({ ok: true, encoding: 'auto' });
    expect(parseCommandLine(['schedule', 'a.xer', '--encoding', 'UTF-8'])).toMatchObject({ ok: false });
    expect(parseCommandLine(['schedule', 'a.xer', '--encoding'])).toMatchObject({ ok: false });
  });
});
