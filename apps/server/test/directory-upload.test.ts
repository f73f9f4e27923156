import { writeGridXlsx } from '@takt/interchange';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Failure, spaceForFile, spaceMember, uploadForm } from './fixtures';

interface Preview {
  format: string;
  columns: { letter: string; header: string; role?: string }[];
  rows: { row: number; name: string; code: string; problems: { id: string }[]; skip?: { id: string } }[];
  ruleProblems: { id: string; values: Record<string, unknown> }[];
  totalRows: number;
  toAdd: number;
  skipped: number;
  problemCount: number;
}
interface Report {
  rowsRead: number;
  added: number;
  skippedCount: number;
  skipped: { row: number; id: string; values: Record<string, unknown> }[];
}

const { t, s } = spaceForFile('dir-uploader', 'Справочники');
let directoryId: string;

beforeAll(async () => {
  directoryId = (await s.ok<{ id: string }>('POST', '/directories', { name: 'Материалы' })).id;
  await s.ok('POST', `/directories/${directoryId}/values`, { name: 'Бетон', code: 'B1' });
});

const call = <T>(
  path: string,
  name: string,
  data: Uint8Array | string,
  fields: Record<string, unknown>,
  token = s.token,
) =>
  t.api<T & Failure>('POST', `/space/${s.spaceId}/directories/${directoryId}${path}`, undefined, {
    token,
    form: uploadForm(name, data, fields),
  });
const values = () =>
  t.sql<{ name: string; code: string | null }>(
    `SELECT name, code FROM directory_values WHERE "directoryId" = $1 ORDER BY "sortKey"`,
    [directoryId],
  );

const CSV = [
  'Справочник материалов;;',
  'Код;Наименование;Примечание',
  'A1;Арматура;',
  ';;',
  'A2;;без имени',
  'B9;бетон;уже есть',
  'A3;Кирпич;',
  'A4;Кирпич;повтор',
  'B1;Песок;код занят',
  'A5;Щебень;',
].join('\n');

describe('directory upload', () => {
  it('previews the rows with what happens to each, writing nothing', async () => {
    const reply = await call<Preview>('/upload/preview', 'materials.csv', CSV, {
      nameColumn: 'Наименование',
      codeColumn: 'A',
      rowsToSkip: 1,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const p = reply.body;
    expect(p.format).toBe('csv');
    expect(p.ruleProblems).toEqual([]);
    expect(p.columns.map((c) => [c.letter, c.header, c.role])).toEqual([
      ['A', 'Код', 'code'],
      ['B', 'Наименование', 'name'],
      ['C', 'Примечание', undefined],
    ]);
    expect(p).toMatchObject({ totalRows: 8, toAdd: 3, skipped: 5, problemCount: 0 });
    expect(p.rows.map((r) => [r.row, r.skip?.id ?? 'add'])).toEqual([
      [3, 'add'],
      [4, 'directories.upload.skip.empty_row'],
      [5, 'directories.upload.skip.no_value'],
      [6, 'directories.upload.skip.exists'],
      [7, 'add'],
      [8, 'directories.upload.skip.repeats'],
      [9, 'directories.upload.skip.code_exists'],
      [10, 'add'],
    ]);
    expect(await values()).toHaveLength(1);
  });

  it('a column the file does not have is a problem of the settings', async () => {
    const reply = await call<Preview>('/upload/preview', 'materials.csv', CSV, {
      nameColumn: 'Name',
      rowsToSkip: 1,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.ruleProblems).toEqual([
      { id: 'directories.upload.unknown_column', values: { column: 'Name' } },
    ]);
    const refused = await call('/upload', 'materials.csv', CSV, { nameColumn: 'Name', rowsToSkip: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('ValidationError');
    expect(await values()).toHaveLength(1);
  });

  it('imports the new values and reports the skipped rows with the reason', async () => {
    const reply = await call<Report>('/upload', 'materials.csv', CSV, {
      nameColumn: 'B',
      codeColumn: 'Код',
      rowsToSkip: 1,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ rowsRead: 8, added: 3, skippedCount: 5 });
    expect(reply.body.skipped).toContainEqual({
      row: 8,
      id: 'directories.upload.skip.repeats',
      values: { value: 'Кирпич', row: 7 },
    });
    expect(await values()).toEqual([
      { name: 'Бетон', code: 'B1' },
      { name: 'Арматура', code: 'A1' },
      { name: 'Кирпич', code: 'A3' },
      { name: 'Щебень', code: 'A5' },
    ]);
    // the same file again adds nothing: every value is there
    const again = await call<Report>('/upload', 'materials.csv', CSV, {
      nameColumn: 'B',
      codeColumn: 'A',
      rowsToSkip: 1,
    });
    expect(again.body).toMatchObject({ added: 0, skippedCount: 8 });
    expect(await values()).toHaveLength(4);
  });

  it('reads a workbook without a header by column number', async () => {
    const xlsx = await writeGridXlsx({
      columns: [{ id: 'n', header: 'Гравий', kind: 'text' }],
      rows: [
        { level: 0, values: { n: 'Цемент' } },
        { level: 0, values: { n: 'Гравий' } },
      ],
    });
    const reply = await call<Report>('/upload', 'list.xlsx', xlsx, { nameColumn: 1, header: false });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ rowsRead: 3, added: 2, skippedCount: 1 });
    expect((await values()).map((v) => v.name)).toEqual([
      'Бетон',
      'Арматура',
      'Кирпич',
      'Щебень',
      'Гравий',
      'Цемент',
    ]);
  });

  it('a bad file or a bad value fails with a translated error and writes nothing', async () => {
    const before = await values();
    const broken = await call('/upload', 'list.xlsx', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]), {
      nameColumn: 'A',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error_code).toBe('ValidationError');
    const wrongType = await call('/upload', 'list.pdf', 'Name\nX\n', { nameColumn: 'A' });
    expect(wrongType.status).toBe(415);
    const long = `Name\nNew one\n${'x'.repeat(300)}\n`;
    const tooLong = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/directories/${directoryId}/upload`,
      undefined,
      { token: s.token, form: uploadForm('a.csv', long, { nameColumn: 'Name' }), lang: 'ru' },
    );
    expect(tooLong.status).toBe(400);
    expect(String(tooLong.body.error_message)).toMatch(/Строка 3, столбец A: 300 символов/);
    expect(await values()).toEqual(before);
  });

  it('a stale directory revision is a conflict; a viewer may not upload', async () => {
    const stale = await call('/upload', 'a.csv', 'Name\nNew\n', { nameColumn: 'Name', revision: 99 });
    expect(stale.status).toBe(409);
    const viewer = await spaceMember(t, s, 'dir-upload-viewer', 'viewer');
    const denied = await call('/upload', 'a.csv', 'Name\nNew\n', { nameColumn: 'Name' }, viewer.token);
    expect(denied.status).toBe(403);
    const deniedPreview = await call(
      '/upload/preview',
      'a.csv',
      'Name\nNew\n',
      { nameColumn: 'Name' },
      viewer.token,
    );
    expect(deniedPreview.status).toBe(403);
    expect((await values()).map((v) => v.name)).not.toContain('New');
  });
});
