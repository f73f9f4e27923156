/** The Takt archive round-trips without loss; damaged and newer archives fail clearly. */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { InterchangeError } from '../common/errors.js';
import { readProjectFile } from '../read.js';
import { sampleProject } from '../sample-project.js';
import { writeGridXlsx } from '../tabular/xlsx-write.js';
import { sample } from '../testdata.js';
import { isTaktArchive, readTaktArchive, type TaktArchive, writeTaktArchive } from './archive.js';

function archive(): TaktArchive {
  const project = sampleProject();
  project.activities[1]!.volume = 1250.5;
  project.activities[1]!.unit = 'т';
  project.activities[2]!.volume = 0;
  const bytes = new Uint8Array(70_000).map((_, k) => (k * 7919) % 256);
  return {
    project,
    attributes: [
      { id: 'at1', name: 'Секция', valueType: 'string' },
      { id: 'at2', name: 'Стоимость', valueType: 'money' },
      { id: 'at3', name: 'Проверено', valueType: 'boolean' },
      { id: 'at4', name: 'Бригада', valueType: 'through', directoryId: 'dir1' },
    ],
    values: [
      { workId: '2', attributeId: 'at1', value: 'Секция 3' },
      { workId: '2', attributeId: 'at2', value: 1_234_567.89 },
      { workId: '3', attributeId: 'at3', value: false },
      { workId: '3', attributeId: 'at4', value: null },
    ],
    files: [
      { name: 'Акт скрытых работ №5.pdf', bytes, workId: '2', mediaType: 'application/pdf' },
      { name: 'notes.txt', bytes: strToU8('line 1\r\nстрока 2\n'), workId: null },
      { name: '../../etc/passwd', bytes: new Uint8Array(0) },
    ],
    extra: {
      version: { name: 'Версия 3', locked: true },
      approved: [{ workId: '2', start: '2024-03-05T08:00' }],
    },
  };
}

describe('Takt archive', () => {
  it('round-trips without loss (deep equal), files byte for byte with their names', async () => {
    const original = archive();
    const bytes = await writeTaktArchive(original, { now: new Date('2024-03-11T10:00:00Z') });
    expect(isTaktArchive(bytes)).toBe(true);
    const back = await readTaktArchive(bytes);
    const { manifest, ...rest } = back;
    expect(rest).toEqual(archive());
    expect(manifest).toMatchObject({
      format: 'takt.archive',
      version: '1.0',
      counts: { works: 10, relations: 8, files: 3 },
    });
    const entries = Object.keys(unzipSync(bytes));
    expect(entries.slice(0, 8)).toEqual([
      'manifest.json',
      'project.json',
      'works.jsonl',
      'relations.jsonl',
      'assignments.jsonl',
      'attributes.json',
      'attribute-values.jsonl',
      'extra.json',
    ]);
    expect(entries.slice(8)).toEqual([
      'files/0001-Акт скрытых работ №5.pdf',
      'files/0002-notes.txt',
      'files/0003-etc_passwd',
    ]);
  });

  it('round-trips projects read from P6 and MS Project files', async () => {
    for (const f of [
      'xer/PredecessorCalendar.xer',
      'mspdi/task-links-project2019-mspdi.xml',
      'p6xml/PredecessorCalendar.xml',
    ]) {
      const project = await readProjectFile(sample(f));
      const back = await readTaktArchive(await writeTaktArchive({ project }));
      expect(back.project).toEqual(await readProjectFile(sample(f)));
    }
  });

  it('refuses a newer major version, and a zip that is not an archive, with clear messages', async () => {
    const parts = unzipSync(await writeTaktArchive(archive()));
    const manifest = JSON.parse(new TextDecoder().decode(parts['manifest.json']));
    const newer = zipSync({
      ...parts,
      'manifest.json': strToU8(JSON.stringify({ ...manifest, version: '2.0' })),
    });
    const e = (await readTaktArchive(newer).catch((x: unknown) => x)) as InterchangeError;
    expect(e).toBeInstanceOf(InterchangeError);
    expect(e.code).toBe('unsupported_format');
    expect(e.messageId).toBe('interchange.archive.newer_version');
    expect(e.message).toContain('The archive has format version 2.0; this Takt reads version 1.0');
    // a newer minor version with an extra part still reads
    const minor = zipSync({
      ...parts,
      'manifest.json': strToU8(JSON.stringify({ ...manifest, version: '1.7' })),
      'future.jsonl': strToU8('{}\n'),
    });
    expect((await readTaktArchive(minor)).project.activities).toHaveLength(10);
    const xlsx = await writeGridXlsx({ columns: [{ id: 'a', header: 'A', kind: 'text' }], rows: [] });
    expect(isTaktArchive(xlsx)).toBe(false);
    await expect(readTaktArchive(xlsx)).rejects.toThrow('This is not a Takt archive (no manifest.json)');
    await expect(readTaktArchive(strToU8('plain text'))).rejects.toThrow('not a Takt archive');
  });

  it('damage is found: a broken line, a missing part, a changed file, a truncated zip, counts that disagree', async () => {
    const parts = unzipSync(await writeTaktArchive(archive()));
    const works = new TextDecoder().decode(parts['works.jsonl']).split('\n');
    works[3] = works[3]!.slice(0, 20);
    await expect(
      readTaktArchive(zipSync({ ...parts, 'works.jsonl': strToU8(works.join('\n')) })),
    ).rejects.toMatchObject({
      code: 'syntax',
      element: 'works.jsonl',
      line: 4,
    });
    const { 'relations.jsonl': _, ...noRelations } = parts;
    await expect(readTaktArchive(zipSync(noRelations))).rejects.toThrow('The archive has no relations.jsonl');
    const changed = { ...parts, 'files/0002-notes.txt': strToU8('line 1\r\nстрока 3\n') };
    await expect(readTaktArchive(zipSync(changed))).rejects.toThrow(
      'files/0002-notes.txt is damaged: its size or checksum differs',
    );
    const full = await writeTaktArchive(archive());
    await expect(readTaktArchive(full.subarray(0, full.length - 2000))).rejects.toBeInstanceOf(
      InterchangeError,
    );
    const fewer = new TextDecoder()
      .decode(parts['works.jsonl'])
      .split('\n')
      .filter((_, k) => k !== 2)
      .join('\n');
    await expect(readTaktArchive(zipSync({ ...parts, 'works.jsonl': strToU8(fewer) }))).rejects.toThrow(
      'the manifest lists 10',
    );
  });

  it('refuses values JSON cannot keep instead of changing them', async () => {
    const a = archive();
    a.project.activities[0]!.durationMinutes = Number.NaN;
    await expect(writeTaktArchive(a)).rejects.toThrow('durationMinutes is NaN');
  });
});
