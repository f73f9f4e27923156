import { emptyProject, type IxProject, STANDARD_WEEK, writeXer } from '@takt/interchange';
import type { TestServer } from './harness';

/** A user's own space, with `ok(method, path, body)` calling `/space/<id><path>` and failing loudly on non-200. */
export async function ownSpace(t: TestServer, login: string, name: string) {
  const { token } = await t.signUp(login);
  const spaceId = (await t.api<{ id: string }>('POST', '/space/create', { name }, { token })).body.id;
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await t.api<T>(method, `/space/${spaceId}${path}`, body, { token });
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  return { token, spaceId, ok };
}

/** facility → project → schedule in a space, and the path prefix of the schedule's first version. */
export async function scheduleWithVersion(ok: Awaited<ReturnType<typeof ownSpace>>['ok']) {
  const facility = await ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Ф' });
  const project = await ok<{ id: string }>('POST', '/eps', {
    kind: 'project',
    name: 'П',
    parentId: facility.id,
  });
  const schedule = await ok<{ id: string }>('POST', '/eps', {
    kind: 'schedule',
    name: 'Г',
    parentId: project.id,
  });
  const [version] = await ok<{ id: string }[]>('GET', `/schedules/${schedule.id}/versions`);
  return { scheduleId: schedule.id, versionId: version!.id, v: `/versions/${version!.id}` };
}

/**
 * A schedule of `count` activities in chains of 100 under 10 WBS nodes, as P6 writes it; `movedDates`
 * records early dates for the first activity that its calculation will not give (the import then asks
 * which to keep).
 */
export function generatedXer(count: number, movedDates = false): string {
  const p: IxProject = emptyProject('xer', 'p6');
  p.code = 'CRASH';
  p.name = 'Crash';
  p.start = '2024-01-08T08:00';
  p.defaultCalendarId = 'c1';
  p.calendars = [{ id: 'c1', name: 'Standard', week: STANDARD_WEEK, exceptions: [], hoursPerDay: 8 }];
  for (let w = 0; w < 10; w++)
    p.wbs.push({ id: `wbs:${w}`, parentId: null, code: `W${w}`, name: `Block ${w}` });
  for (let i = 0; i < count; i++) {
    p.activities.push({
      id: String(i + 1),
      code: `A${i + 1}`,
      name: `Activity ${i + 1}`,
      wbsId: `wbs:${i % 10}`,
      parentId: null,
      type: 'task',
      calendarId: 'c1',
      durationMinutes: 480,
      recorded: {},
      codes: {},
      udfs: {},
    });
    if (i % 100 !== 0)
      p.relations.push({
        id: `r${i}`,
        predecessorId: String(i),
        successorId: String(i + 1),
        type: 'fs',
        lagMinutes: 0,
      });
  }
  if (movedDates)
    p.activities[0]!.recorded = { earlyStart: '2024-03-04T08:00', earlyFinish: '2024-03-04T17:00' };
  return [...writeXer(p)].join('');
}
