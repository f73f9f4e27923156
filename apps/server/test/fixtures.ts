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
