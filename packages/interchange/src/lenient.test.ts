/**
 * The readers open what P6 and MS Project open: small files of our own (fixtures/lenient) with the faults
 * real exports have — no ERMHDR first, DEL inside calendar data, absurd planned durations, dates outside
 * the engine's range, actuals after the data date, unknown type codes, duplicate and dangling records,
 * cycles, NUL bytes, single-byte code pages — each read with its problems reported, and a bounded fuzz
 * of every reader: a project or an InterchangeError, never another exception.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scheduleProject } from './calculation/schedule.js';
import { ENGINE_FIRST } from './common/dates.js';
import { InterchangeError } from './common/errors.js';
import type { IxProject } from './common/model.js';
import { readJson, writeJson } from './json/format.js';
import { readMspdi } from './mspdi/read.js';
import { readPmxml } from './pmxml/read.js';
import { formatFromContent } from './read.js';
import { refusal, rng } from './test-support.js';
import { sample } from './testdata.js';
import { readXer } from './xer/read.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/lenient/${name}`, import.meta.url));

const STANDARD_DAY = [
  { start: '08:00', finish: '12:00' },
  { start: '13:00', finish: '17:00' },
];

describe('XER as P6 writes it', () => {
  it('no ERMHDR (a BOM and a blank line first, CRLF) and DEL inside the calendar data', async () => {
    const bytes = fixture('no-header-del-calendar.xer');
    expect(bytes.includes(0x7f)).toBe(true);
    const p = await readXer(bytes);
    expect(p.problems).toEqual([]);
    expect(p.activities.map((a) => a.code)).toEqual(['A10', 'A20', 'A30', 'A40']);
    expect(p.calendars[0]!.week).toEqual([
      STANDARD_DAY,
      STANDARD_DAY,
      STANDARD_DAY,
      STANDARD_DAY,
      STANDARD_DAY,
      [],
      [],
    ]);
    expect(p.calendars[0]!.exceptions).toEqual([{ date: '2024-01-19', intervals: [] }]);
    expect(scheduleProject(p).rows).toHaveLength(4);
  });

  it('is sniffed as XER without ERMHDR first', () => {
    for (const file of ['no-header-del-calendar.xer', 'header-later.xer'])
      expect(formatFromContent(fixture(file).toString('latin1'))).toBe('xer');
    expect(formatFromContent('some text\nmore text')).toBeNull();
  });

  it('lines before the header are skipped and reported', async () => {
    const p = await readXer(fixture('header-later.xer'));
    expect(p.activities).toHaveLength(4);
    expect(p.problems.map((x) => [x.line, x.code, x.action, x.value])).toEqual([
      [1, 'invalid_line', 'ignored', 'P6 export of project LEN'],
      [2, 'invalid_line', 'ignored', 'exported by a script, 2024-01-15'],
    ]);
  });

  it('a calendar that still cannot be read is the standard week, reported', async () => {
    const text = fixture('header-later.xer').toString('utf8').replace('(0||2()(', '(0||9()(');
    const p = await readXer(text);
    expect(p.calendars[0]!.week[0]).toEqual(STANDARD_DAY);
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'calendar_data',
        action: 'defaulted',
        table: 'CALENDAR',
        record: 'Standard',
      }),
    );
  });

  it('record-level faults are problems with line, table, record, field, value and what was done', async () => {
    const p = await readXer(fixture('problems.xer'));
    expect(
      p.problems.map((x) => [x.line, x.table, x.record, x.field, x.code, x.action, x.value, x.replacement]),
    ).toEqual([
      [22, 'TASK', 'A20', 'target_drtn_hr_cnt', 'out_of_range', 'clamped', '5469776', '16 h'],
      [23, 'TASK', 'A30', 'task_type', 'unknown_value', 'defaulted', 'TT_Bogus', 'TT_Task'],
      [23, 'TASK', 'A30', 'cstr_type', 'unknown_value', 'ignored', 'CS_Weird', undefined],
      [25, 'TASK', 'A40', 'task_id', 'duplicate_id', 'ignored', '4', undefined],
      [
        26,
        'TASK',
        undefined,
        undefined,
        'invalid_line',
        'ignored',
        'garbage that is not an XER row',
        undefined,
      ],
      [34, 'TASKPRED', '4', 'pred_task_id', 'dangling_relation', 'ignored', '99', undefined],
      [35, 'TASKPRED', '5', 'pred_type', 'unknown_value', 'defaulted', 'PR_XX', 'PR_FS'],
      [
        undefined,
        'TASK',
        'A10',
        'actual start',
        'actual_after_data_date',
        'kept',
        '2024-01-16T08:00',
        undefined,
      ],
      [undefined, 'TASK', 'A40', 'constraint date', 'out_of_range', 'ignored', '1890-01-01T08:00', undefined],
      [undefined, 'TASKPRED', '6', 'predecessor', 'cycle', 'ignored', '6', undefined],
    ]);
    const [a10, a20, a30, a40] = p.activities;
    // the planned duration P6 does not calculate with is replaced by the remaining one (16 h)
    expect(a20!.durationMinutes).toBe(960);
    expect(a30!.type).toBe('task');
    expect(a30!.constraint).toBeUndefined();
    expect(a40!.name).toBe('Work A40');
    expect(a40!.constraint).toBeUndefined();
    // a recorded (baseline) date outside the engine's range is kept as it is
    expect(a40!.baselineStart).toBe('2299-01-05T08:00');
    expect(a10!.actualStart).toBe('2024-01-16T08:00');
    expect(p.relations.map((r) => [r.id, r.predecessorId, r.successorId, r.type])).toEqual([
      ['1', '1', '2', 'fs'],
      ['2', '2', '3', 'fs'],
      ['3', '3', '4', 'fs'],
      ['5', '1', '4', 'fs'],
    ]);
    const s = scheduleProject(p);
    // the engine keeps an actual start after the data date and runs the remaining duration from it
    expect(s.rows.find((r) => r.code === 'A10')).toMatchObject({
      earlyStart: '2024-01-16T08:00',
      earlyFinish: '2024-01-16T17:00',
    });
  });

  it('NUL bytes are left out of their line, reported; a file of NULs is refused', async () => {
    const text = fixture('header-later.xer').toString('utf8').replace('Work A20', 'Work\0 A20\0');
    const p = await readXer(Buffer.from(text));
    expect(p.activities[1]!.name).toBe('Work A20');
    expect(p.problems).toContainEqual(
      expect.objectContaining({ code: 'invalid_line', action: 'ignored', line: 24 }),
    );
    expect((await refusal(readXer(Buffer.alloc(5000)))).code).toMatch(/unsupported_format|truncated/);
  });

  it('a date before the engine range where it drives the schedule is clamped', async () => {
    const text = fixture('header-later.xer')
      .toString('utf8')
      .replace('16\t\t2024-01-08 08:00', '16\t\t1898-03-02 08:00');
    const p = await readXer(text);
    expect(p.activities[0]!.actualStart).toBe(ENGINE_FIRST);
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'out_of_range',
        action: 'clamped',
        field: 'actual start',
        replacement: ENGINE_FIRST,
      }),
    );
  });

  it('refuses only what has nothing to schedule, saying why', async () => {
    const text = fixture('header-later.xer').toString('utf8');
    expect((await refusal(readXer(''))).code).toBe('truncated');
    expect((await refusal(readXer('just some text\nand more\n'.repeat(20)))).message).toContain(
      'not an XER file',
    );
    expect((await refusal(readXer(text.slice(0, text.indexOf('%T\tTASKPRED'))))).message).toContain('%E');
    const noTasks = text.replace(/^%R\t\d\t1\t2\t.*$/gm, '');
    expect((await refusal(readXer(noTasks))).message).toContain('no activities');
  });
});

describe('encodings detected from the content', () => {
  const cases: [string, IxProject['encoding'], string[]][] = [
    [
      'german-1252.xer',
      'windows-1252',
      ['Rückfahrt Baustelle', 'Gerüst übergeben', 'Schließen der Öffnungen', 'Démolition façades'],
    ],
    [
      'polish-czech-1250.xer',
      'windows-1250',
      ['Zakończenie robót', 'Żelbet ściana', 'Betonáž základů', 'Střecha, přípojka'],
    ],
    [
      'russian-1251.xer',
      'windows-1251',
      ['Монтаж каркаса', 'Устройство кровли', 'Отделка фасада', 'Сдача объекта'],
    ],
  ];
  for (const [file, encoding, names] of cases)
    it(`${file}: ${encoding}, whole or in small chunks`, async () => {
      const bytes = fixture(file);
      const p = await readXer(bytes);
      expect(p.activities.map((a) => a.name)).toEqual(names);
      expect(p.encoding).toBe(encoding);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += 97) chunks.push(bytes.subarray(i, i + 97));
      expect((await readXer(chunks)).activities.map((a) => a.name)).toEqual(names);
    });

  it('UTF-8 with and without BOM; an encoding named in the options is used as it is', async () => {
    const utf8 = fixture('header-later.xer').toString('utf8').replace('Work A10', 'Rückfahrt');
    expect((await readXer(Buffer.from(utf8))).encoding).toBe('utf-8');
    expect((await readXer(Buffer.from(`\uFEFF${utf8}`))).activities[0]!.name).toBe('Rückfahrt');
    const forced = await readXer(fixture('german-1252.xer'), { encoding: 'windows-1251' });
    expect(forced.encoding).toBe('windows-1251');
    expect(forced.activities[0]!.name).toBe('Rьckfahrt Baustelle');
  });

  it('MSPDI and PMXML in a code page', async () => {
    const mspdi = readFileSync(sample('mspdi/task-links-project2019-mspdi.xml'), 'utf8').replace(
      '<Name>Task 1</Name>',
      '<Name>Übergabe Gerüst</Name>',
    );
    const m = await readMspdi(Buffer.from(mspdi, 'latin1'));
    expect(m.activities.find((a) => a.name.startsWith('Üb'))?.name).toBe('Übergabe Gerüst');
    expect(m.encoding).toBe('windows-1252');
  });
});

describe('MSPDI and PMXML faults', () => {
  const MSPDI = readFileSync(sample('mspdi/task-links-project2019-mspdi.xml'), 'utf8');
  const PMXML = readFileSync(sample('p6xml/PredecessorCalendar.xml'), 'utf8');

  it('MSPDI: unknown constraint type, out-of-range and malformed values', async () => {
    // the first occurrence of a child is the task's
    const text = MSPDI.replace(
      '<Name>Task 1</Name>',
      '<Name>Task 1</Name><ConstraintType>42</ConstraintType><PercentComplete>lots</PercentComplete>',
    );
    const p = await readMspdi(text);
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'unknown_value',
        action: 'defaulted',
        field: 'ConstraintType',
        value: '42',
      }),
    );
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'invalid_number',
        action: 'ignored',
        field: 'PercentComplete',
        value: 'lots',
      }),
    );
    expect(() => scheduleProject(p)).not.toThrow();
  });

  it('PMXML: unknown types and relationships to missing activities', async () => {
    const id = /<Activity>[\s\S]*?<ObjectId>(\d+)<\/ObjectId>/.exec(PMXML)![1];
    const text = PMXML.replace('<Type>Task Dependent</Type>', '<Type>Magic</Type>').replace(
      '</Activity>',
      `</Activity><Relationship><ObjectId>77</ObjectId><PredecessorActivityObjectId>999999</PredecessorActivityObjectId><SuccessorActivityObjectId>${id}</SuccessorActivityObjectId></Relationship>`,
    );
    const p = await readPmxml(text);
    expect(p.problems).toContainEqual(
      expect.objectContaining({ code: 'unknown_value', action: 'defaulted', field: 'Type', value: 'Magic' }),
    );
    expect(p.problems).toContainEqual(
      expect.objectContaining({ code: 'dangling_relation', action: 'ignored', value: '999999' }),
    );
    expect(() => scheduleProject(p)).not.toThrow();
  });
});

/** One mutation: byte flips, a cut, duplicated or deleted lines, NUL bytes, huge or negative numbers. */
function mutate(bytes: Buffer, r: () => number): Buffer {
  const pick = (n: number) => Math.floor(r() * n);
  const text = bytes.toString('latin1');
  const lines = text.split('\n');
  const k = pick(lines.length);
  switch (pick(8)) {
    case 0:
      return bytes.subarray(0, pick(bytes.length));
    case 1: {
      const b = Buffer.from(bytes);
      for (let i = 0; i < 1 + pick(4); i++) b[pick(b.length)] = pick(256);
      return b;
    }
    case 2:
      lines.splice(k, 0, lines[k] ?? '');
      break;
    case 3:
      lines.splice(k, 1 + pick(3));
      break;
    case 4: {
      const b = Buffer.from(bytes);
      for (let i = 0; i < 1 + pick(8); i++) b[pick(b.length)] = 0;
      return b;
    }
    case 5:
      lines[k] = (lines[k] ?? '').replace(
        /\d+(\.\d+)?/,
        ['1e308', '-99999999999', '5469776', 'NaN'][pick(4)]!,
      );
      break;
    case 6:
      lines[k] = (lines[k] ?? '').replace(
        /\d{4}-\d{2}-\d{2}/,
        ['1899-12-30', '2019-02-30', '9999-12-31', '2300-01-01'][pick(4)]!,
      );
      break;
    default:
      lines[k] = (lines[k] ?? '').replace(/<\/?\w+>|\t|[{}[\]:,"]/, '');
  }
  return Buffer.from(lines.join('\n'), 'latin1');
}

describe('reader fuzz (seeded, bounded)', () => {
  const xer = fixture('problems.xer');
  const inputs: [string, Buffer, (b: Buffer) => Promise<IxProject>][] = [
    ['xer', xer, (b) => readXer(b)],
    ['pmxml', readFileSync(sample('p6xml/PredecessorCalendar.xml')), (b) => readPmxml(b)],
    ['mspdi', readFileSync(sample('mspdi/task-links-project2019-mspdi.xml')), (b) => readMspdi(b)],
    ['json', Buffer.alloc(0), (b) => readJson(b)],
  ];
  for (const [name, original, read] of inputs)
    it(`${name}: 120 mutations each end in a project (that schedules) or an InterchangeError`, async () => {
      const bytes = name === 'json' ? Buffer.from(writeJson(await readXer(xer))) : original;
      const r = rng(20261126 + name.length);
      let read_ = 0;
      for (let i = 0; i < 120; i++) {
        const mutated = mutate(bytes, r);
        try {
          scheduleProject(await read(mutated));
          read_++;
        } catch (e) {
          if (!(e instanceof InterchangeError))
            throw new Error(`${name} mutation ${i}: ${(e as Error).stack}`);
          expect(e.message.length).toBeGreaterThan(0);
        }
      }
      // leniency: most mutations of a good file still read
      expect(read_).toBeGreaterThan(40);
    }, 20_000);
});
