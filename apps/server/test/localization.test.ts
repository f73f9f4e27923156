import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

type Overrides = { lang: string; overrides: Record<string, string> };
type TextSet = { lang: string; texts: { id: string; text: string; override: string | null }[] };

describe('localization overrides', () => {
  it('lets an administrator reword a text per space and language, and reset it', async () => {
    const s = await ownSpace(t, 'loc-admin', 'Wording');
    const other = await ownSpace(t, 'loc-other', 'Standard');
    const viewer = await spaceMember(t, s, 'loc-viewer', 'viewer');

    const saved = await s.ok('PUT', '/localization/en/texts/screen.admin', { text: 'Control room' });
    expect(saved).toEqual({ lang: 'en', messageId: 'screen.admin', text: 'Control room' });
    await s.ok('PUT', '/localization/ru/texts/screen.admin', { text: 'Пульт' });
    // placeholders work in an override as in the catalogue
    await s.ok('PUT', '/localization/en/texts/admin.licence.usage', { text: '{used} / {limit} seats' });

    // every member reads them; another space has none
    expect((await viewer.call<Overrides>('GET', '/localization/en')).body).toEqual({
      lang: 'en',
      overrides: { 'admin.licence.usage': '{used} / {limit} seats', 'screen.admin': 'Control room' },
    });
    expect(await other.ok<Overrides>('GET', '/localization/en')).toEqual({ lang: 'en', overrides: {} });
    // the space named by the space_id cookie, as the API's own paths have it
    const byCookie = await t.api<Overrides>('GET', '/localization/ru', undefined, {
      token: s.token,
      headers: { cookie: `space_id=${s.spaceId}` },
    });
    expect(byCookie.body.overrides).toEqual({ 'screen.admin': 'Пульт' });

    const languages = await s.ok<{ languages: { lang: string; overrides: number; texts: number }[] }>(
      'GET',
      '/localization',
    );
    expect(languages.languages.map((l) => [l.lang, l.overrides])).toEqual([
      ['ru', 1],
      ['en', 2],
      ['fr', 0],
    ]);

    const set = await s.ok<TextSet>('GET', '/localization/set/en');
    expect(set.texts.find((x) => x.id === 'screen.admin')).toEqual({
      id: 'screen.admin',
      text: 'Administration',
      override: 'Control room',
    });
    expect(set.texts.length).toBe(languages.languages[1]!.texts);

    // each change is told on the space's live topic, in the transaction of the change
    const events = await t.sql<{ kind: string; data: { lang: string; messageId: string } }>(
      `SELECT kind, data FROM live_events WHERE "spaceId" = $1 AND topic = $2 ORDER BY id`,
      [s.spaceId, `space:${s.spaceId}`],
    );
    expect(events.map((e) => [e.kind, e.data.lang, e.data.messageId])).toEqual([
      ['localization.changed', 'en', 'screen.admin'],
      ['localization.changed', 'ru', 'screen.admin'],
      ['localization.changed', 'en', 'admin.licence.usage'],
    ]);

    await s.ok('DELETE', '/localization/en/texts/screen.admin');
    expect((await s.ok<Overrides>('GET', '/localization/en')).overrides).toEqual({
      'admin.licence.usage': '{used} / {limit} seats',
    });
    const again = await t.api<Failure>(
      'DELETE',
      `/space/${s.spaceId}/localization/en/texts/screen.admin`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(again.status).toBe(404);
  });

  it('refuses unknown ids, texts that are not messages, and members who do not manage the space', async () => {
    const s = await ownSpace(t, 'loc-strict', 'Strict');
    const put = (id: string, text: unknown) =>
      t.api<Failure>('PUT', `/space/${s.spaceId}/localization/en/texts/${id}`, { text }, { token: s.token });
    const unknown = await put('no.such.text', 'x');
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      { path: 'messageId', message: 'localization.validation.unknown_message' },
    ]);
    const broken = await put('screen.admin', 'Hello {name');
    expect(broken.status).toBe(400);
    expect(broken.body.issues).toEqual([{ path: 'text', message: 'localization.validation.invalid_text' }]);
    expect((await put('screen.admin', '   ')).status).toBe(400);
    expect((await put('screen.admin', 'x'.repeat(2_001))).status).toBe(400);
    const de = await t.api<Failure>('GET', `/space/${s.spaceId}/localization/de`, undefined, {
      token: s.token,
    });
    expect(de.status).toBe(400);

    const planner = await spaceMember(t, s, 'loc-planner', 'planner');
    expect((await planner.call('PUT', '/localization/en/texts/screen.admin', { text: 'Mine' })).status).toBe(
      403,
    );
    expect((await planner.call('GET', '/localization/set/en')).status).toBe(403);
    expect((await planner.call('GET', '/localization/en')).status).toBe(200);
  });
});
