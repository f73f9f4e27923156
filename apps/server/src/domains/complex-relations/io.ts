/**
 * Export and import of a relation's rows as an Excel workbook (docs/product-rules.md, "Complex relations of
 * directories"): one column per directory, headed by its name, one line per row, the values by name. An
 * import reads the file as it streams, stops as soon as it holds more rows than a relation may, checks every
 * line and replaces the relation's rows in one transaction — or, with any problem, changes nothing and names
 * the problems (row, column, value).
 */
import { COMPLEX_RELATION_LIMITS } from '@takt/contracts';
import { cellText, columnLetter, InterchangeError, readSheetRows, writeGridXlsx } from '@takt/interchange';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { insertRows, lockRelation, relationRows, relationSummary, writeCells } from './store';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'relation';

async function valuesOf(ctx: SpaceContext, directoryIds: string[]) {
  const { rows } = await ctx.db.pool.query<{
    id: string;
    directoryId: string;
    name: string;
    code: string | null;
  }>(
    `SELECT id, "directoryId", name, code FROM directory_values WHERE "directoryId" = ANY($1::uuid[])
     ORDER BY "sortKey" DESC, name DESC`,
    [directoryIds],
  );
  return rows;
}

/** API directory-complex-relations export: the rows as an xlsx workbook. */
export async function exportRelationRows(ctx: SpaceContext, relationId: string): Promise<FileResult> {
  const relation = await relationSummary(ctx.db.pool, ctx.space.spaceId, relationId);
  const rows = await relationRows(ctx.db.pool, relationId);
  const nameOf = new Map(
    (
      await valuesOf(
        ctx,
        relation.directories.map((d) => d.directoryId),
      )
    ).map((v) => [v.id, v.name]),
  );
  const data = await writeGridXlsx({
    sheetName: relation.name,
    columns: relation.directories.map((d) => ({ id: d.directoryId, header: d.name, kind: 'text' as const })),
    rows: rows.map((r) => ({
      level: 0,
      values: Object.fromEntries(
        relation.directories.map((d) => [d.directoryId, nameOf.get(r.values[d.directoryId] ?? '') ?? null]),
      ),
    })),
  });
  return { file: true, contentType: XLSX_TYPE, data, fileName: `${safeName(relation.name)}.xlsx` };
}

interface Problem {
  message: string;
  params: Record<string, string | number>;
}

const problem = (id: string, params: Record<string, string | number> = {}): Problem => ({
  message: `complex_relations.import.${id}`,
  params,
});

function refuse(problems: Problem[]): never {
  throw new AppError(
    'ValidationError',
    {},
    problems.slice(0, COMPLEX_RELATION_LIMITS.importMaxProblems).map((p) => ({ path: 'file', ...p })),
  );
}

/** API directory-complex-relations import: the file's rows replace the relation's, all or nothing. */
export async function importRelationRows(
  ctx: SpaceContext,
  input: {
    complexRelationId: string;
    file: { name: string; data: Uint8Array };
    revision?: number | undefined;
  },
) {
  const spaceId = ctx.space.spaceId;
  const data = input.file.data;
  if (data.byteLength > COMPLEX_RELATION_LIMITS.importMaxBytes) throw new AppError('FileTooLarge');
  if (!(data[0] === 0x50 && data[1] === 0x4b) || !/\.xlsx$/i.test(input.file.name))
    throw new AppError('UnsupportedFileType');
  const relation = await relationSummary(ctx.db.pool, spaceId, input.complexRelationId);
  const levels = relation.directories;
  const driver = levels.find((d) => d.role === 'driver');
  const byText = new Map<string, Map<string, string>>();
  const values = await valuesOf(
    ctx,
    levels.map((d) => d.directoryId),
  );
  for (const v of values) {
    const texts = byText.get(v.directoryId) ?? new Map<string, string>();
    byText.set(v.directoryId, texts);
    if (v.code) texts.set(norm(v.code), v.id);
  }
  for (const v of values) byText.get(v.directoryId)!.set(norm(v.name), v.id);

  const problems: Problem[] = [];
  /** The directory of each column of the file, from its header. */
  let columns: (string | null)[] | null = null;
  const lines: { row: number; cells: { directoryId: string; valueId: string }[] }[] = [];
  const firstRowOf = new Map<string, number>();
  try {
    for await (const line of readSheetRows(data, { format: 'xlsx' })) {
      const cells = line.cells.map((c) => cellText(c).trim());
      if (cells.every((c) => c === '')) continue;
      if (!columns) {
        const byName = new Map(levels.map((d) => [norm(d.name), d.directoryId]));
        columns = cells.map((header, k) => {
          if (!header) return null;
          const directoryId = byName.get(norm(header));
          if (!directoryId) problems.push(problem('unknown_column', { column: columnLetter(k), header }));
          return directoryId ?? null;
        });
        if (driver && !columns.includes(driver.directoryId))
          problems.push(problem('no_driver_column', { directory: driver.name }));
        if (problems.length) refuse(problems);
        continue;
      }
      if (lines.length >= COMPLEX_RELATION_LIMITS.maxRows)
        refuse([problem('too_many_rows', { max: COMPLEX_RELATION_LIMITS.maxRows })]);
      const found: { directoryId: string; valueId: string }[] = [];
      cells.forEach((text, k) => {
        const directoryId = columns![k];
        if (!text || !directoryId) return;
        const valueId = byText.get(directoryId)?.get(norm(text));
        if (valueId) found.push({ directoryId, valueId });
        else
          problems.push(
            problem('unknown_value', {
              row: line.row,
              column: columnLetter(k),
              value: text,
              directory: levels.find((d) => d.directoryId === directoryId)!.name,
            }),
          );
      });
      const driverValue = found.find((c) => c.directoryId === driver?.directoryId)?.valueId;
      if (!driverValue) problems.push(problem('no_driver_value', { row: line.row }));
      else if (firstRowOf.has(driverValue))
        problems.push(problem('driver_repeats', { row: line.row, first: firstRowOf.get(driverValue)! }));
      else firstRowOf.set(driverValue, line.row);
      lines.push({ row: line.row, cells: found });
      if (problems.length >= COMPLEX_RELATION_LIMITS.importMaxProblems) refuse(problems);
    }
  } catch (error) {
    if (error instanceof InterchangeError) {
      const split = error.message.indexOf(': ');
      refuse([
        problem('unreadable', { reason: split >= 0 ? error.message.slice(split + 2) : error.message }),
      ]);
    }
    throw error;
  }
  if (!columns) refuse([problem('empty')]);
  if (problems.length) refuse(problems);
  return inTransaction(ctx.db.pool, async (client) => {
    const locked = await lockRelation(client, spaceId, relation.id, input.revision);
    if (JSON.stringify(locked.directories) !== JSON.stringify(relation.directories))
      throw new AppError('Conflict');
    await client.query(`DELETE FROM complex_relation_rows WHERE "relationId" = $1`, [relation.id]);
    const ids = lines.length ? await insertRows(client, spaceId, relation.id, lines.length) : [];
    await writeCells(
      client,
      spaceId,
      ids,
      lines.map((l) => l.cells),
    );
    return { rows: lines.length, relation: await relationSummary(client, spaceId, relation.id) };
  });
}
