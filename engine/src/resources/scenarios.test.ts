import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculate } from '../calculate.js';
import { calendarCompile } from '../calendar-compile.js';
import { Scheduler } from '../scheduler.js';
import { project, task } from '../testing/fixtures.js';
import type { ScenarioNumber, ScenarioVariant, ScenarioWork } from './scenarios.js';
import { scenarioCalculate, scenarioRemainingByIntensity } from './scenarios.js';

const standard = calendarCompile({ id: 'std' });
const DAY = 480;
/** The README's worked example: 10 working days planned, started Monday 2024-01-01, data date the 11th. */
const started: ScenarioWork = { initialDurationMinutes: 10 * DAY, actualStart: '2024-01-01T08:00' };
const dataDate = '2024-01-11T08:00';

/** Rows of the README table between the scenario markers: | n | variant | inputs | % | remaining | total |. */
function readmeRows(): string[][] {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.split('<!-- scenarios:start -->')[1]?.split('<!-- scenarios:end -->')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

function inputsOf(text: string): Partial<ScenarioWork> {
  const inputs: Partial<ScenarioWork> = {};
  for (const part of text.split(',').map((item) => item.trim())) {
    const [name, value] = part.split(' ') as [string, string];
    const number = Number(value.replace(/_/g, ''));
    if (name === 'progress') inputs.progressPercent = number;
    else if (name === 'plan') inputs.plan = number;
    else if (name === 'fact') inputs.fact = number;
    else if (name === 'target') inputs.targetDurationMinutes = number * DAY;
    else if (name === 'intensity') inputs.baseIntensity = number;
    else throw new Error(`unknown input "${part}" in the README table`);
  }
  return inputs;
}

describe('calculation scenarios', () => {
  it('reproduces every worked example of the README', () => {
    const rows = readmeRows();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const [scenario, variant, inputs, percent, remaining, total] of rows) {
      const result = scenarioCalculate(
        { ...started, ...inputsOf(inputs!) },
        {
          scenario: Number(scenario) as ScenarioNumber,
          variant: variant as ScenarioVariant,
          calendar: standard,
          dataDate,
        },
      );
      const row = `${scenario} ${variant} ${inputs}`;
      expect(Math.round(result.progress * 100), row).toBe(Number(percent!.replace('%', '')));
      expect(result.elapsedMinutes, row).toBe(8 * DAY);
      expect(Math.round((result.remainingMinutes / DAY) * 100) / 100, row).toBe(Number(remaining));
      expect(Math.round((result.durationMinutes / DAY) * 100) / 100, row).toBe(Number(total));
      expect(result.patch, row).toEqual({ status: 'in_progress', remainingMinutes: result.remainingMinutes });
    }
  });

  it('scenario 6 on actual duration reports the observed intensity', () => {
    const result = scenarioCalculate(
      { ...started, plan: 500, fact: 200 },
      { scenario: 6, calendar: standard, dataDate },
    );
    expect(result.intensity).toBe(25);
    expect(result.remainingMinutes).toBe(12 * DAY);
  });

  it('takes the start and the finish from the daily volume plan', () => {
    const dailyPlan = [
      { date: '2024-01-15', quantity: 10 },
      { date: '2024-01-16', quantity: 20 },
      { date: '2024-01-17', quantity: 0 },
      { date: '2024-01-19', quantity: 5 },
    ];
    const work: ScenarioWork = { initialDurationMinutes: 10 * DAY, plan: 35, fact: 0, dailyPlan };
    const both = scenarioCalculate(work, { scenario: 6, autoDates: 'both', calendar: standard, dataDate });
    expect([both.start, both.finish, both.durationMinutes, both.status]).toEqual([
      '2024-01-15T08:00',
      '2024-01-19T17:00',
      5 * DAY,
      'not_started',
    ]);
    expect(both.patch).toEqual({
      status: 'not_started',
      durationMinutes: 5 * DAY,
      constraint: { start: { type: 'not_earlier', date: '2024-01-15T08:00' } },
    });
    const startOnly = scenarioCalculate(work, {
      scenario: 6,
      autoDates: 'start',
      calendar: standard,
      dataDate,
    });
    expect([startOnly.start, startOnly.finish, startOnly.durationMinutes]).toEqual([
      '2024-01-15T08:00',
      null,
      10 * DAY,
    ]);
    const finishOnly = scenarioCalculate(
      { ...work, plannedStart: '2024-01-11T08:00' },
      { scenario: 6, autoDates: 'finish', calendar: standard, dataDate },
    );
    expect([finishOnly.finish, finishOnly.durationMinutes]).toEqual(['2024-01-19T17:00', 7 * DAY]);

    // Applied through the scheduler, the patch gives exactly those dates.
    const scheduler = new Scheduler(project([task('A', 10 * DAY)], [], { dataDate: '2024-01-01T08:00' }));
    scheduler.updateWork('A', both.patch);
    expect(scheduler.result().work('A')).toMatchObject({ earlyStart: both.start, earlyFinish: both.finish });
  });

  it('a finished measure completes the work; an in-progress patch recalculates to the remaining', () => {
    const done = scenarioCalculate(
      { ...started, plan: 100, fact: 120 },
      { scenario: 9, calendar: standard, dataDate },
    );
    expect([done.progress, done.remainingMinutes, done.status]).toEqual([1, 0, 'completed']);
    const half = scenarioCalculate(
      { ...started, progressPercent: 50 },
      { scenario: 1, calendar: standard, dataDate },
    );
    const result = calculate(
      project([task('A', 10 * DAY, { actualStart: started.actualStart!, ...half.patch })], [], { dataDate }),
    );
    expect(result.work('A').earlyFinish).toBe('2024-01-17T17:00');
  });

  it('remaining duration by intensity', () => {
    expect(scenarioRemainingByIntensity(standard, 300, 60)).toBe(5 * DAY);
    expect(() => scenarioRemainingByIntensity(standard, 300, 0)).toThrow(/intensity/);
  });

  it('says what a scenario is missing', () => {
    const options = { calendar: standard, dataDate };
    expect(() => scenarioCalculate(started, { ...options, scenario: 1 })).toThrow(/progressPercent/);
    expect(() => scenarioCalculate({ ...started, fact: 3 }, { ...options, scenario: 6 })).toThrow(
      /planned physical volume/,
    );
    expect(() =>
      scenarioCalculate(
        { ...started, progressPercent: 5 },
        { ...options, scenario: 1, variant: 'target_duration' },
      ),
    ).toThrow(/targetDurationMinutes/);
    expect(() =>
      scenarioCalculate({ ...started, plan: 5 }, { ...options, scenario: 12, autoDates: 'both' }),
    ).toThrow(/daily volume plan/);
    expect(() => scenarioCalculate(started, { ...options, scenario: 7 as 6 })).toThrow(/unknown scenario 7/);
    expect(() => scenarioCalculate({ ...started, plan: -1 }, { ...options, scenario: 9 })).toThrow(/≥ 0/);
  });
});
