/**
 * Report forms (docs/product-rules.md, "Reports"): Excel templates uploaded at an EPS node, kept in the files
 * storage under `spaces/<space>/reports/<form>`, linked to one or more nodes. A node offers the forms linked
 * to it or to any node above it.
 */
import { randomUUID } from 'node:crypto';
import {
  REPORT_LIMITS,
  type ReplaceReportTemplateInput,
  type UpdateReportFormInput,
  type UploadReportFormInput,
  VALIDATION,
} from '@takt/contracts';
import { loadReportTemplate, type ReportTemplate, ReportTemplateError } from '@takt/interchange';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An xlsx file is a zip archive: it starts with a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export interface ReportFormRow {
  id: string;
  spaceId: string;
  name: string;
  year: number | null;
  showSummaries: boolean;
  fileName: string;
  size: number;
  key: string;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

const formKey = (spaceId: string, formId: string) => `spaces/${spaceId}/reports/${formId}`;

/** The form of the caller's space; NotFound otherwise. */
export async function formRow(ctx: SpaceContext, formId: string): Promise<ReportFormRow> {
  const { rows } = await ctx.db.pool.query<ReportFormRow>(
    `SELECT * FROM report_forms WHERE id = $1 AND "spaceId" = $2`,
    [formId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/** The node of the caller's space; NotFound otherwise. */
async function nodeOf(ctx: SpaceContext, nodeId: string) {
  const { rows } = await ctx.db.pool.query<{ id: string; name: string; kind: string }>(
    `SELECT id, name, kind FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`,
    [nodeId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/** The node and every node above it, nearest first. */
const PATH_UP = `WITH RECURSIVE up(id, depth) AS (
    SELECT id, 0 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2
    UNION ALL SELECT n."parentId", up.depth + 1 FROM eps_nodes n JOIN up ON n.id = up.id
    WHERE n."parentId" IS NOT NULL)`;

type FormListRow = ReportFormRow & {
  nodes: { id: string; name: string; kind: string }[] | null;
  /** The nearest node of the path the form is linked to (listing by node only). */
  linkedAt?: string | null;
};

function toForm(row: FormListRow, nodeId?: string) {
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    showSummaries: row.showSummaries,
    fileName: row.fileName,
    size: row.size,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    nodes: row.nodes ?? [],
    /** Offered here through a link to a node above (not to this node itself). */
    inherited: nodeId ? row.linkedAt !== nodeId : false,
  };
}

const FORM_NODES = `(SELECT json_agg(json_build_object('id', n.id, 'name', n.name, 'kind', n.kind) ORDER BY n.name)
    FROM report_form_nodes l JOIN eps_nodes n ON n.id = l."nodeId" WHERE l."formId" = f.id) AS nodes`;

/**
 * API GET reports (of a node): the forms linked to the node or to a node above it, by name; without a node,
 * every form of the space (forms whose nodes were all removed included).
 */
export async function listForms(ctx: SpaceContext, input: { nodeId?: string | undefined }) {
  const spaceId = ctx.space.spaceId;
  if (!input.nodeId) {
    const { rows } = await ctx.db.pool.query<FormListRow>(
      `SELECT f.*, ${FORM_NODES} FROM report_forms f WHERE f."spaceId" = $1 ORDER BY lower(f.name), f.id`,
      [spaceId],
    );
    return rows.map((r) => toForm(r));
  }
  await nodeOf(ctx, input.nodeId);
  const { rows } = await ctx.db.pool.query<FormListRow>(
    `${PATH_UP}
     SELECT f.*, ${FORM_NODES},
       (SELECT l."nodeId" FROM report_form_nodes l JOIN up ON up.id = l."nodeId"
        WHERE l."formId" = f.id ORDER BY up.depth LIMIT 1) AS "linkedAt"
     FROM report_forms f
     WHERE f."spaceId" = $2
       AND EXISTS (SELECT 1 FROM report_form_nodes l JOIN up ON up.id = l."nodeId" WHERE l."formId" = f.id)
     ORDER BY lower(f.name), f.id`,
    [input.nodeId, spaceId],
  );
  return rows.map((r) => toForm(r, input.nodeId));
}

async function formDto(ctx: SpaceContext, formId: string) {
  const { rows } = await ctx.db.pool.query<FormListRow>(
    `SELECT f.*, ${FORM_NODES} FROM report_forms f WHERE f.id = $1 AND f."spaceId" = $2`,
    [formId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return toForm(rows[0]);
}

/**
 * A template as uploaded: an .xlsx file (by name and content) that exceljs reads, with a sheet, within the size
 * limit. UnsupportedFileType otherwise, FileTooLarge above the limit.
 */
async function checkedTemplate(file: { name: string; data: Uint8Array }): Promise<ReportTemplate> {
  if (file.data.byteLength > REPORT_LIMITS.templateMaxBytes)
    throw new AppError('FileTooLarge', { maxMb: REPORT_LIMITS.templateMaxBytes / (1024 * 1024) });
  if (!/\.xlsx$/i.test(file.name) || !ZIP_MAGIC.every((b, i) => file.data[i] === b))
    throw new AppError('UnsupportedFileType');
  try {
    return await loadReportTemplate(file.data);
  } catch (error) {
    if (error instanceof ReportTemplateError) throw new AppError('UnsupportedFileType');
    throw error;
  }
}

const baseName = (fileName: string) =>
  fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.xlsx$/i, '')
    .trim()
    .slice(0, REPORT_LIMITS.nameMaxLength) || 'Report';

/** API POST reports/upload (multipart): a new form at the node, linked to it. */
export async function uploadForm(ctx: SpaceContext, input: UploadReportFormInput) {
  const spaceId = ctx.space.spaceId;
  await nodeOf(ctx, input.nodeId);
  await checkedTemplate(input.file);
  const { rows } = await ctx.db.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM report_forms WHERE "spaceId" = $1`,
    [spaceId],
  );
  if ((rows[0]?.count ?? 0) >= REPORT_LIMITS.formsPerSpace)
    throw new AppError('ValidationError', {}, [{ path: 'file', message: VALIDATION.outOfRange }]);
  const id = randomUUID();
  const key = formKey(spaceId, id);
  await ctx.files.put(key, input.file.data);
  try {
    await inTransaction(ctx.db.pool, async (sql) => {
      await sql.query(
        `INSERT INTO report_forms (id, "spaceId", name, year, "showSummaries", "fileName", size, key, "createdById")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          spaceId,
          input.name ?? baseName(input.file.name),
          input.year ?? null,
          input.showSummaries ?? false,
          input.file.name.replace(/^.*[\\/]/, '').slice(0, 255),
          input.file.data.byteLength,
          key,
          ctx.session.userId,
        ],
      );
      await sql.query(`INSERT INTO report_form_nodes ("formId", "nodeId", "spaceId") VALUES ($1, $2, $3)`, [
        id,
        input.nodeId,
        spaceId,
      ]);
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
  return formDto(ctx, id);
}

/** API PATCH reports/{id}: the name, the report year, whether WBS nodes are shown. */
export async function updateForm(ctx: SpaceContext, input: UpdateReportFormInput) {
  await formRow(ctx, input.formId);
  await ctx.db.pool.query(
    `UPDATE report_forms SET name = coalesce($3, name),
       year = CASE WHEN $4::boolean THEN $5::int ELSE year END,
       "showSummaries" = coalesce($6, "showSummaries"),
       revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2`,
    [
      input.formId,
      ctx.space.spaceId,
      input.name ?? null,
      input.year !== undefined,
      input.year ?? null,
      input.showSummaries ?? null,
    ],
  );
  return formDto(ctx, input.formId);
}

/** API POST reports/{id}/template (multipart): a new template for the form, its name, options and links kept. */
export async function replaceTemplate(ctx: SpaceContext, input: ReplaceReportTemplateInput) {
  const form = await formRow(ctx, input.formId);
  await checkedTemplate(input.file);
  // the storage writes a new file and renames it into place: a report being run reads the old or the new one
  await ctx.files.put(form.key, input.file.data);
  await ctx.db.pool.query(
    `UPDATE report_forms SET "fileName" = $3, size = $4, revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2`,
    [
      form.id,
      ctx.space.spaceId,
      input.file.name.replace(/^.*[\\/]/, '').slice(0, 255),
      input.file.data.byteLength,
    ],
  );
  return formDto(ctx, form.id);
}

/** API POST reports/{id}/nodes/{node}: the form is offered at that node too (and below it). */
export async function linkForm(ctx: SpaceContext, input: { formId: string; nodeId: string }) {
  await formRow(ctx, input.formId);
  await nodeOf(ctx, input.nodeId);
  await ctx.db.pool.query(
    `INSERT INTO report_form_nodes ("formId", "nodeId", "spaceId") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [input.formId, input.nodeId, ctx.space.spaceId],
  );
  return formDto(ctx, input.formId);
}

/** API DELETE reports/{id}/nodes/{node}. A form linked to no node stays in the space's list. */
export async function unlinkForm(ctx: SpaceContext, input: { formId: string; nodeId: string }) {
  await formRow(ctx, input.formId);
  await ctx.db.pool.query(
    `DELETE FROM report_form_nodes WHERE "formId" = $1 AND "nodeId" = $2 AND "spaceId" = $3`,
    [input.formId, input.nodeId, ctx.space.spaceId],
  );
  return formDto(ctx, input.formId);
}

/** API DELETE reports/{id}: the form, its links and its template. */
export async function deleteForm(ctx: SpaceContext, input: { formId: string }) {
  const form = await formRow(ctx, input.formId);
  await ctx.db.pool.query(`DELETE FROM report_forms WHERE id = $1 AND "spaceId" = $2`, [
    form.id,
    ctx.space.spaceId,
  ]);
  await ctx.files.delete(form.key);
  return { id: form.id };
}

/** API GET reports/{id}/template: the form's template as uploaded. */
export async function downloadTemplate(ctx: SpaceContext, input: { formId: string }): Promise<FileResult> {
  const form = await formRow(ctx, input.formId);
  const data = await ctx.files.get(form.key);
  if (!data) throw new AppError('NotFound');
  return {
    file: true,
    contentType: XLSX_TYPE,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    fileName: form.fileName,
  };
}

/**
 * The form as a report of the schedule sees it: the form must be linked to the schedule or a node above it
 * (NotFound otherwise); with the nearest such node's name.
 */
export async function formForSchedule(ctx: SpaceContext, formId: string, scheduleId: string) {
  const form = await formRow(ctx, formId);
  const { rows } = await ctx.db.pool.query<{ name: string }>(
    `${PATH_UP}
     SELECT n.name FROM report_form_nodes l JOIN up ON up.id = l."nodeId" JOIN eps_nodes n ON n.id = l."nodeId"
     WHERE l."formId" = $3 ORDER BY up.depth LIMIT 1`,
    [scheduleId, ctx.space.spaceId, formId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  const data = await ctx.files.get(form.key);
  if (!data) throw new AppError('NotFound');
  return { form, node: rows[0].name, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
