import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@takt/contracts';

export const PASSWORD = 'Str0ng-pass-word';

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

/** A screenshot of the viewport into e2e/screenshots/ (gitignored), for looking at every screen. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${screenshots}${name}.png` });
}

/**
 * A downloaded PDF kept in e2e/screenshots/ as `{name}.pdf`, its first pages rendered beside it as
 * `{name}-{n}.png` to look at (poppler, which the test command installs). Answers the PDF's bytes.
 */
export async function savePdf(download: Download, name: string, pages = 2): Promise<Buffer> {
  const file = `${screenshots}${name}.pdf`;
  await download.saveAs(file);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    String(pages),
    file,
    `${screenshots}${name}`,
  ]);
  return readFileSync(file);
}

let counter = 0;
/** A login no other test (or earlier run on the same database) uses. */
export function uniqueLogin(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export interface TestUser {
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

export function newUser(prefix = 'user'): TestUser {
  const login = uniqueLogin(prefix);
  return { login, password: PASSWORD, firstName: 'Anna', lastName: 'Petrova', email: `${login}@example.com` };
}

type Json = Record<string, unknown>;

async function expectOk(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Json> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  return (await response.json()) as Json;
}

/** Registers a user through the REST API and returns its token. */
export async function registerByApi(request: APIRequestContext, user: TestUser): Promise<string> {
  const body = await expectOk(
    await request.post('/api/v1/users/register-and-login', {
      headers: { 'X-Language': 'en' },
      data: {
        ...user,
        confirmPassword: user.password,
        secretQuestion: 'First pet',
        answer: 'Rex',
        privacyPolicyAccepted: true,
      },
    }),
  );
  return body.token as string;
}

export function api(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}`, 'X-Language': 'en' };
  return {
    get: async (path: string) => expectOk(await request.get(`/api/v1${path}`, { headers })),
    post: async (path: string, data?: unknown) =>
      expectOk(await request.post(`/api/v1${path}`, { headers, data })),
    put: async (path: string, data?: unknown) =>
      expectOk(await request.put(`/api/v1${path}`, { headers, data })),
    patch: async (path: string, data?: unknown) =>
      expectOk(await request.patch(`/api/v1${path}`, { headers, data })),
  };
}

export async function createSpaceByApi(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const space = await api(request, token).post('/space/create', { name });
  return space.id as string;
}

/** A new user (login `login…`) with a space of their own, by API: its token, the space and calls as that user. */
export async function ownSpaceByApi(request: APIRequestContext, login: string, spaceName: string) {
  const token = await registerByApi(request, newUser(login));
  const spaceId = await createSpaceByApi(request, token, spaceName);
  return { token, spaceId, call: api(request, token) };
}

/** A new user's space filled with the demo programme, by API: the demo schedule and its actual version. */
export async function demoSpaceByApi(request: APIRequestContext, login: string, spaceName: string) {
  const space = await ownSpaceByApi(request, login, spaceName);
  await space.call.post(`/space/${space.spaceId}/demo`);
  const nodes = (await space.call.get(`/space/${space.spaceId}/eps`)) as unknown as {
    id: string;
    kind: string;
    actualVersionId: string | null;
  }[];
  const schedule = nodes.find((n) => n.kind === 'schedule' && n.actualVersionId)!;
  return { ...space, scheduleId: schedule.id, versionId: schedule.actualVersionId! };
}

/**
 * A facility, a project in it and a schedule in that, by API, with the schedule's first (actual) version
 * and that version's API path (`v`).
 */
export async function scheduleByApi(
  call: ReturnType<typeof api>,
  spaceId: string,
  names: { facility: string; project: string; schedule: string },
) {
  const facility = await call.post(`/space/${spaceId}/eps`, { kind: 'facility', name: names.facility });
  const project = await call.post(`/space/${spaceId}/eps`, {
    kind: 'project',
    name: names.project,
    parentId: facility.id,
  });
  const schedule = await call.post(`/space/${spaceId}/eps`, {
    kind: 'schedule',
    name: names.schedule,
    parentId: project.id,
  });
  const versions = (await call.get(`/space/${spaceId}/schedules/${schedule.id}/versions`)) as unknown as {
    id: string;
  }[];
  const versionId = versions[0]!.id;
  return {
    projectId: project.id as string,
    scheduleId: schedule.id as string,
    versionId,
    v: `/space/${spaceId}/versions/${versionId}`,
  };
}

/** `ownSpaceByApi` with a schedule in the new space (`scheduleByApi`): what most tests start from. */
export async function ownScheduleByApi(
  request: APIRequestContext,
  login: string,
  spaceName: string,
  names: { facility: string; project: string; schedule: string },
) {
  const space = await ownSpaceByApi(request, login, spaceName);
  return { ...space, ...(await scheduleByApi(space.call, space.spaceId, names)) };
}

/** Changes a version's own fields by API (project start, data date…) at the revision it has now. */
export async function updateVersionByApi(
  call: ReturnType<typeof api>,
  v: string,
  fields: Record<string, unknown>,
) {
  const version = await call.get(v);
  return call.patch(v, { ...fields, revision: version.revision });
}

/** Opens the app already signed in (the token in local storage, as after a sign-in). */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('e2e-token-set')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e-token-set', '1');
      }
    },
    [STORAGE_KEYS.token, token] as const,
  );
  await page.goto(path);
}

/** Opens the structure signed in and selects a schedule there: its facility first, which unfolds it. */
export async function openScheduleNode(
  page: Page,
  token: string,
  spaceId: string,
  names: { facility: string; schedule: string },
): Promise<void> {
  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${names.facility}`).click();
  await page.getByTestId(`eps-node-${names.schedule}`).click();
}

/**
 * The sample XER as a file whose recorded dates a recalculation moves (its activity's early dates a week
 * after the data date), so an import of it stops for the keep-or-recalculate choice.
 */
export function sampleXerWithMovedDates(): { name: string; mimeType: string; buffer: Buffer } {
  const path = fileURLToPath(
    new URL('../../../shared/testdata/xer/PredecessorCalendar.xer', import.meta.url),
  );
  const text = readFileSync(path, 'utf8');
  const moved = text.replace(
    '\t\t2019-10-02 00:00\t2019-10-02 00:00\t',
    '\t\t2019-10-09 00:00\t2019-10-09 00:00\t',
  );
  if (moved === text) throw new Error('the sample XER changed: its TASK early dates were not found');
  return { name: 'PredecessorCalendar.xer', mimeType: 'text/plain', buffer: Buffer.from(moved, 'utf8') };
}
