import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliInput } from './cli-commands.js';
import { cliRun } from './cli-commands.js';
import { fs, project, task } from './testing/fixtures.js';

const file = {
  ...project([task('A', 480), task('B', 480)], [fs('A', 'B')]),
  options: { lagCalendar: '24h' },
};
const input = (text: string): CliInput => ({
  readFile: (path) => {
    if (path !== 'plan.json')
      throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
    return text;
  },
  readStdin: async () => text,
});

describe('takt-engine', () => {
  it('calc FILE writes the results as JSON', async () => {
    const output = await cliRun(['calc', 'plan.json'], input(JSON.stringify(file)));
    expect(output.exitCode).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.projectFinish).toBe('2024-01-02T17:00');
    expect(json.works[1]).toMatchObject({ id: 'B', earlyStart: '2024-01-02T08:00', critical: true });
  });

  it('a bare FILE means calc; "-" and no file read stdin', async () => {
    const text = JSON.stringify(file);
    const expected = (await cliRun(['calc', 'plan.json'], input(text))).stdout;
    expect((await cliRun(['plan.json'], input(text))).stdout).toBe(expected);
    expect((await cliRun(['calc', '-'], input(text))).stdout).toBe(expected);
    expect((await cliRun(['calc'], input(text))).stdout).toBe(expected);
  });

  it('--format csv writes one row per work', async () => {
    const output = await cliRun(['calc', 'plan.json', '--format', 'csv'], input(JSON.stringify(file)));
    expect(output.stdout).toBe(
      [
        'id,type,status,earlyStart,earlyFinish,lateStart,lateFinish,totalFloatMinutes,freeFloatMinutes,critical,drivingRelationIds',
        'A,task,not_started,2024-01-01T08:00,2024-01-01T17:00,2024-01-01T08:00,2024-01-01T17:00,0,0,true,',
        'B,task,not_started,2024-01-02T08:00,2024-01-02T17:00,2024-01-02T08:00,2024-01-02T17:00,0,0,true,A->B',
        '',
      ].join('\n'),
    );
  });

  it('--options overrides the options in the file', async () => {
    const output = await cliRun(
      ['calc', 'plan.json', '--options', '{"critical":{"kind":"total_float","thresholdMinutes":-1}}'],
      input(JSON.stringify(file)),
    );
    expect(JSON.parse(output.stdout).works.map((row: { critical: boolean }) => row.critical)).toEqual([
      false,
      false,
    ]);
  });

  it('reports engine errors with their code and works, exit code 1', async () => {
    const bad = { ...file, relations: [fs('A', 'B'), fs('B', 'A')] };
    const output = await cliRun(['calc', 'plan.json'], input(JSON.stringify(bad)));
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/^error \[cycle\]: .*\(works: (A, B|B, A)\)/);
  });

  it('reports unreadable input and usage errors', async () => {
    expect(await cliRun(['calc', 'missing.json'], input(''))).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/ENOENT/),
    });
    expect(await cliRun(['calc', 'plan.json'], input('{'))).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/invalid JSON/),
    });
    expect(await cliRun(['calc', 'plan.json', '--format', 'xml'], input('{}'))).toMatchObject({
      exitCode: 2,
    });
    expect(await cliRun(['calc', 'plan.json', '--colour', 'red'], input('{}'))).toMatchObject({
      exitCode: 2,
    });
    expect(await cliRun([], input(''))).toMatchObject({ exitCode: 2 });
    expect((await cliRun(['help'], input(''))).stdout).toMatch(/takt-engine calc/);
  });

  it('runs as a process through its bin, the launcher of the built CLI', () => {
    const dir = mkdtempSync(join(tmpdir(), 'takt-engine-'));
    const path = join(dir, 'plan.json');
    writeFileSync(path, JSON.stringify(file));
    const stdout = execFileSync(process.execPath, [bin, path, '--format', 'csv'], { encoding: 'utf8' });
    expect(stdout.split('\n')[2]).toMatch(/^B,task,/);
  });

  it('the package links its bin to the committed launcher, not to a build output', () => {
    const pkg = JSON.parse(readFileSync(join(engineDir, 'package.json'), 'utf8'));
    expect(join(engineDir, pkg.bin['takt-engine'])).toBe(bin);
    expect(readFileSync(bin, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('the launcher says how to build when dist/ is missing', () => {
    const copy = mkdtempSync(join(tmpdir(), 'takt-engine-unbuilt-'));
    mkdirSync(join(copy, 'bin'));
    copyFileSync(bin, join(copy, 'bin', 'takt-engine.mjs'));
    const run = spawnSync(process.execPath, [join(copy, 'bin', 'takt-engine.mjs'), 'help'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'takt-engine: the engine is not built; run npm run build -w @takt/engine first\n',
    );
  });

  it.each(['README.md', join('engine', 'README.md')])(
    'the takt-engine lines of %s run as written',
    (readme) => {
      const lines = npxLines(readFileSync(join(repo, readme), 'utf8'), 'takt-engine');
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) {
        const run = spawnSync(
          'bash',
          ['-c', line.replace(/^npx takt-engine\b/, `"${process.execPath}" "${bin}"`)],
          {
            cwd: repoLike(),
            encoding: 'utf8',
          },
        );
        expect({ line, status: run.status, stderr: run.stderr }).toEqual({ line, status: 0, stderr: '' });
        expect(run.stdout).not.toBe('');
      }
    },
    // several processes in a row: a busy machine needs more than the default time limit
    60_000,
  );
});

const engineDir = join(import.meta.dirname, '..');
const repo = join(engineDir, '..');
const bin = join(engineDir, 'bin', 'takt-engine.mjs');

/** The `npx COMMAND …` lines of a README's sh blocks. */
function npxLines(readme: string, command: string): string[] {
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((block) => block[1]!.split('\n'))
    .filter((line) => line.startsWith(`npx ${command} `));
}

/**
 * A folder that looks like the repository root to the README's commands (engine/ and ../shared), so
 * that the files they write land in a temporary folder.
 */
function repoLike(): string {
  const top = mkdtempSync(join(tmpdir(), 'takt-readme-'));
  mkdirSync(join(top, 'repo'));
  symlinkSync(engineDir, join(top, 'repo', 'engine'));
  symlinkSync(join(repo, '..', 'shared'), join(top, 'shared'));
  return join(top, 'repo');
}
