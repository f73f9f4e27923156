import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of each page of a PDF, by poppler's pdftotext (the test command installs poppler-utils). */
export function pdfPages(pdf: Uint8Array): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'takt-pdf-')), 'file.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}
