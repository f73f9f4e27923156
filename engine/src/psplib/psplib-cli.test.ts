import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliInput } from '../cli-commands.js';
import { cliRun } from '../cli-commands.js';

const J30 = join(import.meta.dirname, '../../../../shared/testdata/psplib/j30');

const files = (contents: Record<string, string>): CliInput => ({
  readFile: (path) => {
    const text = contents[path];
    if (text === undefined)
      throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
    return text;
  },
  readStdin: async () => '',
});

describe('takt-engine level', () => {
  it('prints the makespan of a PSPLIB instance as its last line', async () => {
    const input = files({ 'j301_1.sm': readFileSync(join(J30, 'j301_1.sm'), 'utf8') });
    const output = await cliRun(['level', 'j301_1.sm', '--schedules', '5000'], input);
    expect(output.exitCode).toBe(0);
    const lines = output.stdout.trim().split('\n');
    expect(lines[0]).toBe('jobs 32, resources 4, capacities 12 13 4 12');
    expect(lines.at(-1)).toBe('43');
    // Fewer schedules never beat the optimum, and the same seed repeats itself.
    const few = await cliRun(['level', 'j301_1.sm', '--schedules', '20', '--seed', '7'], input);
    expect(Number(few.stdout.trim().split('\n').at(-1))).toBeGreaterThanOrEqual(43);
    expect((await cliRun(['level', 'j301_1.sm', '--schedules', '20', '--seed', '7'], input)).stdout).toBe(
      few.stdout,
    );
  });

  it('levels a JSON project with resources and assignments', async () => {
    const file = {
      project: {
        calendars: [{ id: 'std' }],
        defaultCalendarId: 'std',
        projectStart: '2024-01-01T08:00',
        works: [
          { id: 'A', type: 'task', durationMinutes: 960 },
          { id: 'B', type: 'task', durationMinutes: 960 },
        ],
        relations: [],
      },
      resources: [{ id: 'crew', kind: 'labour', unitsPerDay: 8 }],
      assignments: [
        { workId: 'A', resourceId: 'crew', quantity: 16 },
        { workId: 'B', resourceId: 'crew', quantity: 16 },
      ],
    };
    const output = await cliRun(['level', 'plan.json'], files({ 'plan.json': JSON.stringify(file) }));
    expect(output.exitCode).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.projectFinish).toBe('2024-01-04T17:00');
    expect(json.moved).toEqual([
      expect.objectContaining({ workId: 'B', from: '2024-01-01T08:00', to: '2024-01-03T08:00' }),
    ]);
  });

  it('reports bad flags and bad files', async () => {
    const input = files({ 'bad.sm': 'not psplib' });
    expect((await cliRun(['level', 'bad.sm', '--schedules', '0'], input)).exitCode).toBe(2);
    expect((await cliRun(['level'], input)).exitCode).toBe(2);
    const bad = await cliRun(['level', 'bad.sm'], input);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^error \[invalid_project\]: PSPLIB:/);
    expect((await cliRun(['level', 'missing.sm'], input)).exitCode).toBe(1);
  });
});
