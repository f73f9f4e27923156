/**
 * The streaming PMXML reader: which project is read, what each record brings (UDFs, codes, schedule
 * options, shared resources and relationships), and that an activity converted as it arrives reports its
 * error only if it is read, after the errors of the project's settings and calendars, with its own line.
 */
import { describe, expect, it } from 'vitest';
import { readPmxml } from './read.js';

const ACTIVITY_A1 = `<Activity><Id>A1</Id><Name>Монтаж колонн</Name><ObjectId>100</ObjectId><ProjectObjectId>2</ProjectObjectId>
      <WBSObjectId>21</WBSObjectId><PlannedDuration>16</PlannedDuration><Status>In Progress</Status><RemainingDuration>8</RemainingDuration>
      <ActualStartDate>2024-01-02T08:00:00</ActualStartDate><PhysicalPercentComplete>0.5</PhysicalPercentComplete>
      <PrimaryConstraintType>Start On or After</PrimaryConstraintType><PrimaryConstraintDate>2024-01-02T08:00:00</PrimaryConstraintDate>
      <UDF><TypeObjectId>900</TypeObjectId><TextValue>hello</TextValue></UDF>
      <UDF><TypeObjectId>901</TypeObjectId><DoubleValue>2.5</DoubleValue></UDF>
      <Code><CodeTypeObjectId>700</CodeTypeObjectId><ValueObjectId>7001</ValueObjectId></Code>
    </Activity>`;

const file = (
  o: { a1?: string; p2?: string; p3Activity?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V18.1/API/BusinessObjects">
  <Calendar><HoursPerDay>8</HoursPerDay><Name>Std</Name><ObjectId>10</ObjectId>
    <StandardWorkWeek><StandardWorkHours><DayOfWeek>Monday</DayOfWeek><WorkTime><Start>08:00:00</Start><Finish>16:59:00</Finish></WorkTime></StandardWorkHours></StandardWorkWeek>
  </Calendar>
  <Resource><Id>CR</Id><Name>Кран</Name><ObjectId>501</ObjectId><ResourceType>Nonlabor</ResourceType></Resource>
  <Project><Id>P1</Id><Name>No activities</Name><ObjectId>1</ObjectId></Project>
  <Project>
    <ActivityDefaultCalendarObjectId>10</ActivityDefaultCalendarObjectId><Id>P2</Id><Name>Второй</Name><ObjectId>2</ObjectId>
    <PlannedStartDate>2024-01-02T08:00:00</PlannedStartDate>${o.p2 ?? ''}
    <CriticalActivityFloatThreshold>8</CriticalActivityFloatThreshold><CriticalActivityFloatThreshold>16</CriticalActivityFloatThreshold>
    <ScheduleOptions><RelationshipLagCalendar>24 Hour Calendar</RelationshipLagCalendar><Nested><X>1</X></Nested></ScheduleOptions>
    <UDFType><ObjectId>900</ObjectId><Title>Note</Title></UDFType>
    <WBS><Code>W1</Code><Name>Каркас</Name><ObjectId>20</ObjectId><ProjectObjectId>2</ProjectObjectId></WBS>
    <WBS><Code>W2</Code><Name>Колонны</Name><ObjectId>21</ObjectId><ParentObjectId>20</ParentObjectId></WBS>
    ${o.a1 ?? ACTIVITY_A1}
    <Activity><Id>A2</Id><Name>Готово</Name><ObjectId>101</ObjectId><Type>Finish Milestone</Type><CalendarObjectId>10</CalendarObjectId></Activity>
    <Activity><Id>A3</Id><Name>Сдача</Name><ObjectId>103</ObjectId><Type>Finish Milestone</Type></Activity>
    <Activity><Id>X1</Id><Name>Of project 3</Name><ObjectId>102</ObjectId><ProjectObjectId>3</ProjectObjectId><PlannedDuration>oops</PlannedDuration></Activity>
    <Relationship><ObjectId>300</ObjectId><PredecessorActivityObjectId>100</PredecessorActivityObjectId><SuccessorActivityObjectId>101</SuccessorActivityObjectId><Type>Start to Start</Type><Lag>2.5</Lag></Relationship>
    <Relationship><ObjectId>301</ObjectId><PredecessorActivityObjectId>102</PredecessorActivityObjectId><SuccessorActivityObjectId>101</SuccessorActivityObjectId></Relationship>
    <ResourceAssignment><ObjectId>400</ObjectId><ActivityObjectId>100</ActivityObjectId><ResourceObjectId>501</ResourceObjectId><PlannedUnits>16</PlannedUnits></ResourceAssignment>
  </Project>
  <Project><Id>P3</Id><Name>Third</Name><ObjectId>3</ObjectId><PlannedStartDate>2024-03-01T08:00:00</PlannedStartDate>
    ${o.p3Activity ?? ''}<Activity><Id>C1</Id><Name>Third's</Name><ObjectId>200</ObjectId><PlannedDuration>8</PlannedDuration></Activity>
  </Project>
  <Relationship><ObjectId>310</ObjectId><PredecessorActivityObjectId>101</PredecessorActivityObjectId><SuccessorActivityObjectId>103</SuccessorActivityObjectId><Type>Finish to Finish</Type></Relationship>
</APIBusinessObjects>
`;

describe('PMXML reader', () => {
  it('reads the first project with activities: settings, options, WBS, UDFs, codes, shared records', async () => {
    const p = await readPmxml(file());
    expect(p.code).toBe('P2');
    expect(p.options.lagCalendar).toBe('24h');
    expect(p.options.critical).toEqual({ kind: 'total_float', thresholdMinutes: 480 });
    expect(p.options.raw.Nested).toBe('');
    expect(p.wbs).toEqual([
      { id: 'wbs:20', parentId: null, code: 'W1', name: 'Каркас' },
      { id: 'wbs:21', parentId: 'wbs:20', code: 'W2', name: 'Колонны' },
    ]);
    expect(p.activities.map((a) => a.code)).toEqual(['A1', 'A2', 'A3']);
    const a1 = p.activities[0]!;
    expect(a1).toMatchObject({
      id: '100',
      name: 'Монтаж колонн',
      wbsId: 'wbs:21',
      durationMinutes: 960,
      remainingMinutes: 480,
      percentComplete: 50,
      status: 'in_progress',
      actualStart: '2024-01-02T08:00',
      constraint: { type: 'start_on_or_after', date: '2024-01-02T08:00' },
      udfs: { '900': 'hello', '901': '2.5' },
      codes: { '700': '7001' },
    });
    expect(p.relations).toEqual([
      { id: '300', predecessorId: '100', successorId: '101', type: 'ss', lagMinutes: 150 },
      { id: '310', predecessorId: '101', successorId: '103', type: 'ff', lagMinutes: 0 },
    ]);
    expect(p.warnings).toContain('relationship 301 to another project dropped');
    expect(p.resources).toEqual([
      { id: '501', code: 'CR', name: 'Кран', type: 'nonlabor', calendarId: null },
    ]);
    expect(p.assignments).toMatchObject([
      { id: '400', activityId: '100', resourceId: '501', plannedUnits: 16 },
    ]);
  });

  it('reads the project asked for, with the shared records that concern it', async () => {
    const p3 = await readPmxml(file(), { projectId: 'P3' });
    expect(p3.code).toBe('P3');
    // X1 says it is project 3's but sits in P2: not read (nor its bad duration); 310 links P2's activities
    expect(p3.activities.map((a) => a.code)).toEqual(['C1']);
    expect(p3.relations).toEqual([]);
    expect(p3.resources.map((r) => r.code)).toEqual(['CR']);
    expect(p3.options.lagCalendar).not.toBe('24h');
    expect((await readPmxml(file(), { projectId: '2' })).code).toBe('P2');
  });

  it("an activity's bad value is a problem only when the activity is read, with its line and field", async () => {
    const bad = ACTIVITY_A1.replace(
      '<ActualStartDate>2024-01-02T08:00:00',
      '<ActualStartDate>2024-13-02T08:00:00',
    );
    const p = await readPmxml(file({ a1: bad }));
    expect(p.problems).toContainEqual(
      expect.objectContaining({
        code: 'invalid_date',
        action: 'ignored',
        table: 'Activity',
        record: 'A1',
        field: 'ActualStartDate',
        value: '2024-13-02T08:00:00',
        line:
          file({ a1: bad })
            .split('\n')
            .findIndex((l) => l.includes('<Id>A1</Id>')) + 1,
      }),
    );
    // another project's bad activity is not read, nor reported
    const other = `<Activity><Id>B1</Id><ObjectId>201</ObjectId><Type>Nope</Type></Activity>`;
    const read = await readPmxml(file({ p3Activity: other }));
    expect(read.activities).toHaveLength(3);
    expect(read.problems.filter((x) => x.record === 'B1')).toEqual([]);
    // the project's settings come first, then duplicates, then the activity's own values
    const settingsFirst = await readPmxml(file({ a1: bad, p2: '<DataDate>someday</DataDate>' }));
    expect(settingsFirst.problems[0]).toMatchObject({
      code: 'invalid_date',
      field: 'DataDate',
      value: 'someday',
    });
    const twice = await readPmxml(file({ a1: `${bad}\n${bad}`.replace('2024-13', '2024-01') }));
    expect(twice.problems).toContainEqual(
      expect.objectContaining({ code: 'duplicate_id', field: 'ObjectId' }),
    );
    expect(twice.activities.filter((a) => a.code === 'A1')).toHaveLength(1);
  });
});
