import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';

const t = serverForFile();

describe('BIM licence seats (error catalogue)', () => {
  it('opens BIM to the first members up to the limit, refuses the others and a licence without BIM', async () => {
    const owner = await t.signUp('bim-seat-owner');
    const spaceId = (await t.api<{ id: string }>('POST', '/space/create', { name: 'BIM seats' }, owner)).body
      .id;
    const facility = await t.api<{ id: string }>(
      'POST',
      `/space/${spaceId}/eps`,
      { kind: 'facility', name: 'Site' },
      owner,
    );
    const project = await t.api<{ id: string }>(
      'POST',
      `/space/${spaceId}/eps`,
      { kind: 'project', name: 'Block A', parentId: facility.body.id },
      owner,
    );
    const models = `/space/${spaceId}/projects/${project.body.id}/3d/info`;
    // A free space: two BIM seats, the owner takes one on first use.
    expect((await t.api('GET', models, undefined, owner)).status).toBe(200);
    const licence = async () =>
      (
        await t.api<{ bimUserLimit: number | null; bimUsers: number }>(
          'GET',
          `/space/${spaceId}/licence`,
          undefined,
          owner,
        )
      ).body;
    expect(await licence()).toMatchObject({ bimUserLimit: 2, bimUsers: 1 });
    // Two other members of the space used BIM before the owner's next call: the owner still holds seat 1;
    // a third member's seat would be the third of two.
    const others = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    for (const [i, userId] of others.entries())
      await t.sql(
        `INSERT INTO licence_module_users ("spaceId", module, "userId", "firstUsedAt")
         VALUES ($1, 'bim', $2, now() + ($3 || ' seconds')::interval)`,
        [spaceId, userId, i + 1],
      );
    expect((await t.api('GET', models, undefined, owner)).status).toBe(200);
    await t.sql(
      `UPDATE licence_module_users SET "firstUsedAt" = now() + interval '1 hour' WHERE "userId" = $1`,
      [owner.user.id],
    );
    const refused = await t.api<{ error_code: string; error_message: string }>(
      'GET',
      models,
      undefined,
      owner,
    );
    expect(refused.status).toBe(402);
    expect(refused.body.error_code).toBe('BimLicense');
    expect(refused.body.error_message).toBe(
      'The BIM functionality is missing from the licence or its user limit is exceeded',
    );
    const russian = await t.api<{ error_message: string }>('GET', models, undefined, {
      ...owner,
      lang: 'ru',
    });
    expect(russian.body.error_message).toBe(
      'Функциональность BIM отсутствует в лицензии или превышен лимит её пользователей',
    );
    // A licence without BIM refuses everyone; one without a limit lets every member in.
    await t.sql(`UPDATE licences SET "bimUserLimit" = 0 WHERE "spaceId" = $1`, [spaceId]);
    await t.sql(`DELETE FROM licence_module_users WHERE "spaceId" = $1`, [spaceId]);
    expect((await t.api<{ error_code: string }>('GET', models, undefined, owner)).body.error_code).toBe(
      'BimLicense',
    );
    await t.sql(`UPDATE licences SET "bimUserLimit" = NULL WHERE "spaceId" = $1`, [spaceId]);
    expect((await t.api('GET', models, undefined, owner)).status).toBe(200);
    expect(await licence()).toMatchObject({ bimUserLimit: null });
  });
});
