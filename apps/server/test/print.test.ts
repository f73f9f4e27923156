import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';
import { pdfPages } from './pdf-text';

const t = serverForFile();

type Preset = {
  id: string;
  name: string;
  sheetHeightMm: number;
  sheetWidthMm: number;
  marginMm: number;
  titles: Record<string, unknown> & { textSize: number; dynamicValues: boolean };
  revision: number;
};
type Settings = {
  presetId: string | null;
  scaling: { kind: string; start?: string; finish?: string };
  columns: string[];
  kinds: Record<string, boolean>;
  revision: number | null;
};

const A3 = { name: 'А3 альбом', sheetHeightMm: 297, sheetWidthMm: 420, marginMm: 10 };
const pageCount = (pdf: Uint8Array) =>
  (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;

/** Three sections of `perSection` works with plan dates (and an approved plan for the first section). */
async function fillSchedule(
  ok: <T>(method: string, path: string, body?: unknown) => Promise<T>,
  v: string,
  perSection: number,
) {
  for (let s = 1; s <= 3; s++) {
    const section = await ok<{ id: string }>('POST', `${v}/wbs`, { name: `Секция ${s}`, type: 'sum' });
    for (let i = 1; i <= perSection; i++) {
      const day = String(((s * 7 + i) % 27) + 1).padStart(2, '0');
      await ok('POST', `${v}/wbs`, {
        parentId: section.id,
        code: `${s}.${i}`,
        name: `Работа ${s}.${i}`,
        durationMinutes: 960,
        planStart: `2025-03-${day}T08:00`,
        planFinish: `2025-04-${day}T17:00`,
        ...(s === 1 ? { approvedStart: `2025-03-${day}T08:00`, approvedFinish: `2025-04-${day}T17:00` } : {}),
      });
    }
  }
}

describe('print presets', () => {
  it('refuses sheets below 210 × 297 mm and a negative margin with the spec texts, in English and Russian', async () => {
    const { token, spaceId } = await ownSpace(t, 'preset-limits', 'Печать');
    const bad = { name: 'Маленький', sheetHeightMm: 200, sheetWidthMm: 290, marginMm: -1 };
    for (const [lang, texts] of [
      [
        'en',
        [
          'Sheet height may not be below 210 mm',
          'Sheet width may not be below 297 mm',
          'Margin may not be below 0',
        ],
      ],
      [
        'ru',
        [
          'Высота листа не может быть меньше 210 мм',
          'Ширина листа не может быть меньше 297 мм',
          'Поле не может быть меньше 0',
        ],
      ],
    ] as const) {
      const reply = await t.api<Failure>('POST', `/space/${spaceId}/print-presets`, bad, { token, lang });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('error-type')).toBe('localized');
      expect(reply.body.error_code).toBe('ValidationError');
      expect(reply.body.issues?.map((i) => [i.path, i.message])).toEqual([
        ['sheetHeightMm', 'validation.sheet_height_min'],
        ['sheetWidthMm', 'validation.sheet_width_min'],
        ['marginMm', 'validation.margin_min'],
      ]);
      expect(reply.body.error_message).toEqual([
        `sheetHeightMm: ${texts[0]}`,
        `sheetWidthMm: ${texts[1]}`,
        `marginMm: ${texts[2]}`,
      ]);
    }
    // The limits themselves are allowed.
    const edge = await t.api<Preset>(
      'POST',
      `/space/${spaceId}/print-presets`,
      { name: 'A4', sheetHeightMm: 210, sheetWidthMm: 297, marginMm: 0 },
      { token },
    );
    expect(edge.status).toBe(200);
    expect(edge.body).toMatchObject({ sheetHeightMm: 210, sheetWidthMm: 297, marginMm: 0, revision: 1 });
    expect(edge.body.titles).toMatchObject({ textSize: 9, dynamicValues: true });
  });

  it('keeps names unique per user and space regardless of case, with the spec message', async () => {
    const owner = await ownSpace(t, 'preset-owner', 'Печать 2');
    const created = await owner.ok<Preset>('POST', '/print-presets', A3);
    for (const name of ['А3 альбом', '  а3 АЛЬБОМ ']) {
      const again = await t.api<Failure>(
        'POST',
        `/space/${owner.spaceId}/print-presets`,
        { ...A3, name },
        { token: owner.token, lang: 'en' },
      );
      expect(again.status).toBe(400);
      expect(again.body.issues).toEqual([{ path: 'name', message: 'validation.preset_name_taken' }]);
      expect(again.body.error_message).toEqual(['name: A format with this name already exists']);
    }
    const other = await owner.ok<Preset>('POST', '/print-presets', { ...A3, name: 'А2' });
    const rename = await t.api<Failure>(
      'PATCH',
      `/space/${owner.spaceId}/print-presets/${other.id}`,
      { name: 'а3 альбом', revision: other.revision },
      { token: owner.token, lang: 'ru' },
    );
    expect(rename.body.error_message).toEqual(['name: Формат с таким названием уже существует']);

    // The same name is free for another user of the space and for the same user in another space.
    const colleague = await spaceMember(t, owner, 'preset-colleague', 'planner');
    const theirs = await t.api<Preset>('POST', `/space/${owner.spaceId}/print-presets`, A3, {
      token: colleague.token,
    });
    expect(theirs.status).toBe(200);
    const mine = await owner.ok<Preset[]>('GET', '/print-presets');
    expect(mine.map((p) => p.id).sort()).toEqual([created.id, other.id].sort());
    // Another user's preset is not found, not even to delete.
    const foreign = await t.api<Failure>(
      'DELETE',
      `/space/${owner.spaceId}/print-presets/${theirs.body.id}`,
      undefined,
      { token: owner.token },
    );
    expect(foreign.status).toBe(404);
    const second = await t.api<{ id: string }>(
      'POST',
      '/space/create',
      { name: 'Второе' },
      { token: owner.token },
    );
    const elsewhere = await t.api<Preset>('POST', `/space/${second.body.id}/print-presets`, A3, {
      token: owner.token,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('updates titles with revisions, refuses a stale edit, deletes, and is reached under a version', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'preset-editor', 'Печать 3');
    const { v } = await scheduleWithVersion(ok);
    const preset = await ok<Preset>('POST', `${v}/print-presets`, {
      ...A3,
      titles: {
        firstHeader: { left: '{project} / {schedule}', right: '{date}' },
        footer: { right: '{page} / {pages}' },
        textSize: 10,
      },
    });
    expect(preset.titles).toMatchObject({
      firstHeader: { left: '{project} / {schedule}', center: '', right: '{date}' },
      header: { left: '', center: '', right: '' },
      footer: { right: '{page} / {pages}' },
      textSize: 10,
    });
    const updated = await ok<Preset>('PATCH', `/print-presets/${preset.id}`, {
      marginMm: 5,
      titles: { ...preset.titles, lastFooter: { left: 'Утверждаю' } },
      revision: preset.revision,
    });
    expect(updated).toMatchObject({ name: A3.name, marginMm: 5, revision: 2 });
    expect(updated.titles.lastFooter).toEqual({ left: 'Утверждаю', center: '', right: '' });
    const stale = await t.api<Failure>(
      'PATCH',
      `/space/${spaceId}/print-presets/${preset.id}`,
      { marginMm: 7, revision: preset.revision },
      { token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('Conflict');
    const badTitle = await t.api<Failure>(
      'PATCH',
      `/space/${spaceId}/print-presets/${preset.id}`,
      { titles: { header: { left: '<script>' } }, revision: 2 },
      { token },
    );
    expect(badTitle.body.issues?.[0]).toMatchObject({
      path: 'titles.header.left',
      message: 'validation.prohibited_characters',
    });
    expect((await ok<Preset[]>('GET', `${v}/print-presets`)).map((p) => p.id)).toEqual([preset.id]);
    await ok('DELETE', `${v}/print-presets/${preset.id}`);
    const gone = await t.api<Failure>('GET', `/space/${spaceId}/print-presets/${preset.id}`, undefined, {
      token,
    });
    expect(gone.status).toBe(404);
    // A version of another space does not reach the presets.
    const other = await ownSpace(t, 'preset-stranger', 'Чужое');
    const foreignVersion = (await scheduleWithVersion(other.ok)).versionId;
    const reply = await t.api<Failure>(
      'GET',
      `/space/${spaceId}/versions/${foreignVersion}/print-presets`,
      undefined,
      { token },
    );
    expect(reply.status).toBe(404);
  });
});

describe('print settings', () => {
  it('starts from defaults, is created once per user and schedule, and updates with revisions', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'settings-owner', 'Настройки');
    const { v, scheduleId } = await scheduleWithVersion(ok);
    const defaults = await ok<Settings>('GET', `${v}/print-settings`);
    expect(defaults).toEqual({
      presetId: null,
      scaling: { kind: 'fit' },
      columns: ['code', 'name', 'duration', 'start', 'finish'],
      kinds: { plan: true, approved_plan: false, fact: false },
      revision: null,
    });
    const preset = await ok<Preset>('POST', '/print-presets', A3);
    const created = await ok<Settings>('POST', `${v}/print-settings`, {
      presetId: preset.id,
      scaling: { kind: 'range', start: '2025-03-01', finish: '2025-05-31' },
      columns: ['name', 'start'],
      kinds: { plan: true, approved_plan: true, fact: false },
    });
    expect(created).toMatchObject({
      presetId: preset.id,
      scaling: { kind: 'range', start: '2025-03-01', finish: '2025-05-31' },
      revision: 1,
    });
    const twice = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${v}/print-settings`,
      {
        presetId: null,
        scaling: { kind: 'fit' },
        columns: [],
        kinds: { plan: true, approved_plan: false, fact: false },
      },
      { token },
    );
    expect(twice.body.error_code).toBe('Conflict');
    // Another version of the same schedule shares the settings.
    const second = await ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Версия 2',
    });
    const shared = await ok<Settings>('GET', `/versions/${second.id}/print-settings`);
    expect(shared.revision).toBe(1);
    const updated = await ok<Settings>('PATCH', `/versions/${second.id}/print-settings`, {
      scaling: { kind: 'fit' },
      revision: 1,
    });
    expect(updated).toMatchObject({ scaling: { kind: 'fit' }, columns: ['name', 'start'], revision: 2 });
    const stale = await t.api<Failure>(
      'PATCH',
      `/space/${spaceId}${v}/print-settings`,
      { columns: [], revision: 1 },
      {
        token,
      },
    );
    expect(stale.body.error_code).toBe('Conflict');
    const backwards = await t.api<Failure>(
      'PATCH',
      `/space/${spaceId}${v}/print-settings`,
      { scaling: { kind: 'range', start: '2025-05-01', finish: '2025-04-01' }, revision: 2 },
      { token },
    );
    expect(backwards.body.issues?.[0]).toMatchObject({
      path: 'scaling.finish',
      message: 'validation.out_of_range',
    });
    // Deleting the preset leaves the settings without one.
    await ok('DELETE', `/print-presets/${preset.id}`);
    expect((await ok<Settings>('GET', `${v}/print-settings`)).presetId).toBeNull();
  });
});

describe('printing', () => {
  it('counts pages before printing and writes a PDF with exactly that many pages, titles filled', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'print-job', 'Печать PDF');
    const { v } = await scheduleWithVersion(ok);
    await fillSchedule(ok, v, 30); // 93 rows
    const preset = await ok<Preset>('POST', '/print-presets', {
      name: 'A4',
      sheetHeightMm: 210,
      sheetWidthMm: 297,
      marginMm: 10,
      titles: {
        firstHeader: { left: 'Проект: {project}', right: '{schedule}, {version}' },
        header: { left: '{schedule}' },
        footer: { right: 'Лист {page} из {pages}' },
        lastFooter: { left: 'Утверждаю', right: 'Лист {page} из {pages}' },
      },
    });
    const job = { presetId: preset.id, columns: ['code', 'name', 'start', 'finish'] };
    const count = await ok<{ pages: number }>('POST', `${v}/print/count`, job);
    // (210 − 20 − 10 − 2 × 5.7) / 6 = 28 rows a page → 93 rows on 4 pages.
    expect(count.pages).toBe(4);
    const pdf = await t.api<Uint8Array>('POST', `/space/${spaceId}${v}/print`, job, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('.pdf');
    expect(Buffer.from(pdf.body.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pageCount(pdf.body)).toBe(count.pages);
    const pages = pdfPages(pdf.body);
    expect(pages[0]).toContain('Проект: П');
    expect(pages[0]).toContain('Г, Version 1');
    expect(pages[0]).toContain('Работа 1.1');
    expect(pages[1]).toContain('Name'); // the table header repeats
    expect(pages[1]).toContain('Лист 2 из 4');
    expect(pages[3]).toContain('Утверждаю');
    expect(pages[3]).toContain('Работа 3.30');

    // Preview: the first page of the same print; a range and other columns change the count the same way.
    const preview = <T = Uint8Array>(body: object) =>
      t.api<T>('POST', `/space/${spaceId}${v}/preview`, body, { token });
    const first = await preview(job);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(pageCount(first.body)).toBe(1);
    expect(pageCount((await preview({ ...job, pages: 2 })).body)).toBe(2);
    expect((await preview<Failure>({ ...job, pages: 9 })).status).toBe(400);
    const ranged = { ...job, scaling: { kind: 'range', start: '2025-03-10', finish: '2025-03-31' } };
    const rangedCount = await ok<{ pages: number }>('POST', `${v}/print/count`, ranged);
    const rangedPdf = await t.api<Uint8Array>('POST', `/space/${spaceId}${v}/print`, ranged, { token });
    expect(pageCount(rangedPdf.body)).toBe(rangedCount.pages);
    // The default A3 format holds more rows a page.
    const a3 = await ok<{ pages: number }>('POST', `${v}/print/count`, { presetId: null });
    expect(a3.pages).toBe(3);
  });

  it('counts again after an edit: the cached columns of a version follow its changes', async () => {
    const { ok } = await ownSpace(t, 'print-cache', 'Печать и правки');
    const { v } = await scheduleWithVersion(ok);
    await fillSchedule(ok, v, 13); // 42 rows: one A3 page
    const job = { presetId: null };
    expect((await ok<{ pages: number }>('POST', `${v}/print/count`, job)).pages).toBe(1);
    expect((await ok<{ pages: number }>('POST', `${v}/print/count`, job)).pages).toBe(1);
    const extra = await ok<{ id: string; revision: number }>('POST', `${v}/wbs`, { name: 'Ещё одна работа' });
    expect((await ok<{ pages: number }>('POST', `${v}/print/count`, job)).pages).toBe(2);
    await ok('POST', `${v}/wbs/delete`, { workIds: [extra.id] });
    expect((await ok<{ pages: number }>('POST', `${v}/print/count`, job)).pages).toBe(1);
  });

  it('prints with the saved settings when the call names none', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'print-saved', 'Печать сохранённая');
    const { v } = await scheduleWithVersion(ok);
    await fillSchedule(ok, v, 10);
    const preset = await ok<Preset>('POST', '/print-presets', {
      name: 'Литерал',
      sheetHeightMm: 297,
      sheetWidthMm: 420,
      marginMm: 10,
      titles: { header: { center: 'Дата: {date}' }, dynamicValues: false },
    });
    await ok('POST', `${v}/print-settings`, {
      presetId: preset.id,
      scaling: { kind: 'fit' },
      columns: ['code', 'name', 'approvedStart', 'status'],
      kinds: { plan: true, approved_plan: true, fact: true },
    });
    const pdf = await t.api<Uint8Array>('POST', `/space/${spaceId}${v}/print`, {}, { token, lang: 'en' });
    expect(pageCount(pdf.body)).toBe(1);
    const pages = pdfPages(pdf.body);
    expect(pages[0]).toContain('Дата: {date}');
    expect(pages[0]).toMatch(/Approved[\s\S]*start/); // the title wraps onto two lines
    expect(pages[0]).toContain('Not started');
    // A preset named in the call must be one of the caller's.
    const missing = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${v}/print/count`,
      { presetId: '00000000-0000-4000-8000-000000000000' },
      { token },
    );
    expect(missing.status).toBe(404);
  });

  it('needs the print ability and a version of the caller space', async () => {
    const owner = await ownSpace(t, 'print-boss', 'Права печати');
    const { v } = await scheduleWithVersion(owner.ok);
    const viewer = await spaceMember(t, owner, 'print-viewer', 'viewer');
    for (const [method, path] of [
      ['POST', `${v}/print`],
      ['POST', `${v}/print/count`],
      ['POST', `${v}/preview`],
      ['GET', `${v}/print-presets`],
      ['GET', `${v}/print-settings`],
    ] as const) {
      const reply = await t.api<Failure>(
        method,
        `/space/${owner.spaceId}${path}`,
        method === 'GET' ? undefined : {},
        { token: viewer.token },
      );
      expect(reply.status, path).toBe(403);
    }
    const stranger = await ownSpace(t, 'print-stranger', 'Своё');
    const cross = await t.api<Failure>(
      'POST',
      `/space/${stranger.spaceId}${v}/print/count`,
      {},
      {
        token: stranger.token,
      },
    );
    expect(cross.status).toBe(404);
  });
});
