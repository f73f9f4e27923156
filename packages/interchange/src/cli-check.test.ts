/** The CLI's archive, workbook and check commands. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { writeJson } from './json/format.js';
import { sampleProject } from './sample-project.js';
import { readXlsxRows } from './tabular/xlsx-read.js';
import { sample } from './testdata.js';

async function run(args: string[]): Promise<{ code: number; out: string }> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => {
    text += c;
  });
  const code = await main(args, out);
  return { code, out: text };
}

describe('takt CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'takt-cli-'));

  it('converts to a Takt archive and back with the same schedule', async () => {
    const xer = sample('mspdi/task-links-project2019-mspdi.xml');
    const zip = join(dir, 'plan.zip');
    expect((await run(['convert', xer, zip])).code).toBe(0);
    const direct = await run(['schedule', xer, '--format', 'json']);
    const viaZip = await run(['schedule', zip, '--format', 'json']);
    expect(JSON.parse(viaZip.out)).toEqual(JSON.parse(direct.out));
  });

  it('writes the calculated schedule as an outlined workbook', async () => {
    const out = join(dir, 'plan.xlsx');
    const json = join(dir, 'sample.json');
    writeFileSync(json, writeJson(sampleProject()));
    expect((await run(['convert', json, out])).code).toBe(0);
    const rows = [];
    for await (const r of readXlsxRows(readFileSync(out))) rows.push(r);
    expect(rows[0]!.cells.slice(0, 3)).toEqual(['Code', 'Name', 'Early start']);
    expect(rows.slice(1, 4).map((r) => [r.cells[0], r.level])).toEqual([
      ['W1', 0],
      ['W1.1', 1],
      ['A2-a-very-long-activity-code-beyond-forty-characters-1', 2],
    ]);
    expect(rows[3]!.cells[2]).toEqual({ date: '2024-03-11T08:00' }); // in progress: early start is the data date
  });

  it('checks written files: conforming, and broken with the issues listed', async () => {
    const xer = join(dir, 'plan.xer');
    await run(['convert', sample('xer/PredecessorCalendar.xer'), xer]);
    expect(await run(['check', xer])).toEqual({ code: 0, out: expect.stringMatching(/^xer: conforms/) });
    writeFileSync(xer, readFileSync(xer, 'utf8').replace('%E\n', ''));
    const broken = await run(['check', xer]);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('the file must end with %E [structure]');
  });
});
