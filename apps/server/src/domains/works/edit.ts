import { randomUUID } from 'node:crypto';
import { CALC_STATUS, type EditCommand, LIMIT_TYPES } from '@takt/contracts';
import {
  columnsOfDocument,
  documentChanges,
  type EditPlan,
  EditRefused,
  planEdit,
  type ScheduleDocument,
} from '@takt/schedule';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { sqlTimestampOfMinutes } from '../../db/time';
import { AppError } from '../../errors';
import type { EncodedPayload } from '../../files/payload-cache';
import {
  calculateAndWrite,
  calculationLease,
  documentWithResults,
  type RowResults,
  rollUpAndWrite,
} from '../calculation';
import { UndoRecorder } from '../undo';
import {
  keepWrittenDocument,
  payloadIdentity,
  primePayload,
  versionDocument,
  versionFingerprints,
  versionForEdit,
} from '../versions';

export interface ApplyEditInput {
  versionId: string;
  /** The version's revision the edit was made on. */
  revision: number;
  commands: EditCommand[];
}

/**
 * Saves an edit of the schedule as one command (docs/product-rules.md, "Editing in the Gantt chart"): in
 * one transaction the version's document is read as the browser has it, the commands are checked and
 * applied by `@takt/schedule` (the same code the browser previews them with), the changed works and
 * relations are written, the edited document is calculated with the same engine input the preview used
 * and its results written, and one undo action is recorded. All of it or nothing: a stale revision is
 * `Conflict`, a refused command `NotFound` or `ValidationError`, a cycle `CalculationError`.
 *
 * Without `schedule.calculate` the edit is saved and the version stays not calculated, as after any edit.
 * With it, the version's calculation lease is held meanwhile (a calculation running elsewhere:
 * `CalculationRunning`), so no calculation of the old data writes over the new results.
 */
export async function applyEdit(ctx: SpaceContext, input: ApplyEditInput) {
  const calculates = ctx.space.abilities.has('schedule.calculate');
  const edit = async () => {
    const { answer, saved } = await inTransaction(ctx.db.pool, (client) =>
      editHeld(ctx, client, input, calculates),
    );
    // Committed: the edited document is the version now, for the next edit or calculation in this process.
    keepWrittenDocument(
      ctx.space.spaceId,
      saved.after,
      saved.read,
      saved.document,
      saved.writtenRows,
      saved.relationIds,
    );
    // A big version's calculation thread encoded the saved document's payload while it was written: the
    // browsers that load the version next get it from the cache.
    if (calculates)
      primePayload(
        ctx.payloads,
        ctx.space.spaceId,
        input.versionId,
        saved.after.full,
        columnsOfDocument(saved.document),
        saved.payload,
        payloadIdentity(
          saved.after.data,
          saved.read.schedulingKey,
          saved.document.versionRevision,
          CALC_STATUS.calculated,
        ),
      ).catch((error: unknown) =>
        ctx.log.warn('payload after an edit failed', { versionId: input.versionId, err: error }),
      );
    return answer;
  };
  if (!calculates) return edit();
  const run = await ctx.jobs.leases.with(calculationLease(input.versionId), edit);
  if (!run) throw new AppError('CalculationRunning');
  return run.value;
}

async function editHeld(
  ctx: SpaceContext,
  client: pg.PoolClient,
  input: ApplyEditInput,
  calculates: boolean,
) {
  const spaceId = ctx.space.spaceId;
  const { versionId } = input;
  const version = await versionForEdit(client, spaceId, versionId);
  if (version.revision !== input.revision) throw new AppError('Conflict');
  // Read after the version row is locked and its revision moved on: the document carries the new one.
  const read = await versionDocument(client, spaceId, versionId);
  const doc = read.document;
  let plan: EditPlan;
  try {
    plan = planEdit(doc, input.commands);
  } catch (error) {
    if (error instanceof EditRefused) throw new AppError(error.code, {}, error.issues);
    throw error;
  }

  const undo = new UndoRecorder(client);
  await writeWorks(client, undo, doc, plan);
  const relationIds = await writeRelations(client, undo, spaceId, versionId, read.relationIds, plan);
  const document = withRevisionsMovedOn(plan);

  let conflicts: { workId: string; kind: string; work: string }[] = [];
  let saved = document;
  let results: RowResults | null = null;
  let rolledRows: number[] = [];
  let payload: Promise<EncodedPayload | null> = Promise.resolve(null);
  if (calculates) {
    const run = await calculateAndWrite(client, { document, relationIdsByRow: relationIds });
    ({ conflicts, results, payload } = run);
    saved = documentWithResults(document, run.results);
  } else if (plan.works.size) {
    // Not calculated: the summaries above the edited works are rolled up all the same (a new duration
    // weighs their % complete), in the document kept and answered too.
    const rolled = await rollUpAndWrite(client, document);
    saved = rolled.document;
    rolledRows = rolled.rows;
  }
  // Not rolled up by the undo record: the save wrote the roll-ups (with the calculation, or above), and
  // the document kept below must be exactly what the transaction wrote.
  await undo.save(ctx, versionId, plan.works.size ? 'undo_wbs' : 'undo_relation', 'works.apply_edit', {
    rollUp: false,
  });
  const after = await versionFingerprints(client, spaceId, versionId);
  return {
    answer: {
      success: true as const,
      /** The version's revision after the edit: the next edit is based on it. */
      versionRevision: version.revision + 1,
      calculated: calculates,
      conflicts,
      /**
       * What the edit changed in the document the client edited (at `input.revision`), for it to apply
       * instead of loading the version again; null when it is more than a load would cost.
       */
      changes: documentChanges(read.document, saved, MAX_CHANGED_ROWS),
    },
    saved: {
      read,
      document: saved,
      payload,
      relationIds,
      writtenRows: [...plan.works.keys(), ...(results?.changedRows ?? []), ...rolledRows],
      after,
    },
  };
}

/**
 * Beyond this many changed works an edit's answer carries no changes: ~15 numbers a row as JSON weigh
 * about as much as the binary payload of the whole version at 20,000 rows of 100,000.
 */
const MAX_CHANGED_ROWS = 20_000;

/** The edited document as written: each changed work's revision moved on by one, as `writeWorks` does. */
function withRevisionsMovedOn(plan: EditPlan): ScheduleDocument {
  if (plan.works.size === 0) return plan.document;
  const revision = plan.document.revision.slice();
  for (const row of plan.works.keys()) revision[row]! += 1;
  return { ...plan.document, revision };
}

/** Writes the changed works' duration and limits (their other fields are as read, under the version's lock). */
async function writeWorks(client: pg.PoolClient, undo: UndoRecorder, doc: ScheduleDocument, plan: EditPlan) {
  const rows = [...plan.works.keys()];
  if (rows.length === 0) return;
  const ids = rows.map((row) => doc.ids[row]!);
  await undo.works(ids);
  const edited = plan.document;
  const type = (code: number) => LIMIT_TYPES[code - 1] ?? null;
  await client.query(
    `UPDATE works w SET "durationMinutes" = u.duration,
       "startLimit" = u.start_type::"LimitType", "startLimitDate" = ${sqlTimestampOfMinutes('u.start_date')},
       "finishLimit" = u.finish_type::"LimitType", "finishLimitDate" = ${sqlTimestampOfMinutes('u.finish_date')},
       revision = w.revision + 1, "updatedAt" = now()
     FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[])
       AS u(id, duration, start_type, start_date, finish_type, finish_date)
     WHERE w.id = u.id`,
    [
      ids,
      rows.map((row) => edited.durationMinutes[row]!),
      rows.map((row) => type(edited.startLimit[row]!)),
      rows.map((row) => edited.startLimitDate[row]!),
      rows.map((row) => type(edited.finishLimit[row]!)),
      rows.map((row) => edited.finishLimitDate[row]!),
    ],
  );
}

/**
 * Deletes the relations the edit removes and inserts the ones it adds; returns the stored ids of the
 * edited document's relations, in its order (the kept ones, then the new ones).
 */
async function writeRelations(
  client: pg.PoolClient,
  undo: UndoRecorder,
  spaceId: string,
  versionId: string,
  stored: readonly string[],
  plan: EditPlan,
): Promise<string[]> {
  const removed = new Set(plan.removed);
  const kept = stored.filter((_, k) => !removed.has(k));
  if (removed.size) {
    const ids = plan.removed.map((k) => stored[k]!);
    await undo.relations(ids);
    await client.query(`DELETE FROM relations WHERE id = ANY($1::uuid[])`, [ids]);
  }
  if (plan.added.length === 0) return kept;
  // Ids made here rather than by the database: the edited document's order needs each new row's id.
  const added = plan.added.map(() => randomUUID());
  const doc = plan.document;
  await client.query(
    `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes")
     SELECT u.id, $1, $2, u.predecessor, u.successor, u.type::"LinkType", u.lag
     FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::int[]) AS u(id, predecessor, successor, type, lag)`,
    [
      spaceId,
      versionId,
      added,
      plan.added.map((a) => doc.ids[a.predecessor]!),
      plan.added.map((a) => doc.ids[a.successor]!),
      plan.added.map((a) => a.type),
      plan.added.map((a) => a.lagMinutes),
    ],
  );
  undo.created('relations', added);
  return [...kept, ...added];
}
