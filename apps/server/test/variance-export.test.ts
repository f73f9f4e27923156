import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readXlsxRows } from '@takt/interchange';
import { describe, expect, it } from 'vitest';
import { scheduleWithVersion, spaceForFile } from './fixtures';

const { t, s } = spaceForFile('variance-export', 'Отклонения');

const COLUMNS = ['code', 'name', 'approvedDuration', 'startVariance', 'finishVariance', 'durationVariance'];

/** A version with one work two working days late (Thursday → Monday) and a day longer, one without a baseline. */
async function lateWork() {
  const { v } = await scheduleWithVersion(s.ok);
  await s.ok('POST', `${v}/wbs`, {
    code: 'F1',
    name: 'Фундамент',
    planStart: '2030-03-11T08:00',
    planFinish: '2030-03-15T17:00',
    approvedStart: '2030-03-07T08:00',
    approvedFinish: '2030-03-12T17:00',
  });
  await s.ok('POST', `${v}/wbs`, {
    code: 'W1',
    name: 'Стены',
    planStart: '2030-03-18T08:00',
    planFinish: '2030-03-22T17:00',
  });
  return v;
}

const exported = (v: string, format: 'csv' | 'excel') =>
  t.api<Uint8Array>(
    'POST',
    `/space/${s.spaceId}${v}/export/${format}`,
    { columns: COLUMNS },
    { token: s.token },
  );

describe('the approved-plan variance columns', () => {
  it('are written to the grid’s CSV and Excel exports in working days, empty without a baseline', async () => {
    const v = await lateWork();

    const csv = await exported(v, 'csv');
    expect(csv.status).toBe(200);
    const lines = new TextDecoder('utf-8', { ignoreBOM: false }).decode(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Outline level;Code;Name;Approved duration, d;Start variance, d;Finish variance, d;Duration variance, d',
    );
    expect(lines.find((l) => l.includes('F1'))).toMatch(/;F1;Фундамент;4,00;2,00;3,00;1,00$/);
    expect(lines.find((l) => l.includes('W1'))).toMatch(/;W1;Стены;;;;$/);

    const xlsx = await exported(v, 'excel');
    expect(xlsx.status).toBe(200);
    const rows: unknown[][] = [];
    for await (const row of readXlsxRows(xlsx.body)) rows.push(row.cells);
    expect(rows[0]).toEqual([
      'Code',
      'Name',
      'Approved duration, d',
      'Start variance, d',
      'Finish variance, d',
      'Duration variance, d',
    ]);
    expect(rows.find((r) => r[0] === 'F1')).toEqual(['F1', 'Фундамент', 4, 2, 3, 1]);
    expect(
      rows
        .find((r) => r[0] === 'W1')
        ?.slice(2)
        .every((c) => c === null || c === undefined),
    ).toBe(true);
  });

  it('are printed when chosen as columns, signed as the grid shows them', async () => {
    const v = await lateWork();
    const pdf = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}${v}/print`,
      { columns: ['code', 'name', 'startVariance', 'finishVariance', 'durationVariance'], language: 'en' },
      { token: s.token },
    );
    expect(pdf.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'takt-variance-')), 'print.pdf');
    writeFileSync(file, pdf.body);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // The headers (wrapped in their narrow columns) and the signed values under them.
    expect(text).toMatch(/Start\s+Finish\s+Duration/);
    expect(text).toContain('varianc');
    expect(text).toMatch(/F1\s+Фундамент\s+\+2\s+\+3\s+\+1/);
  });
});
