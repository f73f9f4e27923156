import { WORK_STATUSES } from '@takt/contracts';
import { NO_TIME } from '@takt/engine';
import { type ScheduleDocument, textOf } from '@takt/schedule';
import type pg from 'pg';
import { CopyRows, copyIn } from '../../db/copy';
import { sqlTimestampOfMinutes } from '../../db/time';
import { type RowResults, SUMMARY } from './rows';

const at = sqlTimestampOfMinutes;

/** The work statuses in the order of the document's status column, as an SQL array to index (1-based). */
const STATUSES = `ARRAY[${WORK_STATUSES.map((status) => `'${status}'`).join(', ')}]::"WorkStatus"[]`;

/**
 * Writes the calculated dates, floats and critical flags of the rows whose results changed (every row on
 * a first calculation, a few after an edit), and on the summaries among them their roll-ups (duration,
 * % complete, status, volumes and unit), inside the caller's transaction: the rows sent by one binary
 * COPY into a temporary table, then one UPDATE from it, so each row is written once. At 100,000 rows this
 * spares the text of eight 100,000-element array parameters, which `pg` wrote and PostgreSQL parsed back
 * value by value, and the second write of every summary (docs/architecture.md, "The calculation round
 * trip"). Like the calculated dates the roll-ups are results: the row's revision stays.
 */
export async function writeWorkResults(
  client: pg.PoolClient,
  doc: ScheduleDocument,
  rows: ArrayLike<number>,
  r: RowResults,
) {
  const { ids } = doc;
  const rolled = r.rolled;
  const copied = new CopyRows();
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    copied
      .row(15)
      .uuid(ids[row]!)
      .int32(r.earlyStart[row]!)
      .int32(r.earlyFinish[row]!)
      .int32(r.lateStart[row]!)
      .int32(r.lateFinish[row]!)
      .int32(r.totalFloat[row]!)
      .int32(r.freeFloat[row]!)
      .bool(r.critical[row] === 1);
    if (doc.type[row] === SUMMARY) {
      const unit = rolled.unit[row]!;
      copied
        .bool(true)
        .int32(rolled.durationMinutes[row]!)
        .float64(rolled.progress[row]!)
        .int32(rolled.status[row]!)
        .float64(rolled.planVolume[row]!)
        .float64(rolled.factVolume[row]!)
        .text(unit >= 0 ? textOf(doc, unit) : null);
    } else copied.bool(false).nulls(6);
  }
  await scratchTable(
    client,
    'calculated_works',
    `id uuid, es int, ef int, ls int, lf int, tf int, ff int, cr bool,
     summary bool, duration int, progress float8, status int, plan float8, fact float8, unit text`,
  );
  await copyIn(client, 'COPY calculated_works FROM STDIN (FORMAT binary)', copied);
  // A summary's roll-up: NaN volumes are none; the other rows keep theirs.
  const rolledUp = (column: string, value: string) =>
    `"${column}" = CASE WHEN u.summary THEN ${value} ELSE w."${column}" END`;
  await client.query(
    `UPDATE works w SET "earlyStart" = ${at('u.es')}, "earlyFinish" = ${at('u.ef')}, "lateStart" = ${at('u.ls')},
       "lateFinish" = ${at('u.lf')}, "planStart" = coalesce(${at('u.es')}, w."planStart"),
       "planFinish" = coalesce(${at('u.ef')}, w."planFinish"),
       "totalFloat" = CASE WHEN u.es = ${NO_TIME} THEN NULL ELSE u.tf END,
       "freeFloat" = CASE WHEN u.es = ${NO_TIME} THEN NULL ELSE u.ff END,
       critical = u.cr,
       ${rolledUp('durationMinutes', 'u.duration')}, ${rolledUp('progress', 'u.progress')},
       ${rolledUp('status', `coalesce((${STATUSES})[u.status + 1], 'not_started')`)},
       ${rolledUp('planVolume', `nullif(u.plan, 'NaN')`)}, ${rolledUp('factVolume', `nullif(u.fact, 'NaN')`)},
       ${rolledUp('unit', 'u.unit')}
     FROM calculated_works u
     WHERE w.id = u.id`,
  );
}

/** Writes the driving flags of the relations whose flag changed (by relation id), as `writeWorkResults` does. */
export async function writeDrivingFlags(
  client: pg.PoolClient,
  relationIds: readonly string[],
  changed: ArrayLike<number>,
  driving: Uint8Array,
) {
  const copied = new CopyRows();
  for (let j = 0; j < changed.length; j++) {
    const k = changed[j]!;
    copied
      .row(2)
      .uuid(relationIds[k]!)
      .bool(driving[k] === 1);
  }
  await scratchTable(client, 'calculated_relations', 'id uuid, driving bool');
  await copyIn(client, 'COPY calculated_relations FROM STDIN (FORMAT binary)', copied);
  await client.query(
    `UPDATE relations r SET driving = u.driving FROM calculated_relations u WHERE r.id = u.id`,
  );
}

/**
 * An empty temporary table of this transaction (dropped when it ends; emptied when one transaction
 * writes twice). Without statistics the planner sizes it by its pages, which is what the UPDATE needs.
 */
async function scratchTable(client: pg.PoolClient, name: string, columns: string) {
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS ${name} (${columns}) ON COMMIT DROP; TRUNCATE ${name}`);
}
