import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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

  it('runs as a process through its entry file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'takt-engine-'));
    const path = join(dir, 'plan.json');
    writeFileSync(path, JSON.stringify(file));
    const entry = join(import.meta.dirname, 'cli.ts');
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', entry, path, '--format', 'csv'], {
      encoding: 'utf8',
    });
    expect(stdout.split('\n')[2]).toMatch(/^B,task,/);
  });
});
