/** Zip bombs made here (100 MB of zeros deflate to ~100 KB) are refused fast, with little memory. */
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readXlsxRows } from '../tabular/xlsx-read.js';
import {
  isTaktArchive,
  readTaktArchive,
  TAKT_ARCHIVE_FORMAT,
  TAKT_ARCHIVE_VERSION,
} from '../takt-archive/archive.js';
import { InterchangeError } from './errors.js';
import { extractEntries, unzipGuarded, ZIP_LIMITS } from './zip-guard.js';

const MB = 1024 * 1024;

/** A zip whose `bombName` entry is `size` bytes of zeros, deflated a megabyte at a time, after `before`. */
function zipWithBomb(before: Record<string, string>, bombName: string, size: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, text] of Object.entries(before)) {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  }
  const bomb = new ZipDeflate(bombName, { level: 9 });
  zip.add(bomb);
  const zeros = new Uint8Array(MB);
  for (let left = size; left > 0; left -= MB) bomb.push(zeros, left <= MB);
  zip.end();
  return new Uint8Array(Buffer.concat(parts));
}

const manifest = JSON.stringify({ format: TAKT_ARCHIVE_FORMAT, version: TAKT_ARCHIVE_VERSION, files: [] });

/**
 * Runs `read`, which must refuse; returns the error and the most the heap grew by meanwhile. No timing is
 * asserted (a loaded machine makes any time limit flaky): a refusal that inflated the bomb would show in memory.
 */
async function refused(read: () => Promise<unknown> | unknown) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  let peak = heapBefore;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.heapUsed + now.arrayBuffers);
  }, 5);
  let error: unknown = null;
  try {
    await read();
  } catch (e) {
    error = e;
  }
  const now = process.memoryUsage();
  peak = Math.max(peak, now.heapUsed + now.arrayBuffers);
  clearInterval(sampler);
  expect(error).toBeInstanceOf(InterchangeError);
  return { error: error as InterchangeError, grew: peak - heapBefore };
}

describe('zip limits', () => {
  const bomb = zipWithBomb({ 'manifest.json': manifest, 'project.json': '{}' }, 'works.jsonl', 100 * MB);

  it('makes a real bomb: 100 MB of zeros in a small zip', () => {
    expect(bomb.byteLength).toBeLessThan(MB / 2);
  });

  it('refuses a Takt archive whose works inflate 1,000 times without inflating it', async () => {
    const { error, grew } = await refused(() => readTaktArchive(bomb));
    expect(error.code).toBe('invalid_value');
    expect(error.messageId).toBe('interchange.archive.ratio');
    expect(error.message).toContain('works.jsonl');
    expect(grew).toBeLessThan(64 * MB);
  });

  it('refuses a bomb in the manifest itself, and does not take it for an archive', async () => {
    const manifestBomb = zipWithBomb({}, 'manifest.json', 100 * MB);
    const { error, grew } = await refused(() => readTaktArchive(manifestBomb));
    expect(error.messageId).toBe('interchange.archive.ratio');
    expect(grew).toBeLessThan(64 * MB);
    expect(isTaktArchive(manifestBomb)).toBe(false);
  });

  it('refuses an xlsx whose worksheet or shared strings are a bomb', async () => {
    const workbook =
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1" r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets></workbook>';
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>';
    const sheetBomb = zipWithBomb(
      { 'xl/workbook.xml': workbook, 'xl/_rels/workbook.xml.rels': rels },
      'xl/worksheets/sheet1.xml',
      100 * MB,
    );
    const rows = async () => {
      for await (const _row of readXlsxRows(sheetBomb));
    };
    const sheet = await refused(rows);
    expect(sheet.error.messageId).toBe('interchange.archive.ratio');
    expect(sheet.grew).toBeLessThan(64 * MB);
    const stringsBomb = zipWithBomb({ 'xl/workbook.xml': workbook }, 'xl/sharedStrings.xml', 100 * MB);
    const strings = await refused(async () => {
      for await (const _row of readXlsxRows(stringsBomb));
    });
    expect(strings.error.messageId).toBe('interchange.archive.ratio');
    expect(strings.grew).toBeLessThan(64 * MB);
  });

  it('refuses more entries than allowed, and more inflated bytes than allowed', () => {
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`part-${k}.txt`, strToU8('x')])),
    );
    const limits = { ...ZIP_LIMITS, maxEntries: 20 };
    expect(() => unzipGuarded(many, () => {}, limits)).toThrow(/more than 20 parts/);
    expect(() => unzipGuarded(many, () => {})).not.toThrow();

    const random = new Uint8Array(3 * MB).map((_, k) => (k * 2654435761) >>> 24);
    const big = zipSync({ 'a.bin': random, 'b.bin': random });
    const small = { ...ZIP_LIMITS, maxTotalBytes: 4 * MB };
    expect(() =>
      unzipGuarded(
        big,
        (entry) => {
          entry.ondata = () => {};
          entry.start();
        },
        small,
      ),
    ).toThrow(/more than 4 MB/);
  });

  it('still reads ordinary entries whole, within their own limit', () => {
    const zip = zipSync({ 'a.txt': strToU8('alpha'), 'b.txt': strToU8('b'.repeat(2 * MB)) });
    const found = extractEntries(zip, ['a.txt'], MB);
    expect(new TextDecoder().decode(found.get('a.txt'))).toBe('alpha');
    expect(() => extractEntries(zip, ['b.txt'], MB)).toThrow(/b\.txt unpacks to more than 1 MB/);
  });
});
