/**
 * The rows of a spreadsheet (xlsx) or CSV file with nothing mapped: for imports that are not schedules
 * (directory values…) and pick their own columns. The format is told from the bytes (a zip is xlsx).
 */
import type { Encoding } from '../common/input.js';
import { type CsvDelimiter, readCsvRows } from './csv-read.js';
import type { TabularFormat } from './import.js';
import type { SheetRow } from './sheet.js';
import { readXlsxRows } from './xlsx-read.js';

export interface SheetRowsOptions {
  format?: TabularFormat;
  /** xlsx: the worksheet (default: the first). */
  sheet?: string | null;
  /** CSV: the delimiter (default: detected) and encoding (default: detected). */
  delimiter?: CsvDelimiter | null;
  encoding?: Encoding;
  onDetected?(found: { delimiter: CsvDelimiter; encoding: Encoding }): void;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** `xlsx` for a zip container, otherwise `csv`. */
export function tabularFormatOf(bytes: Uint8Array): TabularFormat {
  return ZIP.every((b, k) => bytes[k] === b) ? 'xlsx' : 'csv';
}

/** Every row of the file from row 1 (1-based `row`); errors are `InterchangeError`s. */
export async function* readSheetRows(
  bytes: Uint8Array,
  options: SheetRowsOptions = {},
): AsyncGenerator<SheetRow> {
  const format = options.format ?? tabularFormatOf(bytes);
  if (format === 'xlsx') yield* readXlsxRows(bytes, options.sheet ?? null);
  else
    yield* readCsvRows(bytes, {
      delimiter: options.delimiter ?? null,
      encoding: options.encoding ?? 'auto',
      ...(options.onDetected ? { onDetected: options.onDetected } : {}),
    });
}
