import { type Minutes, RESULT_WORK_ARRAYS, timeFromIso, timeToIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import type { EditCommand } from './commands.js';
import { calculateDocument, previewEdit, WhatIf } from './preview.js';
import { TEST_FIVE_DAYS, type TestLink, type TestWork, testDocument } from './testing.js';

const at = (iso: string) => timeFromIso(iso) as number;

/** A document whose stored dates are its own calculation, as after the server's. */
function calculated(works: TestWork[], links: TestLink[], options = {}) {
  const version = { calendars: [TEST_FIVE_DAYS], projectStart: at('2024-01-01T08:00'), options };
  const { result } = calculateDocument(testDocument(works, links, version), '2024-01-01');
  return testDocument(
    works.map((w, i) => ({
      ...w,
      plan: [result.earlyStart[i]!, result.earlyFinish[i]!] as [number, number],
      late: [result.lateStart[i]!, result.lateFinish[i]!] as [number, number],
    })),
    links,
    version,
  );
}

describe('the what-if of an edit', () => {
  it('calculates with the version’s options: the lag calendar moves the successor', () => {
    const works: TestWork[] = [
      { id: 'pour', duration: 480 },
      { id: 'strip', duration: 480 },
    ];
    // Concrete cures over the weekend: a two-day lag counted round the clock, not on the working week.
    const links: TestLink[] = [{ from: 0, to: 1, lag: 2 * 1440 }];
    const move: EditCommand[] = [{ kind: 'move', workId: 'pour', start: '2024-01-05T08:00' }];
    const onWeek = previewEdit(calculated(works, links), move, '2024-01-01');
    const roundTheClock = previewEdit(calculated(works, links, { lagCalendar: '24h' }), move, '2024-01-01');
    expect(onWeek.input.options).toEqual({});
    expect(roundTheClock.input.options).toEqual({ lagCalendar: '24h' });
    // Poured Friday 5th: 2 × 1440 working minutes are six working days, to Tuesday 16th (the 10th is a holiday).
    expect(timeToIso(onWeek.result.earlyStart[1] as Minutes)).toBe('2024-01-17T08:00');
    // Two calendar days from Friday 17:00 is Sunday 17:00: Monday 8th.
    expect(timeToIso(roundTheClock.result.earlyStart[1] as Minutes)).toBe('2024-01-08T08:00');
  });

  it('incremental previews equal full calculations of the edited version, edit after edit', () => {
    // A ladder of 30 works in three chains with cross links, on the five-day calendar.
    const works: TestWork[] = Array.from({ length: 30 }, (_, i) => ({
      id: `w${i}`,
      duration: 480 * (1 + (i % 4)),
    }));
    const links: TestLink[] = [];
    for (let i = 0; i < 30; i++) {
      if (i % 10 !== 9) links.push({ from: i, to: i + 1 });
      if (i < 20 && i % 3 === 0) links.push({ from: i, to: i + 10, type: 'ss', lag: 480 });
    }
    const doc = calculated(works, links, { critical: { kind: 'longest_path' } });
    const whatIf = new WhatIf(doc, '2024-01-01');
    let state = 0x2545f491;
    const random = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    const day = (d: number) => timeToIso((at('2024-01-01T08:00') + d * 1440) as Minutes);
    let checked = 0;
    for (let step = 0; step < 60; step++) {
      const i = random(30);
      const j = random(30);
      const [a, b] = [`w${Math.min(i, j)}`, `w${Math.max(i, j)}`];
      const commands: EditCommand[] = [
        [
          { kind: 'move', workId: a, start: day(random(40)) },
          { kind: 'resize', workId: a, edge: random(2) ? 'start' : 'finish', date: day(random(40)) },
          { kind: 'duration', workId: a, durationMinutes: 480 * random(6) },
          { kind: 'link', predecessorId: a, successorId: b, type: 'ff', lagMinutes: 60 },
        ][random(4)] as EditCommand,
      ];
      if (commands[0]!.kind === 'link' && a === b) continue;
      const full = previewEdit(doc, commands, '2024-01-01');
      // A drag's own step: the early side at once, the rest when it is settled.
      const early = whatIf.previewEarly(commands);
      for (const name of ['earlyStart', 'earlyFinish'] as const)
        expect([...early[name]], `${name} at step ${step}, late dates waiting`).toEqual([
          ...full.result[name],
        ]);
      const live = step % 2 ? whatIf.settle() : whatIf.preview(commands);
      for (const name of RESULT_WORK_ARRAYS)
        expect([...live[name]], `${name} at step ${step}`).toEqual([...full.result[name]]);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    whatIf.reset();
    for (const name of RESULT_WORK_ARRAYS)
      expect([...whatIf.preview([])[name]]).toEqual([...whatIf.base[name]]);
  });

  it('takes back an unlink and a link, and tells a cycle before it is drawn', () => {
    const works: TestWork[] = [
      { id: 'dig', duration: 960 },
      { id: 'pour', duration: 480 },
      { id: 'frame', duration: 1440 },
    ];
    const doc = calculated(works, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    const whatIf = new WhatIf(doc, '2024-01-01');
    const apart = whatIf.preview([{ kind: 'unlink', predecessorId: 'dig', successorId: 'pour', type: 'fs' }]);
    expect(apart.earlyStart[1]).toBe(at('2024-01-01T08:00'));
    expect(apart.plan.removed).toEqual([0]);
    // The next preview replaces the unlink: pour waits for dig again.
    const linked = whatIf.preview([{ kind: 'link', predecessorId: 'dig', successorId: 'frame', type: 'ss' }]);
    expect(linked.earlyStart[1]).toBe(doc.planStart[1]);
    expect(linked.plan.added).toHaveLength(1);
    whatIf.reset();
    expect([...whatIf.preview([]).earlyStart]).toEqual([...whatIf.base.earlyStart]);
    expect(whatIf.wouldCycle(2, 0, 'fs')).toBe(true);
    expect(whatIf.wouldCycle(0, 2, 'fs')).toBe(false);
    expect(whatIf.calendarOf(0).id).toBe('five');
  });
});
