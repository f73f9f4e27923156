import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { anyOf, inTransaction, type Sql } from '../../db/sql';
import { scheduleNode } from '../versions';
import { firstFree, type Numbering, numberedCode, numberingOf } from './codes';

/**
 * Each schedule's numbering of new works (docs/product-rules.md, "Codes of new works"), shared by its
 * versions like P6's project-wide activity-ID numbering. The stored `next` is a counter: a new work takes
 * it after one indexed probe of the version's codes (works by version and code), instead of reading every
 * code of the version; the codes are read only once, for a schedule that has no numbering stored yet.
 */

/** Numbers probed at once for a free code: a run of taken ones longer than this probes again. */
const PROBE = 16;

const numberingColumns = ['prefix', 'start', 'increment', 'width', 'next', 'revision'] as const;

/**
 * The numbering a schedule's codes follow when none is stored: the pattern of the row the new work
 * follows, else of a numbered sibling, else of the version's latest numbered work (each read through an
 * index: the row by its id, siblings by parent), over the codes of that prefix.
 */
async function inferredNumbering(
  on: Sql,
  versionId: string,
  parentId: string | null,
  neighbourId: string | null,
): Promise<Numbering> {
  const db = kyselyOf(on);
  // The codes of the version's works that end in a digit: the anchor is the first of them found.
  const numbered = () =>
    db
      .selectFrom('works')
      .select('code')
      .where('versionId', '=', versionId)
      .where(sql<boolean>`code ~ '[0-9]$'`);
  let anchor: string | null = null;
  if (neighbourId) anchor = (await numbered().where('id', '=', neighbourId).executeTakeFirst())?.code ?? null;
  if (!anchor) {
    const sibling = await numbered()
      .where(parentId === null ? sql<boolean>`"parentId" IS NULL` : sql<boolean>`"parentId" = ${parentId}`)
      .orderBy('sortKey', 'desc')
      .limit(1)
      .executeTakeFirst();
    anchor = sibling?.code ?? null;
  }
  if (!anchor) {
    const latest = await numbered()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    anchor = latest?.code ?? null;
  }
  const prefix = anchor?.replace(/\d+$/, '') ?? '';
  const { rows } = await sql<{ code: string }>`
    SELECT code FROM works
    WHERE "versionId" = ${versionId} AND starts_with(code, ${prefix}) AND code ~ '[0-9]$'`.execute(db);
  return numberingOf(
    anchor,
    rows.map((r) => r.code),
  );
}

/**
 * The code of a new work of `versionId` (of `scheduleId`) placed under `parentId` next to `neighbourId`:
 * the schedule's numbering's next free number, which moves the counter past it. Runs inside the work's
 * transaction; the numbering's row stays locked until it ends, so concurrent inserts take numbers in turn.
 */
export async function takeWorkCode(
  client: pg.PoolClient,
  spaceId: string,
  scheduleId: string,
  versionId: string,
  place: { parentId: string | null; neighbourId: string | null },
): Promise<string> {
  const db = kyselyOf(client);
  const locked = () =>
    db
      .selectFrom('code_numberings')
      .select(numberingColumns)
      .where('scheduleId', '=', scheduleId)
      .forUpdate()
      .executeTakeFirst();
  let numbering: Numbering | undefined = await locked();
  if (!numbering) {
    const read = await inferredNumbering(client, versionId, place.parentId, place.neighbourId);
    // Two first inserts at once: one row is written, both then lock and use it.
    await db
      .insertInto('code_numberings')
      .values({ scheduleId, spaceId, ...read, updatedAt: sql<Date>`now()` })
      .onConflict((oc) => oc.column('scheduleId').doNothing())
      .execute();
    numbering = (await locked())!;
  }
  let number: number | null = null;
  for (let from = numbering.next; number === null; from += PROBE * numbering.increment) {
    const candidates = Array.from({ length: PROBE }, (_, k) =>
      numberedCode(numbering, from + k * numbering.increment),
    );
    const taken = await db
      .selectFrom('works')
      .select('code')
      .where('versionId', '=', versionId)
      .where('code', '=', anyOf(candidates, 'text'))
      .execute();
    number = firstFree(numbering, from, PROBE, new Set(taken.map((r) => r.code!)));
  }
  await db
    .updateTable('code_numberings')
    .set({ next: number + numbering.increment, updatedAt: sql<Date>`now()` })
    .where('scheduleId', '=', scheduleId)
    .execute();
  return numberedCode(numbering, number);
}

/** A numbering as the API shows it: the start number written with its width, and the next code. */
function numberingDto(numbering: Numbering & { revision: number }, stored: boolean) {
  return {
    prefix: numbering.prefix,
    start: String(numbering.start).padStart(numbering.width, '0'),
    increment: numbering.increment,
    nextCode: numberedCode(numbering, numbering.next),
    stored,
    revision: numbering.revision,
  };
}

/** The version of the schedule whose codes a numbering is read from: the actual one, else the latest. */
async function readingVersion(on: Sql, spaceId: string, scheduleId: string) {
  const version = await kyselyOf(on)
    .selectFrom('versions')
    .select('id')
    .where('spaceId', '=', spaceId)
    .where('scheduleId', '=', scheduleId)
    .orderBy('actual', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return version?.id ?? null;
}

/** The schedule's numbering of new works: the stored one, else what its codes would give (not stored). */
export async function getCodeNumbering(ctx: SpaceContext, input: { scheduleId: string }) {
  const spaceId = ctx.space.spaceId;
  const on = ctx.db.pool;
  await scheduleNode(on, spaceId, input.scheduleId);
  const stored = await kyselyOf(on)
    .selectFrom('code_numberings')
    .select(numberingColumns)
    .where('scheduleId', '=', input.scheduleId)
    .executeTakeFirst();
  if (stored) return numberingDto(stored, true);
  const versionId = await readingVersion(on, spaceId, input.scheduleId);
  const read = versionId ? await inferredNumbering(on, versionId, null, null) : numberingOf(null, []);
  return numberingDto({ ...read, revision: 0 }, false);
}

/**
 * Stores the schedule's numbering. The counter starts at `start`, or past the largest number of the
 * prefix any version of the schedule already has from `start` on (read once, here), so new works do not
 * probe through a long run of taken codes.
 */
export async function saveCodeNumbering(
  ctx: SpaceContext,
  input: { scheduleId: string; prefix: string; start: string; increment: number },
) {
  const spaceId = ctx.space.spaceId;
  const { scheduleId, prefix, increment } = input;
  const start = Number(input.start);
  const width = input.start.length;
  await inTransaction(ctx.db.pool, async (client) => {
    await scheduleNode(client, spaceId, scheduleId);
    const db = kyselyOf(client);
    const { rows } = await sql<{ highest: number | null }>`
      SELECT max(substr(w.code, ${prefix.length + 1})::bigint) AS highest
      FROM works w JOIN versions v ON v.id = w."versionId"
      WHERE v."scheduleId" = ${scheduleId} AND v."spaceId" = ${spaceId}
        AND starts_with(w.code, ${prefix}) AND substr(w.code, ${prefix.length + 1}) ~ '^[0-9]{1,9}$'`.execute(
      db,
    );
    const highest =
      rows[0]?.highest === null || rows[0]?.highest === undefined ? null : Number(rows[0].highest);
    const next = highest !== null && highest >= start ? highest + increment : start;
    const values = { prefix, start, increment, width, next, updatedAt: sql<Date>`now()` };
    await db
      .insertInto('code_numberings')
      .values({ scheduleId, spaceId, ...values })
      .onConflict((oc) =>
        oc
          .column('scheduleId')
          .doUpdateSet((eb) => ({ ...values, revision: eb('code_numberings.revision', '+', 1) })),
      )
      .execute();
  });
  return getCodeNumbering(ctx, { scheduleId });
}
