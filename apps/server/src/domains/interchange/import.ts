/**
 * Import of a schedule file as a new version: upload (the file goes to storage and a job to the queue), then
 * a worker reads the file as a stream (progress by bytes, stoppable), recalculates it with the file's own
 * scheduling options, compares the result with the dates the file recorded and — when they would move and
 * the user has not chosen yet — stops in `awaiting_choice` without writing anything. Otherwise the whole
 * version is written in one transaction: a failure or a stop leaves nothing behind.
 */
import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  type ErrorCode,
  type ImportEncoding,
  type ImportFormat,
  type ImportProblem,
  type ImportReport,
  type ImportSettingFields,
  INTERCHANGE_LIMITS,
  jobErrorMessage,
  PROHIBITED_CHARACTERS,
  type RecordedDatesChoice,
  TABULAR_FORMATS,
  type UploadVersionInput,
} from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import {
  datesMovedByRecalculation,
  type Encoding,
  InterchangeError,
  type IxProblem,
  type IxProject,
  previewTabular,
  readJson,
  readMspdi,
  readPmxml,
  readTabular,
  readTaktArchive,
  readXer,
  scheduleProject,
  type TabularField,
  type TabularRule,
  type TaktArchiveFile,
  toEngineProject,
} from '@takt/interchange';
import { sql } from 'kysely';
import type { Services, SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { recalculateFormulas, refreshLinksOfDonorVersion } from '../attributes';
import { notify, notifyOfVersion } from '../notices';
import { readVersion } from '../versions';
import { discardUpload, scheduleOf, storedFileRow, storeFile } from './files';
import { IMPORT_FORMAT_OF, type ReaderKind, readerFor } from './formats';
import { claimRun, jobErrorOf } from './job-run';
import {
  getJob,
  IMPORT_JOB,
  insertJob,
  type JobError,
  type JobProgress,
  type JobRow,
  JobStopped,
  jobRow,
  visibleJob,
} from './jobs';
import { spaceCalendarModels } from './read-version';
import { importSettingRow } from './settings';
import {
  type AttributeEntry,
  attributeEntriesOf,
  SkippedList,
  type TaktWorkExtra,
  writeImportedVersion,
} from './write-version';

const READER_OF: Record<ImportFormat, ReaderKind> = {
  xer: 'xer',
  'xml-primavera': 'pmxml',
  xml: 'mspdi',
  json: 'json',
  csv: 'csv',
  excel: 'excel',
  zip: 'zip',
};

/** Checks an uploaded file and stores it with an import job; returns the job (not yet queued). */
async function createImportJob(ctx: SpaceContext, input: UploadVersionInput, maxBytes: number) {
  const spaceId = ctx.space.spaceId;
  await scheduleOf(ctx.db.pool, spaceId, input.scheduleId);
  const { file } = input;
  if (file.data.byteLength === 0) throw invalidFile({ code: 'truncated', message: 'empty file' });
  if (file.data.byteLength > maxBytes) throw new AppError('FileTooLarge');
  const reader = readerFor(file.name, file.data.subarray(0, 4096), input.format);
  if (!reader) throw new AppError('UnsupportedFileType');
  const format = IMPORT_FORMAT_OF[reader];
  if (TABULAR_FORMATS.includes(format) && !input.settingId && !input.rule)
    throw new AppError('ValidationError', {}, [{ path: 'settingId', message: 'import.error.rule_required' }]);
  const stored = await storeFile(ctx, {
    spaceId,
    scheduleId: input.scheduleId,
    kind: 'documents',
    name: file.name || `schedule.${format}`,
    contentType: file.type || 'application/octet-stream',
    userId: ctx.session.userId,
    data: file.data,
    keepHours: INTERCHANGE_LIMITS.pendingUploadKeepHours,
  });
  return insertJob(ctx.db.pool, {
    spaceId,
    userId: ctx.session.userId,
    kind: 'import',
    format,
    scheduleId: input.scheduleId,
    fileId: stored.id,
    bytesTotal: stored.size,
    options: {
      fileName: file.name,
      ...(input.name ? { name: input.name } : {}),
      ...(input.settingId ? { settingId: input.settingId } : {}),
      ...(input.rule ? { rule: input.rule } : {}),
      ...(input.encoding ? { encoding: input.encoding } : {}),
      ...(input.recordedDates ? { recordedDates: input.recordedDates } : {}),
      lang: ctx.lang,
    },
  });
}

/** API POST schedules/{id}/versions/upload and batch-processing/import: starts an import job. */
export async function uploadVersion(ctx: SpaceContext, input: UploadVersionInput) {
  const jobId = await createImportJob(ctx, input, INTERCHANGE_LIMITS.uploadMaxBytes);
  await ctx.jobs.send(IMPORT_JOB, { jobId });
  return getJob(ctx, jobId);
}

/**
 * API POST schedules/{id}/versions/upload/synchronous: the same import run inline for a small file.
 * Returns the finished job and the new version; a bad file is a validation error naming where it failed.
 * When recorded dates would move and `recordedDates` was not given, the job waits for the choice (no version).
 */
export async function uploadVersionSynchronous(ctx: SpaceContext, input: UploadVersionInput) {
  const jobId = await createImportJob(ctx, input, INTERCHANGE_LIMITS.synchronousMaxBytes);
  await runImport(ctx, jobId);
  const job = await getJob(ctx, jobId);
  if (job.state === 'failed' && job.error) throw invalidFile(job.error);
  const version =
    job.state === 'completed' && job.versionId
      ? await readVersion(ctx.db.pool, ctx.space.spaceId, job.versionId)
      : null;
  return { job, version };
}

/** The user's answer when recorded dates would move: the job runs again and writes the version. */
export async function chooseRecordedDates(
  ctx: SpaceContext,
  input: { jobId: string; choice: RecordedDatesChoice },
) {
  const job = await visibleJob(ctx, input.jobId);
  if (job.kind !== 'import') throw new AppError('NotFound');
  const { numUpdatedRows } = await kyselyOf(ctx.db.pool)
    .updateTable('interchange_jobs')
    .set({
      state: 'queued',
      progress: 0,
      phase: 'upload',
      options: sql`options || jsonb_build_object('recordedDates', ${input.choice}::text)`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', input.jobId)
    .where('state', '=', 'awaiting_choice')
    .where('stopRequested', '=', false)
    .executeTakeFirst();
  if (!numUpdatedRows) throw new AppError('Conflict');
  await ctx.jobs.send(IMPORT_JOB, { jobId: input.jobId });
  return getJob(ctx, input.jobId);
}

/** A file problem as a translated validation error naming the line, element and field. */
export function invalidFile(error: JobError): AppError {
  const { id, params } = jobErrorMessage(error);
  if (id.startsWith('errors.')) return new AppError(error.code as ErrorCode);
  return new AppError('ValidationError', {}, [{ path: 'file', message: id, params }]);
}

/** Runs an import job (from the queue, or inline for a synchronous upload). Never throws: the job records the outcome. */
export async function runImport(services: Services, jobId: string): Promise<void> {
  const run = await claimRun(services, jobId);
  if (!run) return;
  const { job, progress, ctx } = run;
  try {
    await importJob(ctx, job, progress);
    await notifyImport(services, job, 'import_finished');
  } catch (error) {
    if (error instanceof JobStopped) await progress.finish('stopped', {});
    else {
      if (!(error instanceof InterchangeError) && !(error instanceof AppError))
        services.log.error('import failed', { jobId, err: error });
      const failure = jobErrorOf(error);
      await progress.finish('failed', { error: failure });
      await notifyImport(services, job, 'import_failed', { error: failure.code });
    }
    // A refused or stopped file is not kept (the job says what was wrong with it).
    if (job.fileId && !progress.lostToAnotherProcess()) {
      await discardUpload(services, job.spaceId, job.fileId);
      await kyselyOf(services.db.pool)
        .updateTable('interchange_jobs')
        .set({ fileId: null })
        .where('id', '=', jobId)
        .execute();
    }
  }
}

/**
 * Tells the one who started an import how it ended (a notice, docs/product-rules.md "Notices") — once the job
 * row says so: an import waiting for the user's choice of dates has not ended, nor one another process took.
 */
async function notifyImport(
  services: Services,
  job: JobRow,
  kind: 'import_finished' | 'import_failed',
  params: Record<string, unknown> = {},
) {
  if (!job.userId) return;
  const userId = job.userId;
  const ended = await jobRow(services.db.pool, job.id);
  if (!ended || ended.state !== (kind === 'import_finished' ? 'completed' : 'failed')) return;
  const fileName = job.options.fileName ?? null;
  await inTransaction(services.db.pool, (tx) =>
    ended.versionId
      ? notifyOfVersion(tx, { spaceId: job.spaceId, userId, versionId: ended.versionId }, kind, {
          ...params,
          fileName,
          jobId: job.id,
        })
      : notify(tx, {
          spaceId: job.spaceId,
          userIds: [userId],
          kind,
          params: { ...params, fileName, jobId: job.id, scheduleId: job.scheduleId },
        }),
  ).catch((error: unknown) => services.log.warn('import notice not written', { jobId: job.id, err: error }));
}

/** Where a file's bytes go through on the way to a reader: counted for the progress bar, stoppable. */
async function* counted(chunks: AsyncIterable<Uint8Array>, total: number, progress: JobProgress) {
  let done = 0;
  for await (const chunk of chunks) {
    done += chunk.byteLength;
    await progress.report('reading', total > 0 ? (done / total) * 60 : 0, done);
    yield chunk;
  }
  await progress.report('reading', 60, done, true);
}

/** A file read into the interchange model, with what its format carries besides. */
interface ReadFile {
  project: IxProject;
  attributes: AttributeEntry[];
  workExtras?: Record<string, TaktWorkExtra>;
  rows?: NonNullable<ImportReport['rows']>;
  files?: TaktArchiveFile[];
  /** the text encoding the reader decoded the file in (text formats) */
  encoding?: string;
}

/** Reads a whole file into memory: zip containers (xlsx, archives) need their central directory. */
async function wholeFile(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return new Uint8Array(Buffer.concat(parts));
}

/** The upload rule of a spreadsheet import: a saved rule, or the one the dialog sent. */
async function ruleOf(
  ctx: SpaceContext,
  job: Pick<JobRow, 'spaceId'> & {
    options: Pick<JobRow['options'], 'settingId' | 'rule' | 'encoding'>;
  },
): Promise<TabularRule> {
  if (job.options.settingId) {
    const s = await importSettingRow(ctx.db.pool, job.spaceId, job.options.settingId);
    return {
      name: s.name,
      rowsToSkip: s.rowsToSkip,
      mapping: s.mapping as Record<string, TabularField>,
      dateFormat: s.dateFormat,
      delimiter: s.delimiter ?? null,
      sheet: s.sheet ?? null,
      ...(job.options.encoding ? { encoding: job.options.encoding } : {}),
    };
  }
  const rule = (job.options.rule ?? {}) as Partial<ImportSettingFields>;
  return {
    name: rule.name ?? '',
    rowsToSkip: rule.rowsToSkip ?? 0,
    mapping: (rule.mapping ?? {}) as Record<string, TabularField>,
    dateFormat: rule.dateFormat ?? 'DD.MM.YYYY',
    delimiter: rule.delimiter ?? null,
    sheet: rule.sheet ?? null,
    ...(job.options.encoding ? { encoding: job.options.encoding } : {}),
  };
}

async function readModel(ctx: SpaceContext, job: JobRow, progress: JobProgress): Promise<ReadFile> {
  const file = await storedFileRow(ctx.db.pool, job.spaceId, job.fileId!);
  const opened = await ctx.files.open(file.key);
  if (!opened) throw new AppError('NotFound');
  const bytes = counted(opened.chunks, opened.size, progress);
  const encoding: Encoding = job.options.encoding ?? 'auto';
  const reader = READER_OF[job.format as ImportFormat];
  const plain = (project: IxProject): ReadFile => ({
    project,
    attributes: attributeEntriesOf(project),
    ...(project.encoding ? { encoding: project.encoding } : {}),
  });
  switch (reader) {
    case 'xer':
      return plain(await readXer(bytes, { encoding }));
    case 'pmxml':
      return plain(await readPmxml(bytes, { encoding }));
    case 'mspdi':
      return plain(await readMspdi(bytes, { encoding }));
    case 'json':
      return plain(await readJson(bytes));
    case 'csv':
    case 'excel': {
      const rule = await ruleOf(ctx, job);
      const calendars = await spaceCalendarModels(ctx.db.pool, job.spaceId);
      const { project, report } = await readTabular(await wholeFile(bytes), rule, {
        format: reader === 'csv' ? 'csv' : 'xlsx',
        calendars: calendars.list,
        defaultCalendarId: calendars.defaultId,
        projectName: (job.options.fileName ?? '').replace(/\.[^.]+$/, ''),
      });
      const skippedRows = [...report.skipped, ...report.problems];
      return {
        project,
        ...(report.encoding ? { encoding: report.encoding } : {}),
        attributes: attributeEntriesOf(project),
        rows: {
          read: report.rowsRead,
          skipped: skippedRows.length,
          items: skippedRows
            .slice(0, INTERCHANGE_LIMITS.reportMaxItems)
            .map((r) => ({ row: r.row, id: r.id, values: { ...r.values } })),
        },
      };
    }
    case 'zip': {
      const archive = await readTaktArchive(await wholeFile(bytes));
      const typeOf = new Map((archive.attributes ?? []).map((a) => [a.id, a]));
      const attributes: AttributeEntry[] = [];
      for (const v of archive.values ?? []) {
        const a = typeOf.get(v.attributeId);
        if (!a || v.value === null) continue;
        attributes.push({
          workId: v.workId,
          name: a.name,
          valueType: (ATTRIBUTE_TYPES as readonly string[]).includes(a.valueType)
            ? (a.valueType as AttributeType)
            : 'string',
          value: v.value,
        });
      }
      const takt = (archive.extra?.takt ?? {}) as { works?: Record<string, TaktWorkExtra> };
      return {
        project: archive.project,
        attributes: [...attributeEntriesOf(archive.project), ...attributes],
        ...(takt.works ? { workExtras: takt.works } : {}),
        files: archive.files ?? [],
      };
    }
    default:
      throw new AppError('UnsupportedFileType');
  }
}

/** A reader's problem as the report keeps it: only the fields it has. */
function reportProblem(p: IxProblem): ImportProblem {
  return {
    code: p.code,
    action: p.action,
    ...(p.line !== undefined ? { line: p.line } : {}),
    ...(p.table ? { table: p.table } : {}),
    ...(p.record ? { record: p.record } : {}),
    ...(p.field ? { field: p.field } : {}),
    ...(p.value !== undefined ? { value: p.value } : {}),
    ...(p.replacement !== undefined ? { replacement: p.replacement } : {}),
    message: p.message,
  };
}

/** The problem a reader ends its bounded list with: how many more it did not keep (in `value`). */
const MORE_PROBLEMS = 'too_many_problems';

/**
 * The reader's record-level problems for the report, bounded, with the whole count (the reader's own
 * "N more not listed" counted in, not listed). A spreadsheet's problems are its rows' (`rows`), so they
 * are not listed twice.
 */
function problemsOf(read: ReadFile): Pick<ImportReport, 'problems' | 'problemCount'> {
  const listed: ImportProblem[] = [];
  let count = 0;
  for (const p of read.rows ? [] : read.project.problems) {
    if (p.code === MORE_PROBLEMS) {
      count += Number(p.value) || 0;
      continue;
    }
    count++;
    if (listed.length < INTERCHANGE_LIMITS.reportMaxItems) listed.push(reportProblem(p));
  }
  return { problems: listed, problemCount: count };
}

const PROHIBITED = new RegExp(PROHIBITED_CHARACTERS.source, 'gu');
const RECORDED_DATES = ['start', 'finish', 'earlyStart', 'earlyFinish', 'lateStart', 'lateFinish'] as const;

async function importJob(ctx: SpaceContext, job: JobRow, progress: JobProgress) {
  const startedAt = performance.now();
  await progress.report('reading', 0, 0, true);
  const read = await readModel(ctx, job, progress);
  const p = read.project;
  const readMs = performance.now() - startedAt;

  await progress.report('calculating', 62, undefined, true);
  const scheduled = scheduleProject(p);
  const { options } = toEngineProject(p);
  const moved = datesMovedByRecalculation(p, scheduled);
  const compared = p.activities.reduce(
    (n, a) =>
      a.type === 'summary' ? n : n + RECORDED_DATES.filter((f) => a.recorded[f] !== undefined).length,
    0,
  );
  const calculateMs = performance.now() - startedAt - readMs;
  const movedWorks = new Set(moved.map((m) => m.id)).size;
  const skipped = new SkippedList();
  const choice = job.options.recordedDates ?? null;
  const report: ImportReport = {
    file: { name: job.options.fileName ?? null, size: Number(job.bytesTotal), format: job.format },
    project: {
      code: p.code,
      name: p.name,
      start: p.start || null,
      dataDate: p.dataDate ?? null,
      sourceFormat: p.format,
    },
    read: {
      activities: p.activities.length,
      wbs: p.wbs.length,
      relations: p.relations.length,
      calendars: p.calendars.length,
      resources: p.resources.length,
      assignments: p.assignments.length,
      activityCodes: new Set(p.activities.flatMap((a) => Object.keys(a.codes))).size,
      udfs: new Set(p.activities.flatMap((a) => Object.keys(a.udfs))).size,
    },
    options: { ...options },
    recordedDates: {
      compared,
      matched: compared - moved.length,
      moved: moved.length,
      movedWorks,
      items: moved
        .slice(0, INTERCHANGE_LIMITS.reportMaxMovedDates)
        .map(({ code, name, field, recorded, calculated }) => ({ code, name, field, recorded, calculated })),
      choice,
    },
    warnings: scheduled.warnings.slice(0, INTERCHANGE_LIMITS.reportMaxItems),
    warningCount: scheduled.warnings.length,
    ...problemsOf(read),
    ...(read.encoding ? { encoding: { chosen: job.options.encoding ?? 'auto', used: read.encoding } } : {}),
    skipped: skipped.list(),
    ...(read.rows ? { rows: read.rows } : {}),
    written: null,
    milliseconds: { read: Math.round(readMs), calculate: Math.round(calculateMs), write: 0 },
  };
  if (moved.length > 0 && !choice) {
    await progress.finish('awaiting_choice', { report });
    return;
  }

  await progress.report('writing', 70, undefined, true);
  const writeStarted = performance.now();
  const fileName = (p.name || '').replace(PROHIBITED, ' ').replace(/\s+/g, ' ').trim().slice(0, 32);
  const name = job.options.name || fileName || undefined;
  const outcome = await inTransaction(ctx.db.pool, async (client) => {
    // The upload becomes a file of the schedule, kept with the version it made.
    await kyselyOf(client)
      .updateTable('stored_files')
      .set({ expiresAt: null })
      .where('id', '=', job.fileId)
      .execute();
    const result = await writeImportedVersion(
      ctx,
      client,
      {
        scheduleId: job.scheduleId!,
        name,
        project: p,
        result: scheduled.result,
        options,
        keepRecorded: choice === 'keep',
        attributes: read.attributes,
        ...(read.workExtras ? { workExtras: read.workExtras } : {}),
        progress: (done, total) => progress.report('writing', 70 + (done / Math.max(1, total)) * 29),
      },
      skipped,
    );
    // The formula attributes of the schedule computed for the new works, in the same transaction.
    await recalculateFormulas(client, ctx.space.spaceId, result.versionId);
    // When the new version is the donor schedule's current one, the schedules linked to it copy from it.
    await refreshLinksOfDonorVersion(client, ctx.space.spaceId, result.versionId);
    // The last chance to stop: after this the version is committed whole.
    await progress.report('writing', 99, undefined, true);
    return result;
  });
  // An archive's attached files become files of the schedule, once the version is there.
  if (read.files?.length) {
    for (const f of read.files)
      await storeFile(ctx, {
        spaceId: job.spaceId,
        scheduleId: job.scheduleId,
        kind: 'documents',
        name: f.name,
        contentType: f.mediaType ?? 'application/octet-stream',
        userId: job.userId,
        data: f.bytes,
      });
    report.files = read.files.length;
  }
  report.written = outcome.written;
  report.skipped = skipped.list();
  report.milliseconds.write = Math.round(performance.now() - writeStarted);
  await progress.finish('completed', { report, versionId: outcome.versionId });
}

/**
 * The spreadsheet preview before an import (entities upload rules): the columns with the fields they map to,
 * the first rows as the rule reads them, each row's problems, and problems of the rule itself.
 */
export async function previewUpload(
  ctx: SpaceContext,
  input: {
    file: { name: string; data: Uint8Array };
    format?: ImportFormat;
    settingId?: string;
    rule?: Partial<ImportSettingFields>;
    encoding?: ImportEncoding;
    limit?: number;
  },
) {
  const reader = readerFor(input.file.name, input.file.data.subarray(0, 4096), input.format);
  if (reader !== 'csv' && reader !== 'excel') throw new AppError('UnsupportedFileType');
  if (input.file.data.byteLength > INTERCHANGE_LIMITS.uploadMaxBytes) throw new AppError('FileTooLarge');
  const rule = await ruleOf(ctx, {
    spaceId: ctx.space.spaceId,
    options: {
      ...(input.settingId ? { settingId: input.settingId } : {}),
      ...(input.rule ? { rule: input.rule } : {}),
      ...(input.encoding ? { encoding: input.encoding } : {}),
    },
  });
  const calendars = await spaceCalendarModels(ctx.db.pool, ctx.space.spaceId);
  try {
    return await previewTabular(input.file.data, rule, input.limit ?? INTERCHANGE_LIMITS.previewRows, {
      format: reader === 'csv' ? 'csv' : 'xlsx',
      calendars: calendars.list,
      defaultCalendarId: calendars.defaultId,
    });
  } catch (error) {
    if (error instanceof InterchangeError) throw invalidFile(jobErrorOf(error));
    throw error;
  }
}
