/**
 * The XER reader on a schedule written by our XER writer: activity codes, UDFs, resources and assignments
 * read back; encodings; a date repeated across rows and fields is checked wherever it is wrong.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { defaultOptions, type IxProject, STANDARD_WEEK } from '../common/model.js';
import { sampleActivity } from '../sample-project.js';
import { readXer } from './read.js';
import { writeXer } from './write.js';

function project(): IxProject {
  const activity = (i: number) =>
    sampleActivity(String(i), {
      name: `Монтаж колонн, захватка ${i}`,
      codes: { Этаж: `Э${i % 2}` },
      udfs: i % 2 ? { Note: `заметка ${i}` } : { Qty: i },
      constraint: { type: 'start_on_or_after', date: '2024-01-03T08:00' },
    });
  return {
    format: 'json',
    convention: 'p6',
    code: 'XER-T',
    name: 'XER test',
    start: '2024-01-02T08:00',
    dataDate: '2024-01-02T08:00',
    defaultCalendarId: 'std',
    calendars: [{ id: 'std', name: 'Standard', week: STANDARD_WEEK, exceptions: [], hoursPerDay: 8 }],
    wbs: [{ id: 'w1', parentId: null, code: 'W1', name: 'Каркас' }],
    activities: [1, 2, 3, 4].map(activity),
    relations: [1, 2, 3].map((i) => ({
      id: `r${i}`,
      predecessorId: String(i),
      successorId: String(i + 1),
      type: 'fs' as const,
      lagMinutes: i === 2 ? 240 : 0,
    })),
    resources: [{ id: 'crew', code: 'CREW', name: 'Бригада', type: 'labor', calendarId: null }],
    assignments: [
      {
        id: 'as1',
        activityId: '1',
        resourceId: 'crew',
        plannedUnits: 16,
        actualUnits: 4,
        remainingUnits: 12,
      },
      { id: 'as2', activityId: '3', resourceId: 'crew', plannedUnits: 8 },
    ],
    options: defaultOptions(),
    warnings: [],
    problems: [],
  };
}

describe('XER reader', () => {
  const text = [...writeXer(project())].join('');

  it('reads codes, UDFs, relations, resources and assignments, in UTF-8 and Windows-1251', async () => {
    for (const bytes of [Buffer.from(text, 'utf8'), iconv.encode(text, 'win1251')]) {
      const p = await readXer(bytes);
      expect(p.activities.map((a) => [a.name, a.codes, a.udfs])).toEqual([
        ['Монтаж колонн, захватка 1', { Этаж: 'Э1' }, { Note: 'заметка 1' }],
        ['Монтаж колонн, захватка 2', { Этаж: 'Э0' }, { Qty: 2 }],
        ['Монтаж колонн, захватка 3', { Этаж: 'Э1' }, { Note: 'заметка 3' }],
        ['Монтаж колонн, захватка 4', { Этаж: 'Э0' }, { Qty: 4 }],
      ]);
      expect(p.activities.every((a) => a.constraint?.date === '2024-01-03T08:00')).toBe(true);
      expect(p.relations.map((r) => [r.predecessorId, r.successorId, r.lagMinutes])).toEqual([
        ['1', '2', 0],
        ['2', '3', 240],
        ['3', '4', 0],
      ]);
      expect(p.resources).toEqual([
        { id: '1', code: 'CREW', name: 'Бригада', type: 'labor', calendarId: '1' },
      ]);
      expect(p.assignments).toEqual([
        { id: '1', activityId: '1', resourceId: '1', plannedUnits: 16, actualUnits: 4, remainingUnits: 12 },
        {
          id: '2',
          activityId: '3',
          resourceId: '1',
          plannedUnits: 8,
          actualUnits: undefined,
          remainingUnits: undefined,
        },
      ]);
    }
  });

  it('a date read before in other rows is still checked where it is wrong, and reported there', async () => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('%R\t3\t'));
    lines[at] = lines[at]!.replace('2024-01-03 08:00', '2024-02-30 08:00');
    const p = await readXer(lines.join('\n'));
    expect(p.problems).toEqual([
      expect.objectContaining({
        code: 'invalid_date',
        action: 'ignored',
        line: at + 1,
        table: 'TASK',
        record: 'A3',
        field: 'cstr_date',
        value: '2024-02-30 08:00',
      }),
      expect.objectContaining({ code: 'missing_value', action: 'ignored', line: at + 1, field: 'cstr_date' }),
    ]);
    expect(p.activities[2]!.constraint).toBeUndefined();
  });
});
