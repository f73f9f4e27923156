/**
 * Export of a version, or of a comparison of two versions, in every format the interchange package writes.
 * Small versions are written in the request (a FileResult); big ones by a job into a temporary stored file,
 * downloaded through storage/download/{id}. A comparison exports the other version with the base version's
 * plan as its baseline (XER, P6 XML, MS Project XML, archive) or the comparison table (JSON, CSV, Excel).
 */
import type { ExportFormat } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { translate } from '@takt/i18n';
import {
  type GridColumn,
  type GridRow,
  type TaktArchive,
  type TaktArchiveFile,
  taktArchiveChunks,
  writeGridCsv,
  writeGridXlsx,
  writeJson,
  writeMspdi,
  writePmxml,
  writeXer,
} from '@takt/interchange';
import { sql } from 'kysely';
import type { Services, SpaceContext } from '../../context';
import { workColumns } from '../../db/work-row';
import { AppError, notFound } from '../../errors';
import type { FileResult } from '../../files/result';
import { removeExpiredFiles } from '../../jobs/file-cleanup';
import { compareVersions, exportComparison as comparisonCsv, versionOf } from '../versions';
import { storeFile } from './files';
import { exportFileName, FILE_TYPE, WRITER_OF, type WriterKind } from './formats';
import { versionGrid } from './grid-export';
import { claimRun, finishThrown } from './job-run';
import { EXPORT_JOB, queueJob } from './jobs';
import { type VersionModel, versionModel } from './read-version';

export interface ExportRequest {
  versionId: string;
  /** a comparison: `versionId` is the base, this the version compared with it */
  otherVersionId?: string;
  format: ExportFormat;
  columns?: string[];
}

interface ExportedFile {
  fileName: string;
  contentType: string;
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;
}

/** Joins small string chunks into pieces of about 256 KB, so storage and HTTP see few large writes. */
async function* batched(
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    if (typeof chunk !== 'string') {
      if (pending.length) yield encoder.encode(pending.join(''));
      pending = [];
      size = 0;
      yield chunk;
      continue;
    }
    pending.push(chunk);
    size += chunk.length;
    if (size >= 256 * 1024) {
      yield encoder.encode(pending.join(''));
      pending = [];
      size = 0;
    }
  }
  if (pending.length) yield encoder.encode(pending.join(''));
}

async function writeFile(ctx: SpaceContext, request: ExportRequest): Promise<ExportedFile> {
  const spaceId = ctx.space.spaceId;
  const kind: WriterKind = WRITER_OF[request.format];
  const type = FILE_TYPE[kind];
  if (request.otherVersionId) await versionOf(ctx.db.pool, spaceId, request.otherVersionId);
  const comparison = request.otherVersionId !== undefined;
  if (comparison && (kind === 'json' || kind === 'csv' || kind === 'excel'))
    return comparisonTable(ctx, request.versionId, request.otherVersionId!, kind);
  if (kind === 'csv' || kind === 'excel') {
    const version = await versionOf(ctx.db.pool, spaceId, request.versionId);
    const names = await versionNames(ctx, request.versionId);
    const grid = await versionGrid(
      ctx.db.pool,
      spaceId,
      version.id,
      request.columns,
      ctx.lang,
      `${names.version}`,
    );
    const fileName = exportFileName(`${names.schedule} ${names.version}`, kind);
    return kind === 'csv'
      ? {
          fileName,
          contentType: type.contentType,
          // CSV has no outline: the level column carries the hierarchy back on import
          chunks: writeGridCsv(grid, {
            labels: yesNo(ctx),
            levelColumn: translate(ctx.lang, 'import.tabular.level'),
          }),
        }
      : { fileName, contentType: type.contentType, chunks: [await writeGridXlsx(grid)] };
  }
  // A comparison file is the other version, with the base version's plan as its baseline.
  const model = comparison
    ? await versionModel(ctx.db.pool, spaceId, request.otherVersionId!, {
        baselineVersionId: request.versionId,
      })
    : await versionModel(ctx.db.pool, spaceId, request.versionId);
  const base = comparison ? `${model.version.name} (comparison)` : model.version.name;
  const fileName = exportFileName(`${model.version.scheduleName} ${base}`, kind);
  const { project, rows } = model;
  switch (kind) {
    case 'xer':
      return { fileName, contentType: type.contentType, chunks: writeXer(project, rows) };
    case 'pmxml':
      return { fileName, contentType: type.contentType, chunks: writePmxml(project, rows) };
    case 'mspdi':
      return { fileName, contentType: type.contentType, chunks: writeMspdi(project, rows) };
    case 'json':
      return { fileName, contentType: type.contentType, chunks: [writeJson(project)] };
    case 'zip':
      return {
        fileName,
        contentType: type.contentType,
        chunks: taktArchiveChunks(await archiveOf(ctx, model)),
      };
    default:
      throw new AppError('UnsupportedFileType');
  }
}

const yesNo = (ctx: SpaceContext) => ({
  yes: translate(ctx.lang, 'common.yes'),
  no: translate(ctx.lang, 'common.no'),
});

/** What the archive keeps of a work beside the interchange model. */
const ARCHIVE_WORK_COLUMNS = [
  'id',
  'type',
  'planVolume',
  'approvedVolume',
  'factVolume',
  'unit',
  'progress',
  'approvedStart',
  'approvedFinish',
] as const;

function versionNames(ctx: SpaceContext, versionId: string) {
  return kyselyOf(ctx.db.pool)
    .selectFrom('versions as v')
    .innerJoin('eps_nodes as s', 's.id', 'v.scheduleId')
    .select(['v.name as version', 's.name as schedule'])
    .where('v.id', '=', versionId)
    .where('v.spaceId', '=', ctx.space.spaceId)
    .executeTakeFirstOrThrow(notFound);
}

/**
 * The Takt archive of a version: the model (attribute values as the archive's attributes, not as codes),
 * what the model cannot hold per work (Takt work type, volumes, unit, exact progress, approved plan), and the
 * schedule's attached files (not the files uploaded to import versions).
 */
async function archiveOf(ctx: SpaceContext, model: VersionModel): Promise<TaktArchive> {
  const db = kyselyOf(ctx.db.pool);
  const versionId = model.version.id;
  const attrs = await db
    .selectFrom('attributes as a')
    .innerJoin('attribute_values as v', 'v.attributeId', 'a.id')
    .innerJoin('works as w', 'w.id', 'v.workId')
    .select(['a.id', 'a.name', 'a.valueType', 'a.directoryId'])
    .distinct()
    .where('w.versionId', '=', versionId)
    .execute();
  const values = await db
    .selectFrom('attribute_values as v')
    .innerJoin('works as w', 'w.id', 'v.workId')
    .select(['v.workId', 'v.attributeId', 'v.value'])
    .where('w.versionId', '=', versionId)
    .execute();
  const works = await db
    .selectFrom('works as w')
    .select(workColumns('w', ARCHIVE_WORK_COLUMNS))
    .where('w.versionId', '=', versionId)
    .execute();
  const files = await db
    .selectFrom('stored_files as f')
    .select(['f.name', 'f.contentType', 'f.key'])
    .where('f.spaceId', '=', ctx.space.spaceId)
    .where('f.scheduleId', '=', model.version.scheduleId)
    .where('f.kind', '=', 'documents')
    // the files uploaded to import versions are the imports', not the schedule's
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('interchange_jobs as j')
            .select(sql`1`.as('one'))
            .whereRef('j.fileId', '=', 'f.id')
            .where('j.kind', '=', 'import'),
        ),
      ),
    )
    .orderBy('f.createdAt')
    .execute();
  const attached: TaktArchiveFile[] = [];
  for (const f of files) {
    const bytes = await ctx.files.get(f.key);
    if (bytes) attached.push({ name: f.name, bytes, workId: null, mediaType: f.contentType });
  }
  const project = {
    ...model.project,
    activities: model.project.activities.map((a) => ({ ...a, codes: {}, udfs: {} })),
  };
  return {
    project,
    attributes: attrs.map((a) => ({
      id: a.id,
      name: a.name,
      valueType: a.valueType,
      directoryId: a.directoryId,
    })),
    values: values.map((v) => ({
      workId: v.workId,
      attributeId: v.attributeId,
      value:
        typeof v.value === 'string' || typeof v.value === 'number' || typeof v.value === 'boolean'
          ? v.value
          : null,
    })),
    files: attached,
    extra: {
      takt: {
        version: { name: model.version.name },
        works: Object.fromEntries(
          works.map((w) => [
            w.id,
            {
              type: w.type,
              planVolume: w.planVolume,
              approvedVolume: w.approvedVolume,
              factVolume: w.factVolume,
              unit: w.unit,
              progress: w.progress,
              approvedStart: w.approvedStart,
              approvedFinish: w.approvedFinish,
            },
          ]),
        ),
      },
    },
  };
}

async function comparisonTable(
  ctx: SpaceContext,
  versionId: string,
  otherVersionId: string,
  kind: 'json' | 'csv' | 'excel',
): Promise<ExportedFile> {
  const fileName = exportFileName('comparison', kind);
  if (kind === 'csv') {
    const csv = await comparisonCsv(ctx, { versionId, otherVersionId });
    return { fileName, contentType: csv.contentType, chunks: [csv.data] };
  }
  const result = await compareVersions(ctx, { versionId, otherVersionId });
  if (kind === 'json')
    return {
      fileName,
      contentType: FILE_TYPE.json.contentType,
      chunks: [`${JSON.stringify(result, null, 2)}\n`],
    };
  const t = (id: string) => translate(ctx.lang, id);
  const columns: GridColumn[] = [
    { id: 'change', header: t('export.comparison.change'), kind: 'text' },
    { id: 'code', header: t('grid.col.code'), kind: 'text' },
    { id: 'name', header: t('grid.col.name'), kind: 'text' },
    { id: 'field', header: t('export.comparison.field'), kind: 'text' },
    { id: 'before', header: t('export.comparison.before'), kind: 'text' },
    { id: 'after', header: t('export.comparison.after'), kind: 'text' },
    { id: 'startDelta', header: t('export.comparison.start_delta'), kind: 'number' },
    { id: 'finishDelta', header: t('export.comparison.finish_delta'), kind: 'number' },
  ];
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const rows: GridRow[] = [
    ...result.works.added.map((w) => ({
      level: 0,
      values: { change: t('export.comparison.added'), code: text(w.code), name: text(w.name) },
    })),
    ...result.works.removed.map((w) => ({
      level: 0,
      values: { change: t('export.comparison.removed'), code: text(w.code), name: text(w.name) },
    })),
    ...result.works.changed.flatMap((w) =>
      w.fields.map((f) => ({
        level: 0,
        values: {
          change: t('export.comparison.changed'),
          code: text(w.code),
          name: text(w.name),
          field: f.field,
          before: text(f.before),
          after: text(f.after),
          startDelta: w.startDeltaDays,
          finishDelta: w.finishDeltaDays,
        },
      })),
    ),
  ];
  return {
    fileName,
    contentType: FILE_TYPE.excel.contentType,
    chunks: [await writeGridXlsx({ columns, rows, sheetName: t('export.comparison.sheet') })],
  };
}

async function concat(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** API POST versions/{id}/export/{x}: the file in the response. */
export async function exportVersion(ctx: SpaceContext, request: ExportRequest): Promise<FileResult> {
  await versionOf(ctx.db.pool, ctx.space.spaceId, request.versionId);
  const file = await writeFile(ctx, request);
  return {
    file: true,
    contentType: file.contentType,
    data: await concat(batched(file.chunks)),
    fileName: file.fileName,
  };
}

/** API POST batch-processing/export: the file is written by a job and kept for download. */
export async function startExport(ctx: SpaceContext, request: ExportRequest) {
  const version = await versionOf(ctx.db.pool, ctx.space.spaceId, request.versionId);
  if (request.otherVersionId) await versionOf(ctx.db.pool, ctx.space.spaceId, request.otherVersionId);
  return queueJob(ctx, EXPORT_JOB, {
    kind: 'export',
    format: request.format,
    scheduleId: version.scheduleId,
    versionId: request.versionId,
    otherVersionId: request.otherVersionId ?? null,
    options: { ...(request.columns ? { columns: request.columns } : {}), lang: ctx.lang },
  });
}

export async function runExport(services: Services, jobId: string): Promise<void> {
  const run = await claimRun(services, jobId);
  if (!run) return;
  const { job, progress, ctx } = run;
  try {
    await removeExpiredFiles(ctx);
    await progress.report('loading', 5, undefined, true);
    const file = await writeFile(ctx, {
      versionId: job.versionId!,
      ...(job.otherVersionId ? { otherVersionId: job.otherVersionId } : {}),
      format: job.format as ExportFormat,
      ...(job.options.columns ? { columns: job.options.columns } : {}),
    });
    await progress.report('writing', 30, undefined, true);
    let written = 0;
    async function* reported() {
      for await (const chunk of batched(file.chunks)) {
        written += chunk.byteLength;
        await progress.report('writing', 30 + Math.min(65, written / 1_000_000), written);
        yield chunk;
      }
    }
    const stored = await storeFile(ctx, {
      spaceId: job.spaceId,
      scheduleId: job.scheduleId,
      kind: 'temp',
      name: file.fileName,
      contentType: file.contentType,
      userId: job.userId,
      data: reported(),
    });
    await progress.finish('completed', {
      fileId: stored.id,
      report: { fileName: file.fileName, size: stored.size },
    });
  } catch (error) {
    await finishThrown(services, progress, error, 'export');
  }
}
