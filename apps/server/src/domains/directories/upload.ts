/**
 * Upload of directory values from a spreadsheet (xlsx) or CSV file: the user names the value column (and
 * optionally a code column) and how many rows to skip above the header; the preview shows the first rows
 * with what happens to each; the import adds every new value in one transaction or nothing. Empty rows,
 * rows without a value and values (or codes) the directory already has or the file repeats are skipped
 * with the reason; a value that cannot be stored (too long, prohibited characters) fails the whole import
 * naming its row and column.
 */
import {
  INTERCHANGE_LIMITS,
  id,
  optionalText,
  SCHEDULE_LIMITS,
  uploadedFile,
  VALIDATION,
  workName,
} from '@takt/contracts';
import { cellText, columnIndex, columnLetter, InterchangeError, readSheetRows } from '@takt/interchange';
import type pg from 'pg';
import { z } from 'zod';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { invalidFile } from '../interchange';

export const DIRECTORY_UPLOAD_LIMITS = {
  /** Values one upload may add. */
  maxValues: 10_000,
  /** Rows the preview shows by default. */
  previewRows: 20,
  /** Skipped rows the report lists (the count is always complete). */
  reportMaxSkips: 200,
  /** Code of a directory value (the column's width). */
  codeMaxLength: 32,
} as const;

/** A multipart text field arrives JSON-parsed: a column given as `2` becomes a number. */
const columnRef = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().trim().min(1, { message: VALIDATION.required }).max(64, { message: VALIDATION.maxLength }),
);

export const directoryUploadInput = z.object({
  spaceId: id,
  directoryId: id,
  file: uploadedFile,
  /** The value column: a letter (`B`), a 1-based number, or the header text. */
  nameColumn: columnRef,
  /** The code column, if the file has codes. */
  codeColumn: z.preprocess((v) => (v === '' ? null : v), columnRef.nullable().optional()),
  rowsToSkip: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(0, { message: VALIDATION.outOfRange })
    .max(INTERCHANGE_LIMITS.rowsToSkipMax, { message: VALIDATION.outOfRange })
    .default(0),
  /** The first row after the skipped ones holds column names (default yes). */
  header: z.boolean().default(true),
  /** xlsx: the worksheet (default the first). */
  sheet: z.string().max(64).nullable().optional(),
  /** The directory's revision the user saw: another edit since then is a conflict. */
  revision: z.number().int().optional(),
});
export const directoryUploadPreviewInput = directoryUploadInput.extend({
  limit: z.number().int().min(1).max(200).optional(),
});
export type DirectoryUploadInput = z.infer<typeof directoryUploadInput>;

/** An i18n id with its values (catalog area-interchange, keys `directories.upload.*`). */
export interface UploadText {
  id: string;
  values: Record<string, string | number>;
}

export interface UploadColumn {
  index: number;
  letter: string;
  header: string;
  role?: 'name' | 'code';
}

export interface UploadRow {
  row: number;
  /** Cells as shown, from column A. */
  cells: string[];
  name: string;
  code: string;
  problems: UploadText[];
  /** Why the import leaves the row out. */
  skip?: UploadText;
}

interface FileRows {
  format: 'csv' | 'xlsx';
  columns: UploadColumn[];
  rows: { row: number; cells: string[] }[];
  ruleProblems: UploadText[];
  nameIndex: number;
  codeIndex: number | null;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const text = (id: string, values: Record<string, string | number> = {}): UploadText => ({
  id: `directories.upload.${id}`,
  values,
});

function resolveColumn(ref: string, header: string[] | null): number {
  const r = ref.trim();
  if (/^\d+$/.test(r)) return Number(r) - 1;
  const byHeader = header ? header.findIndex((h) => norm(h) === norm(r)) : -1;
  if (byHeader >= 0) return byHeader;
  return /^[A-Za-z]{1,3}$/.test(r) ? columnIndex(r) : -1;
}

/** The file's rows as text, and the chosen columns resolved. A file that cannot be read is a translated error. */
async function readFileRows(input: DirectoryUploadInput): Promise<FileRows> {
  const data = input.file.data;
  if (data.byteLength > INTERCHANGE_LIMITS.uploadMaxBytes) throw new AppError('FileTooLarge');
  const zip = data[0] === 0x50 && data[1] === 0x4b;
  const name = input.file.name.toLowerCase();
  if (!zip && !/\.(csv|txt)$/.test(name)) throw new AppError('UnsupportedFileType');
  if (zip && !name.endsWith('.xlsx')) throw new AppError('UnsupportedFileType');
  const format = zip ? 'xlsx' : 'csv';
  const rows: { row: number; cells: string[] }[] = [];
  let header: string[] | null = null;
  let seenHeader = false;
  try {
    for await (const r of readSheetRows(data, { format, sheet: input.sheet ?? null })) {
      if (r.row <= input.rowsToSkip) continue;
      const cells = r.cells.map((c) => cellText(c).trim());
      if (input.header && !seenHeader) {
        seenHeader = true;
        header = cells;
        continue;
      }
      rows.push({ row: r.row, cells });
    }
  } catch (error) {
    if (error instanceof InterchangeError) {
      const split = error.message.indexOf(': ');
      throw invalidFile({
        code: error.code,
        message: error.message,
        reason: split >= 0 ? error.message.slice(split + 2) : error.message,
        ...(error.line !== undefined ? { line: error.line } : {}),
        ...(error.element ? { element: error.element } : {}),
        ...(error.field ? { field: error.field } : {}),
      });
    }
    throw error;
  }
  const ruleProblems: UploadText[] = [];
  if (input.header && !seenHeader) ruleProblems.push(text('no_header', { count: input.rowsToSkip }));
  const nameIndex = resolveColumn(input.nameColumn, header);
  if (nameIndex < 0 || nameIndex > 16383)
    ruleProblems.push(text('unknown_column', { column: input.nameColumn }));
  let codeIndex: number | null = null;
  if (input.codeColumn) {
    codeIndex = resolveColumn(input.codeColumn, header);
    if (codeIndex < 0 || codeIndex > 16383)
      ruleProblems.push(text('unknown_column', { column: input.codeColumn }));
    else if (codeIndex === nameIndex) ruleProblems.push(text('same_column', { column: input.codeColumn }));
  }
  const width = Math.max(
    header?.length ?? 0,
    nameIndex + 1,
    (codeIndex ?? -1) + 1,
    ...rows.slice(0, 200).map((r) => r.cells.length),
  );
  const columns: UploadColumn[] = Array.from({ length: Math.min(width, 16384) }, (_, index) => ({
    index,
    letter: columnLetter(index),
    header: header?.[index] ?? '',
    ...(index === nameIndex
      ? { role: 'name' as const }
      : index === codeIndex
        ? { role: 'code' as const }
        : {}),
  }));
  return { format, columns, rows, ruleProblems, nameIndex, codeIndex };
}

interface Existing {
  names: Set<string>;
  codes: Set<string>;
}

/** What happens to each row, given the values the directory already has. */
function classify(file: FileRows, existing: Existing): UploadRow[] {
  const names = new Map<string, number>();
  const codes = new Map<string, number>();
  const nameColumn = columnLetter(file.nameIndex);
  const codeColumn = file.codeIndex === null ? '' : columnLetter(file.codeIndex);
  return file.rows.map(({ row, cells }) => {
    const name = cells[file.nameIndex] ?? '';
    const code = file.codeIndex === null ? '' : (cells[file.codeIndex] ?? '');
    const result: UploadRow = { row, cells, name, code, problems: [] };
    if (cells.every((c) => c === '')) result.skip = text('skip.empty_row');
    else if (!name) result.skip = text('skip.no_value', { column: nameColumn });
    if (result.skip) return result;
    const checkName = workName.safeParse(name);
    if (!checkName.success)
      result.problems.push(
        checkName.error.issues[0]?.message === VALIDATION.prohibitedCharacters
          ? text('prohibited', { row, column: nameColumn })
          : text('too_long', {
              row,
              column: nameColumn,
              length: name.length,
              max: SCHEDULE_LIMITS.workNameMaxLength,
            }),
      );
    if (code) {
      const checkCode = optionalText.safeParse(code);
      if (code.length > DIRECTORY_UPLOAD_LIMITS.codeMaxLength)
        result.problems.push(
          text('too_long', {
            row,
            column: codeColumn,
            length: code.length,
            max: DIRECTORY_UPLOAD_LIMITS.codeMaxLength,
          }),
        );
      else if (!checkCode.success) result.problems.push(text('prohibited', { row, column: codeColumn }));
    }
    if (result.problems.length) return result;
    const nameKey = norm(name);
    const codeKey = code ? norm(code) : '';
    if (existing.names.has(nameKey)) result.skip = text('skip.exists', { value: name });
    else if (names.has(nameKey))
      result.skip = text('skip.repeats', { value: name, row: names.get(nameKey)! });
    else if (codeKey && existing.codes.has(codeKey)) result.skip = text('skip.code_exists', { value: code });
    else if (codeKey && codes.has(codeKey))
      result.skip = text('skip.code_repeats', { value: code, row: codes.get(codeKey)! });
    else {
      names.set(nameKey, row);
      if (codeKey) codes.set(codeKey, row);
    }
    return result;
  });
}

async function existingValues(db: pg.Pool | pg.PoolClient, directoryId: string): Promise<Existing> {
  const { rows } = await db.query<{ name: string; code: string | null }>(
    `SELECT name, code FROM directory_values WHERE "directoryId" = $1`,
    [directoryId],
  );
  return {
    names: new Set(rows.map((r) => norm(r.name))),
    codes: new Set(rows.flatMap((r) => (r.code ? [norm(r.code)] : []))),
  };
}

function summary(rows: UploadRow[]) {
  const toAdd = rows.filter((r) => !r.skip && r.problems.length === 0).length;
  return {
    totalRows: rows.length,
    toAdd,
    skipped: rows.filter((r) => r.skip).length,
    problemCount: rows.reduce((n, r) => n + r.problems.length, 0),
  };
}

/** Fails with the rule's or the rows' problems as a translated validation error (row and column named). */
function failWith(problems: UploadText[]): never {
  throw new AppError(
    'ValidationError',
    {},
    problems.slice(0, 20).map((p) => ({ path: 'file', message: p.id, params: p.values })),
  );
}

async function directoryOf(db: pg.Pool | pg.PoolClient, spaceId: string, directoryId: string, lock: boolean) {
  const { rows } = await db.query<{ id: string; name: string; revision: number }>(
    `SELECT id, name, revision FROM directories WHERE id = $1 AND "spaceId" = $2${lock ? ' FOR UPDATE' : ''}`,
    [directoryId, spaceId],
  );
  const directory = rows[0];
  if (!directory) throw new AppError('NotFound');
  return directory;
}

/** The file as the chosen columns read it: the first rows with what happens to each, and the totals. */
export async function previewDirectoryUpload(
  ctx: SpaceContext,
  input: DirectoryUploadInput & { limit?: number | undefined },
) {
  await directoryOf(ctx.db.pool, ctx.space.spaceId, input.directoryId, false);
  const file = await readFileRows(input);
  const rows = file.ruleProblems.length
    ? []
    : classify(file, await existingValues(ctx.db.pool, input.directoryId));
  const limit = input.limit ?? DIRECTORY_UPLOAD_LIMITS.previewRows;
  const shown: UploadRow[] = file.ruleProblems.length
    ? file.rows.slice(0, limit).map((r) => ({ ...r, name: '', code: '', problems: [] }))
    : rows.slice(0, limit);
  return {
    format: file.format,
    columns: file.columns,
    ruleProblems: file.ruleProblems,
    rows: shown,
    ...summary(rows),
    ...(file.ruleProblems.length ? { totalRows: file.rows.length } : {}),
  };
}

/** Adds the file's new values in one transaction, or nothing; the report tells what was read, added and skipped. */
export async function uploadDirectoryValues(ctx: SpaceContext, input: DirectoryUploadInput) {
  const spaceId = ctx.space.spaceId;
  const file = await readFileRows(input);
  if (file.ruleProblems.length) failWith(file.ruleProblems);
  return inTransaction(ctx.db.pool, async (client) => {
    const directory = await directoryOf(client, spaceId, input.directoryId, true);
    if (input.revision !== undefined && input.revision !== directory.revision) throw new AppError('Conflict');
    const rows = classify(file, await existingValues(client, input.directoryId));
    const problems = rows.flatMap((r) => r.problems);
    if (problems.length) failWith(problems);
    const adding = rows.filter((r) => !r.skip);
    if (adding.length > DIRECTORY_UPLOAD_LIMITS.maxValues)
      failWith([text('too_many', { count: adding.length, max: DIRECTORY_UPLOAD_LIMITS.maxValues })]);
    if (adding.length) {
      const { rows: last } = await client.query<{ top: number | null }>(
        `SELECT max("sortKey") AS top FROM directory_values WHERE "directoryId" = $1`,
        [input.directoryId],
      );
      const base = last[0]?.top ?? 0;
      await client.query(
        `INSERT INTO directory_values (id, "spaceId", "directoryId", code, name, "sortKey")
         SELECT gen_random_uuid(), $1, $2, NULLIF(v.code, ''), v.name, $3 + v.n * 1024
         FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS v(name, code, n)`,
        [spaceId, input.directoryId, base, adding.map((r) => r.name), adding.map((r) => r.code)],
      );
    }
    const skipped = rows.filter((r) => r.skip);
    return {
      directoryId: directory.id,
      rowsRead: rows.length,
      added: adding.length,
      skippedCount: skipped.length,
      skipped: skipped
        .slice(0, DIRECTORY_UPLOAD_LIMITS.reportMaxSkips)
        .map((r) => ({ row: r.row, id: r.skip!.id, values: r.skip!.values })),
    };
  });
}
