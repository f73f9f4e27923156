import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

interface GalleryFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  kind: 'photo' | 'document';
  author: string | null;
}

const { t, s } = spaceForFile('gallery-owner', 'Галерея');
let projectId: string;
let scheduleId: string;

/** A 1200×800 JPEG of two colours: what a site photo is, small enough for a test. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
    .composite([
      {
        input: { create: { width: 600, height: 800, channels: 3, background: '#ddaa33' } },
        left: 600,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();

function form(name: string, data: Uint8Array, type: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
}

const upload = (nodeId: string, body: FormData, token = s.token) =>
  t.api<GalleryFile | Failure>('POST', `/space/${s.spaceId}/storage/eps/${nodeId}/gallery`, undefined, {
    token,
    form: body,
  });

beforeAll(async () => {
  ({ projectId, scheduleId } = await scheduleWithVersion(s.ok));
});

describe('the gallery of an EPS node', () => {
  let photoId: string;

  it('keeps a photo with a thumbnail made by the server, and a document without one', async () => {
    const reply = await upload(projectId, form('фасад.jpg', await photo(), 'image/jpeg'));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const file = reply.body as GalleryFile;
    expect(file).toMatchObject({ name: 'фасад.jpg', contentType: 'image/jpeg', kind: 'photo' });
    photoId = file.id;

    const thumb = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/storage/thumbnail/${photoId}`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(thumb.body)).metadata();
    expect(meta.format).toBe('webp');
    // fits in 320×320, the picture's proportions kept
    expect([meta.width, meta.height]).toEqual([320, 213]);

    const doc = await upload(projectId, form('акт.txt', new TextEncoder().encode('акт'), 'text/plain'));
    expect((doc.body as GalleryFile).kind).toBe('document');
    const noThumb = await t.api<Failure>(
      'GET',
      `/space/${s.spaceId}/storage/thumbnail/${(doc.body as GalleryFile).id}`,
      undefined,
      { token: s.token },
    );
    expect(noThumb.status).toBe(404);
  });

  it('does not believe a browser that calls a text a picture', async () => {
    const fake = await upload(
      projectId,
      form('fake.png', new TextEncoder().encode('not a png'), 'image/png'),
    );
    expect(fake.body).toMatchObject({ kind: 'document', contentType: 'application/octet-stream' });
  });

  it('lists the files in the node info tab and through REST, newest first, with their author', async () => {
    const list = await s.ok<GalleryFile[]>('GET', `/storage/eps/${projectId}/gallery`);
    expect(list.map((f) => f.name)).toEqual(['fake.png', 'акт.txt', 'фасад.jpg']);
    expect(list[2]!.author).toBeTruthy();
    const tab = await s.ok<{ data: GalleryFile[] }>('GET', `/eps/${projectId}/info/gallery`);
    expect(tab.data.map((f) => f.id)).toEqual(list.map((f) => f.id));
    // another node's gallery is its own
    expect(await s.ok<GalleryFile[]>('GET', `/storage/eps/${scheduleId}/gallery`)).toEqual([]);
  });

  it('lets a viewer see and a planner add; a viewer may not add or delete', async () => {
    const viewer = await spaceMember(t, s, 'gallery-viewer', 'viewer');
    expect((await viewer.call<GalleryFile[]>('GET', `/storage/eps/${projectId}/gallery`)).status).toBe(200);
    expect((await viewer.call('GET', `/storage/thumbnail/${photoId}`)).status).toBe(200);
    const refused = await upload(projectId, form('x.txt', new Uint8Array([1]), 'text/plain'), viewer.token);
    expect(refused.status).toBe(403);
    expect((await viewer.call('DELETE', `/storage/${photoId}`)).status).toBe(403);
    const planner = await spaceMember(t, s, 'gallery-planner', 'planner');
    const added = await upload(
      scheduleId,
      form('план.txt', new Uint8Array([1, 2]), 'text/plain'),
      planner.token,
    );
    expect(added.status).toBe(200);
  });

  it('answers 404 for a node or file of another space', async () => {
    const other = await spaceForOther();
    const reply = await t.api<Failure>(
      'GET',
      `/space/${other.spaceId}/storage/eps/${projectId}/gallery`,
      undefined,
      {
        token: other.token,
      },
    );
    expect(reply.status).toBe(404);
    const thumb = await t.api<Failure>(
      'GET',
      `/space/${other.spaceId}/storage/thumbnail/${photoId}`,
      undefined,
      {
        token: other.token,
      },
    );
    expect(thumb.status).toBe(404);
  });

  it('deleting a photo removes its thumbnail; deleting the node removes the rest', async () => {
    const [row] = await t.sql<{ key: string }>('SELECT key FROM stored_files WHERE id = $1', [photoId]);
    await s.ok('DELETE', `/storage/${photoId}`);
    expect(await t.server.services.files.get(row!.key)).toBeNull();
    expect(await t.server.services.files.get(`${row!.key}.thumbnail`)).toBeNull();
    const before = await t.sql<{ key: string }>(
      `SELECT key FROM stored_files WHERE "scheduleId" = $1 AND kind = 'gallery'`,
      [scheduleId],
    );
    expect(before).toHaveLength(1);
    await s.ok('DELETE', `/eps/${scheduleId}?confirm=true`);
    expect(await t.server.services.files.get(before[0]!.key)).toBeNull();
  });
});

describe('the planning tab', () => {
  it('tells per schedule its actual version, figures, and the validity and active flags', async () => {
    const {
      projectId: project,
      scheduleId: schedule,
      versionId: version,
      v,
    } = await scheduleWithVersion(s.ok);
    await s.ok('POST', `${v}/wbs`, { name: 'Фундамент', type: 'task', durationMinutes: 480 * 3 });
    type Row = { id: string; version: { id: string } | null; works: number; valid: 0 | 1; active: 0 | 1 };
    const tab = async () => (await s.ok<{ data: Row[] }>('GET', `/eps/${project}/info/planning`)).data;
    const [before] = await tab();
    expect(before).toMatchObject({ id: schedule, version: { id: version }, works: 1, valid: 0, active: 1 });
    await s.ok('POST', `/versions/${version}/calculate`, {});
    await s.ok('POST', `/versions/${version}/setLocked`, { locked: true });
    const [after] = await tab();
    expect(after).toMatchObject({ valid: 1, active: 0 });
  });
});

const spaceForOther = () => ownSpace(t, 'gallery-stranger', 'Чужое');
