/**
 * Bad input: each broken file is an InterchangeError naming the line/element and field — never a crash
 * or a partial schedule. A seeded randomized test mutates the sample files (cuts, byte flips, duplicated
 * and deleted lines, absurd numbers) and requires a clean read or such an error every time.
 */
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { scheduleProject } from './calculation/schedule.js';
import { InterchangeError } from './common/errors.js';
import { readMspdi } from './mspdi/read.js';
import { readPmxml } from './pmxml/read.js';
import { refusal, rng } from './test-support.js';
import { sample } from './testdata.js';
import { readXer } from './xer/read.js';

const XER = readFileSync(sample('xer/PredecessorCalendar.xer'), 'latin1');
const MSPDI = readFileSync(sample('mspdi/task-links-project2019-mspdi.xml'), 'utf8');
const PMXML = readFileSync(sample('p6xml/PredecessorCalendar.xml'), 'utf8');

const xerWithTasks = (extra: string) => XER.replace('%T\tTASKPRED', `${extra}%T\tTASKPRED`);

describe('bad input', () => {
  it('truncated XER and XML', async () => {
    expect((await refusal(readXer(XER.slice(0, XER.length / 2)))).code).toMatch(
      /truncated|syntax|missing_value/,
    );
    const e = await refusal(readMspdi(MSPDI.slice(0, 30000)));
    expect(e.code).toMatch(/truncated|syntax/);
    expect(e.line).toBeGreaterThan(0);
    expect((await refusal(readPmxml(PMXML.slice(0, 3000)))).code).toMatch(/truncated|syntax/);
  });

  it('encodings: UTF-8 with and without BOM, Windows-1251, mis-encoded', async () => {
    const ru = XER.replace('\tTest\t', '\tМонтаж каркаса\t');
    for (const bytes of [
      Buffer.from(ru, 'utf8'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ru, 'utf8')]),
      iconv.encode(ru, 'win1251'),
    ]) {
      const p = await readXer(bytes);
      expect(p.activities[0]!.name).toBe('Монтаж каркаса');
    }
    const mixed = Buffer.concat([Buffer.from(ru, 'utf8'), iconv.encode('%R\tБыло\n', 'win1251')]);
    const e = await refusal(readXer(mixed));
    expect(e.code).toBe('encoding');
    expect(e.line).toBeGreaterThan(0);
  });

  it('duplicated ids: the first record is kept, the next reported', async () => {
    const index = XER.split('\n').findIndex((l) => l.startsWith('%R\t1338401'));
    const line = XER.split('\n')[index]!;
    const p = await readXer(XER.replace(line, `${line}\n${line}`));
    expect(p.activities.filter((a) => a.id === '1338401')).toHaveLength(1);
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'duplicate_id',
        action: 'ignored',
        line: index + 2,
        table: 'TASK',
        field: 'task_id',
        value: '1338401',
      }),
    );
  });

  it('dangling relations are left out and reported', async () => {
    const p = await readXer(
      xerWithTasks('').replace(
        '%T\tTASKACTV',
        '%R\t9\t1338401\t777\t34738\t34738\tPR_FS\t0\t\t\t\n%T\tTASKACTV',
      ),
    );
    expect(p.relations.some((r) => r.id === '9')).toBe(false);
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'dangling_relation',
        action: 'ignored',
        field: 'pred_task_id',
        value: '777',
      }),
    );
    const m = await readMspdi(
      MSPDI.replace('<PredecessorUID>1</PredecessorUID>', '<PredecessorUID>99</PredecessorUID>'),
    );
    expect(m.relations.some((r) => r.predecessorId === '99')).toBe(false);
    expect(m.problems).toContainEqual(
      expect.objectContaining({ code: 'dangling_relation', field: 'PredecessorUID', value: '99' }),
    );
  });

  it('cycles: one relation of the loop is left out and reported', async () => {
    const cyc = MSPDI.replace(
      '<Name>Task 1</Name>',
      '<Name>Task 1</Name><PredecessorLink><PredecessorUID>2</PredecessorUID><Type>1</Type></PredecessorLink>',
    );
    const p = await readMspdi(cyc);
    const cycle = p.problems.find((x) => x.code === 'cycle');
    expect(cycle).toMatchObject({ action: 'ignored' });
    expect(cycle!.message).toContain('→');
    expect(p.relations).toHaveLength((await readMspdi(MSPDI)).relations.length);
    expect(() => scheduleProject(p)).not.toThrow();
  });

  it('absurd values are reported with what was done with them', async () => {
    const m = await readMspdi(
      MSPDI.replace('<Duration>PT8H0M0S</Duration>', '<Duration>PT99999999H0M0S</Duration>'),
    );
    expect(m.problems).toContainEqual(
      expect.objectContaining({ code: 'out_of_range', action: 'ignored', field: 'Duration' }),
    );
    // an actual start in 2219: outside the engine's range, clamped to its last instant
    const d = await readXer(XER.replace('2019-06-10 08:00', '2219-06-10 08:00'));
    expect(d.problems).toContainEqual(
      expect.objectContaining({ code: 'out_of_range', action: 'clamped', field: 'actual start' }),
    );
    const l = await readPmxml(
      PMXML.replace('<PlannedDuration>360.0</PlannedDuration>', '<PlannedDuration>-5</PlannedDuration>'),
    );
    expect(l.problems).toContainEqual(
      expect.objectContaining({
        code: 'out_of_range',
        action: 'clamped',
        field: 'duration',
        replacement: '0',
      }),
    );
  });
});

function mutate(text: string, r: () => number): Buffer {
  const lines = text.split('\n');
  const k = Math.floor(r() * lines.length);
  switch (Math.floor(r() * 7)) {
    case 0:
      return Buffer.from(text.slice(0, Math.floor(r() * text.length)));
    case 1:
      lines.splice(k, 1);
      break;
    case 2:
      lines.splice(k, 0, lines[k] ?? '');
      break;
    case 3:
      lines[k] = (lines[k] ?? '').replace(
        /\d+(\.\d+)?/,
        String(Math.floor(r() * 1e12) * (r() < 0.5 ? -1 : 1)),
      );
      break;
    case 4:
      lines[k] = (lines[k] ?? '').replace(
        /\d{4}-\d{2}-\d{2}/,
        ['1899-12-31', '2019-02-30', '9999-01-01', 'x'][Math.floor(r() * 4)]!,
      );
      break;
    case 5: {
      const b = Buffer.from(text);
      for (let i = 0; i < 3; i++) b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
      return b;
    }
    default:
      lines[k] = (lines[k] ?? '').replace(/<\/?\w+>|\t/, '');
  }
  return Buffer.from(lines.join('\n'));
}

describe('randomized mutations of the samples', () => {
  const cases: [string, string, (b: Buffer) => Promise<unknown>][] = [
    ['xer', XER, (b) => readXer(b)],
    ['mspdi', MSPDI, (b) => readMspdi(b)],
    ['pmxml', PMXML, (b) => readPmxml(b)],
  ];
  for (const [name, text, read] of cases) {
    it(`${name}: every mutation reads cleanly or fails with an InterchangeError`, async () => {
      const r = rng(20240611 + name.length);
      let errors = 0;
      for (let i = 0; i < 150; i++) {
        const bytes = mutate(text, r);
        try {
          const project = (await read(bytes)) as Parameters<typeof scheduleProject>[0];
          scheduleProject(project); // a clean read must also schedule (or fail cleanly)
        } catch (e) {
          if (!(e instanceof InterchangeError))
            throw new Error(`mutation ${i} crashed: ${(e as Error).stack}`);
          expect(e.message.length).toBeGreaterThan(0);
          errors++;
        }
      }
      expect(errors).toBeGreaterThan(0);
    });
  }
});
