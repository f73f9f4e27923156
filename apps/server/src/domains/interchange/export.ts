/**
 * Export of a version, or of a comparison of two versions, in every format the interchange package writes.
 * Small versions are written in the request (a FileResult); big ones by a job into a temporary stored file,
 * downloaded through storage/download/{id}. A comparison exports the other version with the base version's
 * plan as its baseline (XER, P6 XML, MS Project XML, archive) or the comparison table (JSON, CSV, Excel).
 */
import type { ExportFormat } from '@takt/contracts';
import { writeJson, writeMspdi, writePmxml, writeXer } from '@takt/interchange';
import type { Services, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import type { FileResult } from '../../rest/adapter';
import { compareVersions, exportComparison as comparisonCsv } from '../versions/compare';
import { versionOf } from '../versions/guard';
import { removeExpiredFiles, storeFile } from './files';
import { exportFileName, FILE_TYPE, WRITER_OF, type WriterKind } from './formats';
import { jobContext } from './import';
import { claimJob, EXPORT_JOB, getJob, insertJob, type JobError, JobProgress, JobStopped } from './jobs';
import { versionModel } from './read-version';

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
  chunks: Iterable<string | Uint8Array>;
}

/** Joins small string chunks into pieces of about 256 KB, so storage and HTTP see few large writes. */
function* batched(chunks: Iterable<string | Uint8Array>): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let size = 0;
  for (const chunk of chunks) {
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
  if (comparison && (kind === 'json' || kind === 'csv'))
    return comparisonTable(ctx, request.versionId, request.otherVersionId!, kind);
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
    default:
      throw new AppError('UnsupportedFileType');
  }
}

async function comparisonTable(
  ctx: SpaceContext,
  versionId: string,
  otherVersionId: string,
  kind: 'json' | 'csv',
): Promise<ExportedFile> {
  const fileName = exportFileName('comparison', kind);
  if (kind === 'csv') {
    const csv = await comparisonCsv(ctx, { versionId, otherVersionId });
    return { fileName, contentType: csv.contentType, chunks: [csv.data] };
  }
  const result = await compareVersions(ctx, { versionId, otherVersionId });
  return {
    fileName,
    contentType: FILE_TYPE.json.contentType,
    chunks: [`${JSON.stringify(result, null, 2)}\n`],
  };
}

function concat(chunks: Iterable<Uint8Array>): Uint8Array {
  const parts = [...chunks];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Spec §7 POST versions/{id}/export/{x}: the file in the response. */
export async function exportVersion(ctx: SpaceContext, request: ExportRequest): Promise<FileResult> {
  await versionOf(ctx.db.pool, ctx.space.spaceId, request.versionId);
  const file = await writeFile(ctx, request);
  return {
    file: true,
    contentType: file.contentType,
    data: concat(batched(file.chunks)),
    fileName: file.fileName,
  };
}

/** Spec §7 POST batch-processing/export: the file is written by a job and kept for download. */
export async function startExport(ctx: SpaceContext, request: ExportRequest) {
  const version = await versionOf(ctx.db.pool, ctx.space.spaceId, request.versionId);
  if (request.otherVersionId) await versionOf(ctx.db.pool, ctx.space.spaceId, request.otherVersionId);
  const jobId = await insertJob(ctx.db.pool, {
    spaceId: ctx.space.spaceId,
    userId: ctx.session.userId,
    kind: 'export',
    format: request.format,
    scheduleId: version.scheduleId,
    versionId: request.versionId,
    otherVersionId: request.otherVersionId ?? null,
    options: { ...(request.columns ? { columns: request.columns } : {}), lang: ctx.lang },
  });
  await ctx.jobs.send(EXPORT_JOB, { jobId });
  return getJob(ctx, jobId);
}

export async function runExport(services: Services, jobId: string): Promise<void> {
  const job = await claimJob(services.db.pool, jobId);
  if (!job) return;
  const progress = new JobProgress(services, jobId);
  const ctx = jobContext(services, job);
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
      for (const chunk of batched(file.chunks)) {
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
    if (error instanceof JobStopped) {
      await progress.finish('stopped', {});
      return;
    }
    const jobError: JobError =
      error instanceof AppError
        ? { code: error.code, message: error.code }
        : { code: 'UnknownException', message: error instanceof Error ? error.message : String(error) };
    if (!(error instanceof AppError)) services.log.error('export failed', { jobId, err: error });
    await progress.finish('failed', { error: jobError });
  }
}
