import type { ErrorCode } from '@takt/contracts';
import { emptyProject, type IxProject, STANDARD_WEEK, writeXer } from '@takt/interchange';
import { afterAll, beforeAll } from 'vitest';
import { type CallOptions, startTestServer, type TestServer } from './harness';

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

export type Space = Awaited<ReturnType<typeof ownSpace>>;

/** A stored file of the space downloaded by its owner (API storage/download/{id}): the reply, bytes as its body. */
export function downloadStored(t: TestServer, s: Space, fileId: string) {
  return t.api<Uint8Array>('GET', `/space/${s.spaceId}/storage/download/${fileId}`, undefined, {
    token: s.token,
  });
}

/** What a tRPC call answers: the HTTP status and its result or its error. */
interface TrpcReply<T> {
  status: number;
  result?: T;
  error?: { data?: { error_code?: ErrorCode; issues?: { path: string; message: string }[] } };
}

/** A tRPC mutation as the web app sends it, in English (for procedures that have no REST route). */
export async function trpcMutation<T>(
  t: TestServer,
  token: string,
  path: string,
  input: unknown,
): Promise<TrpcReply<T>> {
  const response = await fetch(`${t.url}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-language': 'en' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: T }; error?: TrpcReply<T>['error'] };
  return { status: response.status, result: body.result?.data, error: body.error };
}

/**
 * A new user `login` invited into the space with the built-in role `roleKey`: their token and user, and
 * `call` for the space's routes in their name.
 */
export async function spaceMember(t: TestServer, space: Space, login: string, roleKey: string) {
  const roles = await space.ok<{ id: string; key: string | null }[]>('GET', '/roles');
  const user = await t.signUp(login);
  await space.ok('POST', '/users/invite', { login, roleId: roles.find((r) => r.key === roleKey)!.id });
  const call = <T = Failure>(
    method: string,
    path: string,
    body?: unknown,
    lang: CallOptions['lang'] = 'en',
  ) => t.api<T>(method, `/space/${space.spaceId}${path}`, body, { token: user.token, lang });
  return { ...user, call };
}

/** Sets the space's editing period in days (0: no limit), at the revision its settings have now. */
export async function setEditingPeriod(ok: Space['ok'], days: number) {
  const settings = await ok<{ revision: number }>('GET', '/settings');
  await ok('PUT', '/settings', { editingPeriodDays: days, revision: settings.revision });
}

/** The error body every failed call answers (see `errorBody` in src/errors.ts). */
export interface Failure {
  error_code: string;
  error_message: string | string[];
  issues?: { path: string; message: string }[];
}

/**
 * One test server for the whole test file: started before its first test, stopped after its last. The
 * object is returned at once, for the tests to close over, and filled when the server is up (its
 * members are plain functions and fields, so a copy of them works like the server's own object).
 */
export function serverForFile(env: Record<string, string> = {}): TestServer {
  const t = {} as TestServer;
  beforeAll(async () => {
    Object.assign(t, await startTestServer(env));
  });
  afterAll(() => t.stop?.());
  return t;
}

/** `serverForFile` and one user's own space in it, made before the file's tests (filled like the server). */
export function spaceForFile(login: string, name: string): { t: TestServer; s: Space } {
  const t = serverForFile();
  const s = {} as Space;
  beforeAll(async () => {
    Object.assign(s, await ownSpace(t, login, name));
  });
  return { t, s };
}

/** facility → project → schedule in a space, and the path prefix of the schedule's first version. */
export async function scheduleWithVersion(ok: Space['ok']) {
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
  return {
    projectId: project.id,
    scheduleId: schedule.id,
    versionId: version!.id,
    v: `/versions/${version!.id}`,
  };
}

/**
 * A small P6 project starting at `start` (a Monday, 08:00): A1 done on its first day, then A2 (1 day) and
 * A3 (2 days) in a chain, the data date the second morning — for dates outside 2000–2050 (1995, 2150).
 */
export function datedXer(start: string, code: string): string {
  const day = start.slice(0, 10);
  const p: IxProject = emptyProject('xer', 'p6');
  p.code = code;
  p.name = code;
  p.start = start;
  p.dataDate = `${day.slice(0, 8)}${String(Number(day.slice(8)) + 1).padStart(2, '0')}T08:00`;
  p.defaultCalendarId = 'c1';
  p.calendars = [{ id: 'c1', name: 'Standard', week: STANDARD_WEEK, exceptions: [], hoursPerDay: 8 }];
  p.wbs.push({ id: 'wbs:0', parentId: null, code: 'W0', name: 'Block' });
  const activity = (n: number, durationMinutes: number) => ({
    id: String(n),
    code: `A${n}`,
    name: `Activity ${n}`,
    wbsId: 'wbs:0',
    parentId: null,
    type: 'task' as const,
    calendarId: 'c1',
    durationMinutes,
    recorded: {},
    codes: {},
    udfs: {},
  });
  p.activities.push(
    { ...activity(1, 480), actualStart: start, actualFinish: `${day}T17:00` },
    activity(2, 480),
    activity(3, 960),
  );
  for (const n of [2, 3])
    p.relations.push({
      id: `r${n}`,
      predecessorId: String(n - 1),
      successorId: String(n),
      type: 'fs',
      lagMinutes: 0,
    });
  return [...writeXer(p)].join('');
}

/**
 * A multipart body with one file and the given fields; a field that is not text goes as JSON, as the
 * web app sends it.
 */
export function uploadForm(
  name: string,
  data: Uint8Array | string,
  fields: Record<string, unknown> = {},
): FormData {
  const f = new FormData();
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  f.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  for (const [k, v] of Object.entries(fields)) f.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return f;
}

/**
 * Imports a file into a schedule within the request, recorded dates recalculated, and answers the id of
 * the version it made.
 */
export async function importedVersion(
  t: TestServer,
  s: Space,
  scheduleId: string,
  name: string,
  data: Uint8Array | string,
): Promise<string> {
  const reply = await t.api<{ version: { id: string } | null }>(
    'POST',
    `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload/synchronous`,
    undefined,
    { token: s.token, form: uploadForm(name, data, { recordedDates: 'recalculate' }) },
  );
  if (reply.status !== 200 || !reply.body.version)
    throw new Error(`import ${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.version.id;
}

/**
 * The import calls of one schedule: `upload` starts a background job, `uploadSync` imports within the
 * request, `waitFor` polls a job until `done` (by default: it has stopped running). `at` is read on each
 * call, since the server, the space and the schedule are made in `beforeAll`.
 */
export function importCalls<Job extends { state: string }, SyncReply>(
  at: () => { t: TestServer; s: Space; scheduleId: string },
) {
  const uploads = () => {
    const { s, scheduleId } = at();
    return `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload`;
  };
  const uploadSync = (
    name: string,
    data: Uint8Array | string,
    fields: Record<string, unknown> = {},
    lang: 'en' | 'ru' = 'en',
  ) => {
    const { t, s } = at();
    return t.api<SyncReply>('POST', `${uploads()}/synchronous`, undefined, {
      token: s.token,
      form: uploadForm(name, data, fields),
      lang,
    });
  };
  const upload = async (name: string, data: Uint8Array | string, fields: Record<string, unknown> = {}) => {
    const { t, s } = at();
    const reply = await t.api<Job>('POST', uploads(), undefined, {
      token: s.token,
      form: uploadForm(name, data, fields),
    });
    if (reply.status !== 200)
      throw new Error(`upload ${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const waitFor = async (jobId: string, done = (j: Job) => !['queued', 'running'].includes(j.state)) => {
    for (let i = 0; i < 600; i++) {
      const job = await at().s.ok<Job>('GET', `/batch-processing/jobs/${jobId}`);
      if (done(job)) return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${jobId} did not finish`);
  };
  return { upload, uploadSync, waitFor };
}
