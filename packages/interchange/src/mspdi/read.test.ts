/**
 * The streaming MSPDI reader on what depends on the rest of the file: predecessors, extended attribute
 * definitions and project settings that come after the tasks; errors in the order of the file's parts
 * whatever their position; input split anywhere (inside a UTF-8 character); tree semantics of children.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { refusal } from '../test-support.js';
import { readMspdi } from './read.js';

const CALENDARS = `<Calendars><Calendar><UID>1</UID><Name>Standard</Name><WeekDays>
<WeekDay><DayType>1</DayType><DayWorking>0</DayWorking></WeekDay>
<WeekDay><DayType>2</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime><WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>
</WeekDays></Calendar></Calendars>`;

function task(uid: number, inner: string): string {
  return `<Task><UID>${uid}</UID><ID>${uid}</ID><OutlineLevel>1</OutlineLevel>${inner}<Duration>PT16H0M0S</Duration></Task>\n`;
}

function mspdi(parts: { before?: string; tasks: string; after?: string; settings?: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Project xmlns="http://schemas.microsoft.com/project">
${parts.settings ?? '<StartDate>2024-01-08T08:00:00</StartDate><CalendarUID>1</CalendarUID>'}
${parts.before ?? ''}${CALENDARS}
<Tasks>
${parts.tasks}</Tasks>
${parts.after ?? ''}</Project>
`;
}

describe('MSPDI reader, streaming', () => {
  it('links to later tasks, percent and elapsed lags on them', async () => {
    const p = await readMspdi(
      mspdi({
        tasks:
          task(
            1,
            '<Name>Монтаж</Name><PredecessorLink><PredecessorUID>2</PredecessorUID><Type>3</Type><LinkLag>50</LinkLag><LagFormat>19</LagFormat></PredecessorLink>',
          ) +
          task(
            2,
            '<Name>Опалубка</Name><PredecessorLink><PredecessorUID>3</PredecessorUID><LinkLag>14400</LinkLag><LagFormat>6</LagFormat></PredecessorLink>',
          ) +
          task(3, '<Name>Арматура</Name><Duration>PT40H0M0S</Duration>'),
      }),
    );
    expect(p.activities.map((a) => [a.id, a.name, a.durationMinutes])).toEqual([
      ['1', 'Монтаж', 960],
      ['2', 'Опалубка', 960],
      ['3', 'Арматура', 2400],
    ]);
    expect(p.relations).toEqual([
      // 50% of the predecessor's 16 hours
      { id: '2->1', predecessorId: '2', successorId: '1', type: 'ss', lagMinutes: 480 },
      { id: '3->2', predecessorId: '3', successorId: '2', type: 'fs', lagMinutes: 1440, lagCalendar: '24h' },
    ]);
  });

  it('extended attribute definitions and HonorConstraints after the tasks', async () => {
    const tasks =
      task(
        1,
        '<ConstraintType>2</ConstraintType><ConstraintDate>2024-01-10T08:00:00</ConstraintDate><ExtendedAttribute><FieldID>188743731</FieldID><Value>Секция А</Value></ExtendedAttribute><ExtendedAttribute><FieldID>188743734</FieldID><Value>7</Value></ExtendedAttribute>',
      ) +
      task(
        2,
        '<ConstraintType>7</ConstraintType><ConstraintDate>2024-02-01T17:00:00</ConstraintDate><ExtendedAttribute><FieldID>188743731</FieldID><Value>Секция Б</Value></ExtendedAttribute>',
      );
    const after =
      '<ExtendedAttributes><ExtendedAttribute><FieldID>188743731</FieldID><FieldName>Text1</FieldName><Alias>Захватка</Alias></ExtendedAttribute></ExtendedAttributes><HonorConstraints>1</HonorConstraints>';
    const p = await readMspdi(mspdi({ tasks, after }));
    expect(p.activities.map((a) => a.udfs)).toEqual([
      { Захватка: 'Секция А', '188743734': '7' },
      { Захватка: 'Секция Б' },
    ]);
    expect(p.activities.map((a) => a.constraint)).toEqual([
      { type: 'mandatory_start', date: '2024-01-10T08:00' },
      { type: 'finish_on_or_before', date: '2024-02-01T17:00' },
    ]);
    const soft = await readMspdi(
      mspdi({ tasks, after: after.replace('<HonorConstraints>1<', '<HonorConstraints>0<') }),
    );
    expect(soft.activities[0]!.constraint).toEqual({ type: 'start_on', date: '2024-01-10T08:00' });
  });

  it('faults of tasks, settings and calendars are problems; broken XML and another root are refused', async () => {
    const bad = task(1, '') + task(2, '<Duration>PT5X</Duration>') + task(3, '<Duration>PT</Duration>');
    const p = await readMspdi(mspdi({ tasks: bad }));
    expect(p.activities).toHaveLength(3);
    expect(p.problems).toContainEqual({
      code: 'invalid_value',
      action: 'ignored',
      line: 10,
      table: 'Task',
      record: '2',
      field: 'Duration',
      value: 'PT5X',
      message: '"PT5X" is not an ISO 8601 duration (ignored)',
    });
    // no start date and no date in any task: nothing to schedule from
    const settings = await refusal(
      readMspdi(mspdi({ tasks: bad, settings: '<CalendarUID>1</CalendarUID>' })),
    );
    expect([settings.code, settings.field]).toEqual(['missing_value', 'start']);
    const calendar = await readMspdi(mspdi({ tasks: bad }).replace('<FromTime>13:00:00', '<FromTime>1pm'));
    expect(calendar.problems).toContainEqual(
      expect.objectContaining({ code: 'calendar_data', action: 'defaulted', table: 'Calendar' }),
    );
    const xml = await refusal(readMspdi(mspdi({ tasks: bad, after: '<Resources><Resource>' })));
    expect(xml.code).toMatch(/syntax|truncated/);
    const root = await refusal(
      readMspdi(mspdi({ tasks: bad }).replace('<Project ', '<Projekt ').replace('</Project>', '</Projekt>')),
    );
    expect(root.code).toBe('unsupported_format');
  });

  it('bad dates, duplicate UIDs, dangling links and unknown link types are reported in file order', async () => {
    const p = await readMspdi(
      mspdi({
        tasks:
          task(1, '<Start>2024-02-30T08:00:00</Start>') +
          task(1, '') +
          task(2, '<PredecessorLink><PredecessorUID>9</PredecessorUID></PredecessorLink>') +
          task(3, '<PredecessorLink><PredecessorUID>1</PredecessorUID><Type>8</Type></PredecessorLink>'),
      }),
    );
    expect(p.problems.map((x) => [x.code, x.action, x.table, x.record, x.field, x.value])).toEqual([
      ['invalid_date', 'ignored', 'Task', '1', 'Start', '2024-02-30T08:00:00'],
      ['duplicate_id', 'ignored', 'Task', '1', 'UID', '1'],
      ['dangling_relation', 'ignored', 'PredecessorLink', '2', 'PredecessorUID', '9'],
      ['unknown_value', 'defaulted', 'PredecessorLink', '3', 'Type', '8'],
    ]);
    expect(p.activities.map((a) => a.id)).toEqual(['1', '2', '3']);
    expect(p.relations.map((r) => [r.predecessorId, r.successorId, r.type])).toEqual([['1', '3', 'fs']]);
  });

  it('input split anywhere, in UTF-8 or Windows-1251, reads the same', async () => {
    const text = mspdi({
      tasks:
        task(1, '<Name>Устройство фундаментов под колонны</Name>') +
        task(
          2,
          '<Name>Монтаж <![CDATA[колонн & ригелей]]></Name><PredecessorLink><PredecessorUID>1</PredecessorUID></PredecessorLink>',
        ),
    });
    const whole = await readMspdi(Buffer.from(text));
    expect(whole.activities.map((a) => a.name)).toEqual([
      'Устройство фундаментов под колонны',
      'Монтаж колонн & ригелей',
    ]);
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await readMspdi(chunks)).toEqual(whole);
    }
    expect(await readMspdi(iconv.encode(text, 'win1251'))).toEqual({ ...whole, encoding: 'windows-1251' });
  });

  it("a task's child reads as an element tree would: first occurrence, '' when it has elements", async () => {
    const p = await readMspdi(
      mspdi({
        tasks:
          task(1, '<Name>first</Name><Name>second</Name><Manual><x>1</x></Manual>') +
          task(
            2,
            '<Name><b>bold</b></Name><Baseline><Number>1</Number><Start>2024-01-01T08:00:00</Start></Baseline><Baseline><Number>0</Number><Start>2024-01-09T08:00:00</Start></Baseline>',
          ),
      }),
    );
    expect(p.activities.map((a) => [a.name, a.manual, a.baselineStart])).toEqual([
      ['first', undefined, undefined],
      ['', undefined, '2024-01-09T08:00'],
    ]);
  });
});
