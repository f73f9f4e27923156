/**
 * An imported file (the interchange model) → a new version in the database, inside the caller's transaction:
 * calendars (an identical calendar of the space is reused), works (WBS nodes as summary works, activities with
 * constraints, progress, baseline as the approved plan and the chosen early/late dates), relations, and the
 * file's activity codes and UDFs as the schedule's attributes, its resources into the space's resources directory
 * (matched by code) and its resource assignments into the version. Every table is written with `unnest` inserts,
 * parents before children, in chunks that report progress (and so may be stopped).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AttributeType,
  CALC_STATUS,
  type ImportReport,
  SCHEDULE_LIMITS,
  type SkippedItem,
} from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { type CalculateOptions, NO_TIME, type ScheduleResult, timeFromIso } from '@takt/engine';
import type {
  IxActivity,
  IxCalendar,
  IxConstraint,
  IxInterval,
  IxProject,
  IxRecorded,
  IxResource,
} from '@takt/interchange';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { anyOf, unnestColumns } from '../../db/sql';
import { sqlTimestampOfMinutes } from '../../db/time';
import type { WorkRowOf } from '../../db/work-row';
import { insertVersion } from '../versions';
import { ORDER_GAP } from '../works';
import { exceptionDays } from './read-version';

const CHUNK = 20_000;

export class SkippedList {
  private items = new Map<string, SkippedItem>();
  add(reason: string, example?: string) {
    let item = this.items.get(reason);
    if (!item) {
      item = { reason, count: 0, examples: [] };
      this.items.set(reason, item);
    }
    item.count++;
    if (example && item.examples.length < 5) item.examples.push(example);
  }
  addCount(reason: string, count: number) {
    if (count <= 0) return;
    this.items.set(reason, { reason, count, examples: [] });
  }
  list(): SkippedItem[] {
    return [...this.items.values()];
  }
}

export type WrittenCounts = NonNullable<ImportReport['written']>;

export interface WriteVersionInput {
  scheduleId: string;
  /** default: "Version N" in the user's language */
  name: string | undefined;
  project: IxProject;
  /** the engine's results for the file, with the options the file asked for */
  result: ScheduleResult;
  options: CalculateOptions;
  /** 'keep': the dates the file recorded are stored as the calculated values where it has them */
  keepRecorded: boolean;
  /** custom attribute values (activity codes and UDFs, or an archive's attributes) */
  attributes: readonly AttributeEntry[];
  /** a Takt archive's per-work extras */
  workExtras?: Readonly<Record<string, TaktWorkExtra>>;
  progress: (done: number, total: number) => Promise<void>;
}

const LIMIT_OF: Record<string, { side: 'start' | 'finish'; type: 'not_earlier' | 'not_later' | 'in_date' }> =
  {
    start_on: { side: 'start', type: 'in_date' },
    start_on_or_before: { side: 'start', type: 'not_later' },
    start_on_or_after: { side: 'start', type: 'not_earlier' },
    mandatory_start: { side: 'start', type: 'in_date' },
    finish_on: { side: 'finish', type: 'in_date' },
    finish_on_or_before: { side: 'finish', type: 'not_later' },
    finish_on_or_after: { side: 'finish', type: 'not_earlier' },
    mandatory_finish: { side: 'finish', type: 'in_date' },
  };

const minutes = (iso: string | null | undefined): number => (iso ? timeFromIso(iso) : NO_TIME);
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Time-ordered ids (UUID version 7: the milliseconds, then a counter, then random bits) for the works of one
 * import, ascending in the order they are written: the primary key and the relations' and assignments'
 * work indexes then grow at their right edge instead of at random pages all over a large table.
 */
export function timeOrderedIds(): () => string {
  const time = Date.now().toString(16).padStart(12, '0');
  const random = randomBytes(4).toString('hex');
  const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
  let counter = 0;
  return () => {
    const n = counter++;
    // the counter's high 12 bits after the version digit, its low 30 bits after the variant bits
    const high = Math.floor(n / 2 ** 30) & 0xfff;
    const low = n % 2 ** 30;
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(high, 3)}-${hex(0x8000 | (low >>> 16), 4)}-${hex(low & 0xffff, 4)}${random}`;
  };
}

/**
 * A row of the works insert, in the order rows are written (parents first): the columns the import sets
 * from the file's work itself, and where it came from (the model's id, the activity of a non-summary).
 */
type WorkRow = WorkRowOf<
  'id' | 'parentId' | 'sortKey' | 'code' | 'name' | 'type' | 'durationMinutes' | 'calendarId'
> & {
  modelId: string;
  activity: IxActivity | null;
};

export async function writeImportedVersion(
  ctx: SpaceContext,
  client: pg.PoolClient,
  input: WriteVersionInput,
  skipped: SkippedList,
): Promise<{ versionId: string; written: WrittenCounts }> {
  const spaceId = ctx.space.spaceId;
  const p = input.project;
  const written: WrittenCounts = {
    works: 0,
    summaries: 0,
    relations: 0,
    calendarsCreated: 0,
    calendarsReused: 0,
    attributesCreated: 0,
    attributesReused: 0,
    attributeValues: 0,
    resourcesCreated: 0,
    resourcesReused: 0,
    assignments: 0,
  };
  const versionId = await insertVersion(ctx, client, { scheduleId: input.scheduleId, name: input.name });
  const checksOff = await withoutForeignKeyChecks(client);

  const calendarIds = await writeCalendars(client, spaceId, p.calendars, written);
  if (checksOff)
    // what the foreign-key checks would hold: the calendars the works refer to stay until the commit
    await client.query(`SELECT 1 FROM calendars WHERE id = ANY($1::uuid[]) FOR KEY SHARE`, [
      [...new Set(calendarIds.values())],
    ]);
  const { projectFinish: _ignored, ...options } = input.options as CalculateOptions & {
    projectFinish?: string;
  };
  await client.query(
    `UPDATE versions SET "projectStart" = $2::timestamp, "dataDate" = $3::timestamp, "calendarId" = $4,
       "scheduleOptions" = $5::jsonb, "calcStatus" = ${CALC_STATUS.calculated}, "calculatedAt" = now(), "updatedAt" = now()
     WHERE id = $1`,
    [
      versionId,
      p.start || null,
      p.dataDate ?? null,
      calendarIds.get(p.defaultCalendarId) ?? null,
      JSON.stringify({ ...options, ...(p.mustFinishBy ? { projectFinish: p.mustFinishBy } : {}) }),
    ],
  );

  const rows = orderedWorks(p, calendarIds, skipped);
  const uuidOf = new Map(rows.map((r) => [r.modelId, r.id]));
  const total = rows.length + p.relations.length;
  let done = 0;
  const index = new Map(input.result.workIds.map((id, i) => [id, i]));
  for (let from = 0; from < rows.length; from += CHUNK) {
    await insertWorks(client, spaceId, versionId, rows.slice(from, from + CHUNK), input, index, skipped);
    done += Math.min(CHUNK, rows.length - from);
    await input.progress(done, total);
  }
  written.works = rows.filter((r) => r.type !== 'sum').length;
  written.summaries = rows.length - written.works;

  const relationId = timeOrderedIds();
  for (let from = 0; from < p.relations.length; from += CHUNK) {
    const part = p.relations.slice(from, from + CHUNK);
    await client.query(
      `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", driving)
       SELECT u.id, $1, $2, u.p, u.s, u.t::"LinkType", u.lag, u.d
       FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::int[], $7::bool[], $8::uuid[]) AS u(p, s, t, lag, d, id)`,
      [
        spaceId,
        versionId,
        part.map((r) => uuidOf.get(r.predecessorId)),
        part.map((r) => uuidOf.get(r.successorId)),
        part.map((r) => r.type),
        part.map((r) => r.lagMinutes),
        part.map((_, k) => input.result.relationDriving[from + k] === 1),
        part.map(() => relationId()),
      ],
    );
    for (const r of part)
      if (r.lagCalendar && r.lagCalendar !== options.lagCalendar)
        skipped.add('lag_calendar', `${r.predecessorId} → ${r.successorId}`);
    done += part.length;
    await input.progress(done, total);
  }
  written.relations = p.relations.length;

  await writeAttributes(client, spaceId, input.scheduleId, input.attributes, uuidOf, written);
  if (input.workExtras) await applyWorkExtras(client, input.workExtras, uuidOf);
  if (p.resources.length || p.assignments.length) {
    const resourceIds = await writeResources(client, spaceId, p.resources, calendarIds, written);
    await writeAssignments(client, spaceId, versionId, p, uuidOf, resourceIds, written, skipped);
  }
  if (checksOff) await client.query(`SET LOCAL session_replication_role = origin`);
  return { versionId, written };
}

/**
 * Foreign-key checks cost a trigger call per inserted row (about a third of writing a large file). The rows an
 * import writes refer only to rows of the same transaction (its version, works written parents first) and to
 * calendars and resources it locks with FOR KEY SHARE, exactly as the checks would, so where the database
 * role may set `session_replication_role` the checks are off until the writing is done. Elsewhere (the
 * setting refused) the import runs with the checks.
 */
async function withoutForeignKeyChecks(client: pg.PoolClient): Promise<boolean> {
  await client.query('SAVEPOINT fk_checks');
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query('RELEASE SAVEPOINT fk_checks');
    return true;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT fk_checks');
    return false;
  }
}

/** WBS nodes and activities in outline order (a parent before its children), with sibling order keys. */
function orderedWorks(p: IxProject, calendarIds: Map<string, string>, skipped: SkippedList): WorkRow[] {
  const hasChildren = new Set<string>();
  for (const a of p.activities) {
    const parent = a.parentId ?? a.wbsId;
    if (parent) hasChildren.add(parent);
  }
  for (const w of p.wbs) if (w.parentId) hasChildren.add(w.parentId);
  const known = new Set([...p.wbs.map((w) => w.id), ...p.activities.map((a) => a.id)]);
  const kids = new Map<string | null, { wbs: string[]; acts: IxActivity[] }>();
  const kidsOf = (id: string | null) => {
    let k = kids.get(id);
    if (!k) {
      k = { wbs: [], acts: [] };
      kids.set(id, k);
    }
    return k;
  };
  const wbsById = new Map(p.wbs.map((w) => [w.id, w]));
  for (const w of p.wbs) kidsOf(w.parentId && known.has(w.parentId) ? w.parentId : null).wbs.push(w.id);
  for (const a of p.activities) {
    const parent = a.parentId ?? a.wbsId;
    kidsOf(parent && known.has(parent) ? parent : null).acts.push(a);
  }
  const rows: WorkRow[] = [];
  const nextId = timeOrderedIds();
  const text = (value: string, max: number, what: string) => {
    if (value.length > max) skipped.add('text_shortened', `${what}: ${value.slice(0, 40)}…`);
    return clip(value, max);
  };
  /** A work's code and name as stored: within their limits; a blank name is the code (or a dash). */
  const label = (code: string, name: string) => ({
    code: code ? text(code, SCHEDULE_LIMITS.codeMaxLength, code) : null,
    name: text(name.trim() || code || '—', SCHEDULE_LIMITS.workNameMaxLength, code),
  });
  // Iterative depth-first walk: a 350k-activity file may nest deeply enough to overflow recursion.
  const stack: { parent: string | null; parentUuid: string | null }[] = [{ parent: null, parentUuid: null }];
  while (stack.length) {
    const { parent, parentUuid } = stack.pop()!;
    const k = kids.get(parent);
    if (!k) continue;
    let order = 0;
    const later: { parent: string; parentUuid: string }[] = [];
    // The parent's own activities first, then its sub-WBS (P6 shows a WBS band's activities above its children).
    for (const a of k.acts) {
      const id = nextId();
      const type =
        a.type === 'summary'
          ? hasChildren.has(a.id)
            ? 'sum'
            : 'task'
          : a.type === 'start_milestone'
            ? 'milestone_start'
            : a.type === 'finish_milestone'
              ? 'milestone_finish'
              : 'task';
      if (a.type === 'level_of_effort' || a.type === 'wbs_summary' || a.type === 'resource_dependent')
        skipped.add(`activity_type_${a.type}`, a.code);
      rows.push({
        id,
        parentId: parentUuid,
        sortKey: ++order * ORDER_GAP,
        ...label(a.code, a.name),
        type,
        durationMinutes: type === 'milestone_start' || type === 'milestone_finish' ? 0 : a.durationMinutes,
        calendarId: a.calendarId ? (calendarIds.get(a.calendarId) ?? null) : null,
        modelId: a.id,
        activity: a,
      });
      if (hasChildren.has(a.id)) later.push({ parent: a.id, parentUuid: id });
    }
    for (const wbsId of k.wbs) {
      const w = wbsById.get(wbsId)!;
      const id = nextId();
      rows.push({
        id,
        parentId: parentUuid,
        sortKey: ++order * ORDER_GAP,
        ...label(w.code, w.name),
        type: 'sum',
        durationMinutes: 0,
        calendarId: null,
        modelId: w.id,
        activity: null,
      });
      later.push({ parent: w.id, parentUuid: id });
    }
    // Children are pushed in reverse so they are visited in order; the order of rows only has to put a
    // parent before its children, which holds for any visiting order.
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]!);
  }
  return rows;
}

async function insertWorks(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  rows: WorkRow[],
  input: WriteVersionInput,
  index: Map<string, number>,
  skipped: SkippedList,
) {
  const r = input.result;
  const col = {
    es: [] as number[],
    ef: [] as number[],
    ls: [] as number[],
    lf: [] as number[],
    tf: [] as (number | null)[],
    ff: [] as (number | null)[],
    cr: [] as boolean[],
    ps: [] as number[],
    pf: [] as number[],
    as: [] as number[],
    af: [] as number[],
    fs: [] as number[],
    fe: [] as number[],
    progress: [] as number[],
    status: [] as string[],
    sl: [] as (string | null)[],
    sld: [] as number[],
    fl: [] as (string | null)[],
    fld: [] as number[],
  };
  for (const row of rows) {
    const i = index.get(row.modelId);
    const calc = (a: Int32Array) => (i === undefined ? NO_TIME : a[i]!);
    const a = row.activity;
    const rec: IxRecorded = input.keepRecorded && a ? a.recorded : {};
    const scheduled = i !== undefined && r.earlyStart[i]! !== NO_TIME;
    const es = rec.earlyStart ? minutes(rec.earlyStart) : calc(r.earlyStart);
    const ef = rec.earlyFinish ? minutes(rec.earlyFinish) : calc(r.earlyFinish);
    col.es.push(es);
    col.ef.push(ef);
    col.ls.push(rec.lateStart ? minutes(rec.lateStart) : calc(r.lateStart));
    col.lf.push(rec.lateFinish ? minutes(rec.lateFinish) : calc(r.lateFinish));
    col.tf.push(rec.totalFloatMinutes ?? (scheduled ? r.totalFloat[i]! : null));
    col.ff.push(rec.freeFloatMinutes ?? (scheduled ? r.freeFloat[i]! : null));
    col.cr.push(rec.critical ?? (i !== undefined && r.critical[i] === 1));
    col.ps.push(rec.start ? minutes(rec.start) : es);
    col.pf.push(rec.finish ? minutes(rec.finish) : ef);
    col.as.push(minutes(a?.baselineStart));
    col.af.push(minutes(a?.baselineFinish));
    col.fs.push(minutes(a?.actualStart));
    col.fe.push(a?.actualStart ? minutes(a.actualFinish) : NO_TIME);
    const status =
      a?.actualFinish && a.actualStart ? 'completed' : a?.actualStart ? 'in_progress' : 'not_started';
    col.status.push(status);
    col.progress.push(a ? progressOf(a, status) : 0);
    const limits: { start?: IxConstraint & { t: string }; finish?: IxConstraint & { t: string } } = {};
    for (const c of [a?.constraint, a?.constraint2]) {
      if (!c) continue;
      const m = LIMIT_OF[c.type]!;
      if (limits[m.side]) {
        skipped.add('second_constraint', a!.code);
        continue;
      }
      if (c.type.startsWith('mandatory')) skipped.add('mandatory_constraint', a!.code);
      limits[m.side] = { ...c, t: m.type };
    }
    if (a?.asLateAsPossible) skipped.add('as_late_as_possible', a.code);
    col.sl.push(limits.start?.t ?? null);
    col.sld.push(minutes(limits.start?.date));
    col.fl.push(limits.finish?.t ?? null);
    col.fld.push(minutes(limits.finish?.date));
  }
  const at = (c: string) => sqlTimestampOfMinutes(`u.${c}`);
  await client.query(
    `INSERT INTO works (id, "spaceId", "versionId", "parentId", "originId", "sortKey", code, name, type,
       "durationMinutes", "calendarId", "planStart", "planFinish", "approvedStart", "approvedFinish", "factStart",
       "factFinish", "earlyStart", "earlyFinish", "lateStart", "lateFinish", "totalFloat", "freeFloat", critical,
       progress, status, "startLimit", "startLimitDate", "finishLimit", "finishLimitDate")
     SELECT u.id, $1, $2, u.parent, u.id, u.sk, u.code, u.name, u.type::"WorkType", u.dur, u.cal,
       ${at('ps')}, ${at('pf')}, ${at('bs')}, ${at('bf')}, ${at('fs')}, ${at('fe')}, ${at('es')}, ${at('ef')},
       ${at('ls')}, ${at('lf')}, u.tf, u.ff, u.cr, u.progress, u.status::"WorkStatus", u.sl::"LimitType", ${at('sld')},
       u.fl::"LimitType", ${at('fld')}
     FROM unnest($3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[], $10::uuid[],
       $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[], $18::int[], $19::int[],
       $20::int[], $21::int[], $22::int[], $23::bool[], $24::float8[], $25::text[], $26::text[], $27::int[],
       $28::text[], $29::int[])
       AS u(id, parent, sk, code, name, type, dur, cal, ps, pf, bs, bf, fs, fe, es, ef, ls, lf, tf, ff, cr, progress,
         status, sl, sld, fl, fld)`,
    [
      spaceId,
      versionId,
      ...unnestColumns(rows, [
        'id',
        'parentId',
        'sortKey',
        'code',
        'name',
        'type',
        'durationMinutes',
        'calendarId',
      ]),
      col.ps,
      col.pf,
      col.as,
      col.af,
      col.fs,
      col.fe,
      col.es,
      col.ef,
      col.ls,
      col.lf,
      col.tf,
      col.ff,
      col.cr,
      col.progress,
      col.status,
      col.sl,
      col.sld,
      col.fl,
      col.fld,
    ],
  );
}

/**
 * Takt's progress drives the remaining duration (remaining = duration × (1 − progress)), so an in-progress
 * activity's progress is its duration percent complete: the file's remaining duration is kept exactly.
 */
function progressOf(a: IxActivity, status: string): number {
  if (status === 'completed') return 100;
  if (status === 'in_progress' && a.remainingMinutes !== undefined && a.durationMinutes > 0)
    return Math.min(100, Math.max(0, (1 - a.remainingMinutes / a.durationMinutes) * 100));
  return Math.min(100, Math.max(0, a.percentComplete ?? 0));
}

interface CalendarShape {
  allDay: boolean;
  hoursPerDay: number | null;
  week: IxInterval[][];
  exceptions: { date: string; intervals: IxInterval[] }[];
}

const shapeKey = (name: string, c: CalendarShape) =>
  JSON.stringify([name, c.allDay, c.hoursPerDay, c.week, c.exceptions]);

/** The file's calendars as calendars of the space; one identical to an existing calendar (same name and hours) is reused. */
async function writeCalendars(
  client: pg.PoolClient,
  spaceId: string,
  calendars: IxCalendar[],
  written: WrittenCounts,
): Promise<Map<string, string>> {
  const rows = await kyselyOf(client)
    .selectFrom('calendars as c')
    .select(['c.id', 'c.name', 'c.allDay', 'c.hoursPerDay'])
    .select((eb) => [eb.ref('c.week').$castTo<IxInterval[][]>().as('week'), exceptionDays().as('exceptions')])
    .where('c.spaceId', '=', spaceId)
    .execute();
  const existing = new Map(
    rows.map((c) => [
      shapeKey(c.name, {
        allDay: c.allDay,
        hoursPerDay: c.hoursPerDay,
        week: c.week,
        exceptions: c.exceptions ?? [],
      }),
      c.id,
    ]),
  );
  const ids = new Map<string, string>();
  for (const c of calendars) {
    const name = clip(c.name.trim() || c.id, 32);
    const shape: CalendarShape = {
      allDay: c.allDay ?? false,
      hoursPerDay: c.hoursPerDay && c.hoursPerDay > 0 ? c.hoursPerDay : null,
      week: c.week,
      exceptions: [...c.exceptions].sort((a, b) => (a.date < b.date ? -1 : 1)),
    };
    const key = shapeKey(name, shape);
    const found = existing.get(key);
    if (found) {
      ids.set(c.id, found);
      written.calendarsReused++;
      continue;
    }
    const id = randomUUID();
    await client.query(
      `INSERT INTO calendars (id, "spaceId", name, "isDefault", "allDay", "hoursPerDay", week, "updatedAt")
       VALUES ($1, $2, $3, NOT EXISTS (SELECT 1 FROM calendars WHERE "spaceId" = $2), $4, $5, $6::jsonb, now())`,
      [id, spaceId, name, shape.allDay, shape.hoursPerDay, JSON.stringify(shape.week)],
    );
    if (shape.exceptions.length)
      await client.query(
        `INSERT INTO calendar_exceptions (id, "spaceId", "calendarId", date, intervals)
         SELECT gen_random_uuid(), $1, $2, u.d::date, u.i::jsonb FROM unnest($3::text[], $4::text[]) AS u(d, i)`,
        [
          spaceId,
          id,
          shape.exceptions.map((e) => e.date),
          shape.exceptions.map((e) => JSON.stringify(e.intervals)),
        ],
      );
    existing.set(key, id);
    ids.set(c.id, id);
    written.calendarsCreated++;
  }
  return ids;
}

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/;

/** A custom attribute value of an imported work: the work's model id, the attribute's name and type. */
export interface AttributeEntry {
  workId: string;
  name: string;
  valueType: AttributeType;
  value: string | number | boolean;
}

/**
 * Activity codes become text attributes of the schedule; UDFs / extended attributes become number, date or
 * text attributes by their values (one name with values of several kinds: text).
 */
export function attributeEntriesOf(p: IxProject): AttributeEntry[] {
  const types = new Map<string, AttributeType>();
  const widen = (name: string, t: AttributeType) => {
    const had = types.get(name);
    types.set(name, had === undefined || had === t ? t : 'string');
  };
  for (const a of p.activities) {
    for (const name of Object.keys(a.codes)) widen(attrName(name), 'string');
    for (const [name, v] of Object.entries(a.udfs))
      widen(attrName(name), typeof v === 'number' ? 'number' : DATE_VALUE.test(v) ? 'date' : 'string');
  }
  const entries: AttributeEntry[] = [];
  for (const a of p.activities) {
    const put = (name: string, v: string | number) => {
      const valueType = types.get(attrName(name))!;
      entries.push({ workId: a.id, name, valueType, value: valueType === 'string' ? String(v) : v });
    };
    for (const [name, v] of Object.entries(a.codes)) put(name, v);
    for (const [name, v] of Object.entries(a.udfs)) put(name, v);
  }
  return entries;
}

/**
 * Writes attribute values: an attribute of the schedule (or of the space) with the same name and type is
 * reused, others are created for the schedule. One value per work and attribute (the first wins).
 */
async function writeAttributes(
  client: pg.PoolClient,
  spaceId: string,
  scheduleId: string,
  entries: readonly AttributeEntry[],
  uuidOf: Map<string, string>,
  written: WrittenCounts,
) {
  if (entries.length === 0) return;
  const types = new Map<string, AttributeType>();
  for (const e of entries) if (!types.has(attrName(e.name))) types.set(attrName(e.name), e.valueType);
  const rows = await kyselyOf(client)
    .selectFrom('attributes')
    .select(['id', 'name', 'valueType'])
    .where('spaceId', '=', spaceId)
    .where((eb) => eb.or([eb('scheduleId', '=', scheduleId), eb('scheduleId', 'is', null)]))
    .orderBy('scheduleId', (order) => order.nullsLast())
    .execute();
  const attrIds = new Map<string, string>();
  let sortKey = rows.length;
  for (const [name, valueType] of types) {
    const found = rows.find((r) => r.name.toLowerCase() === name.toLowerCase() && r.valueType === valueType);
    if (found) {
      attrIds.set(name, found.id);
      written.attributesReused++;
      continue;
    }
    const id = randomUUID();
    await client.query(
      `INSERT INTO attributes (id, "spaceId", name, "valueType", "scheduleId", "sortKey", "updatedAt")
       VALUES ($1, $2, $3, $4::"AttributeType", $5, $6, now())`,
      [id, spaceId, name, valueType, scheduleId, ++sortKey],
    );
    attrIds.set(name, id);
    written.attributesCreated++;
  }
  const work: string[] = [];
  const attr: string[] = [];
  const value: string[] = [];
  const seen = new Set<string>();
  const flush = async () => {
    if (!work.length) return;
    await client.query(
      `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
       SELECT $1, u.w, u.a, u.v::jsonb FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS u(w, a, v)`,
      [spaceId, work, attr, value],
    );
    written.attributeValues += work.length;
    work.length = attr.length = value.length = 0;
  };
  for (const e of entries) {
    const workId = uuidOf.get(e.workId);
    if (!workId) continue;
    const key = attrName(e.name);
    const attributeId = attrIds.get(key)!;
    // a code and a UDF of one name (or two names alike after shortening): the first value wins
    if (seen.has(`${workId}:${attributeId}`)) continue;
    seen.add(`${workId}:${attributeId}`);
    const type = types.get(key)!;
    work.push(workId);
    attr.push(attributeId);
    value.push(
      JSON.stringify(
        type === 'string' && typeof e.value === 'string'
          ? clip(e.value, SCHEDULE_LIMITS.workNameMaxLength)
          : e.value,
      ),
    );
    if (work.length >= CHUNK) await flush();
  }
  await flush();
}

const attrName = (name: string) => clip(name.trim() || '—', 32);

/**
 * What a Takt archive carries beyond the interchange model, per work (by model id): the Takt work type,
 * volumes and unit, the exact progress and the approved plan. Applied after the works are written.
 */
export interface TaktWorkExtra {
  type?: string;
  planVolume?: number | null;
  approvedVolume?: number | null;
  factVolume?: number | null;
  unit?: string | null;
  progress?: number;
  approvedStart?: string | null;
  approvedFinish?: string | null;
}

const WORK_TYPES = new Set(['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft']);

async function applyWorkExtras(
  client: pg.PoolClient,
  extras: Readonly<Record<string, TaktWorkExtra>>,
  uuidOf: Map<string, string>,
) {
  const rows = Object.entries(extras).filter(([id]) => uuidOf.has(id));
  for (let from = 0; from < rows.length; from += CHUNK) {
    const part = rows.slice(from, from + CHUNK);
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const date = (v: unknown) => (typeof v === 'string' && DATE_VALUE.test(v) ? v : null);
    await client.query(
      `UPDATE works w SET type = coalesce(u.type::"WorkType", w.type), "planVolume" = u.pv, "approvedVolume" = u.av,
         "factVolume" = u.fv, unit = u.unit, progress = coalesce(u.progress, w.progress),
         "approvedStart" = u.ast::timestamp, "approvedFinish" = u.afi::timestamp
       FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::text[], $7::float8[],
         $8::text[], $9::text[]) AS u(id, type, pv, av, fv, unit, progress, ast, afi)
       WHERE w.id = u.id`,
      [
        part.map(([id]) => uuidOf.get(id)),
        part.map(([, x]) => (x.type && WORK_TYPES.has(x.type) ? x.type : null)),
        part.map(([, x]) => num(x.planVolume)),
        part.map(([, x]) => num(x.approvedVolume)),
        part.map(([, x]) => num(x.factVolume)),
        part.map(([, x]) => (typeof x.unit === 'string' ? clip(x.unit, 16) : null)),
        part.map(([, x]) => {
          const p = num(x.progress);
          return p === null ? null : Math.min(100, Math.max(0, p));
        }),
        part.map(([, x]) => date(x.approvedStart)),
        part.map(([, x]) => date(x.approvedFinish)),
      ],
    );
  }
}

/** The kind of a Takt resource for a file's resource type: equipment is counted in hours like labour. */
export const RESOURCE_KIND_OF: Record<IxResource['type'], 'labour' | 'volume'> = {
  labor: 'labour',
  nonlabor: 'labour',
  material: 'volume',
};

const RESOURCE_NAME_MAX = 255;
const RESOURCE_CODE_MAX = 64;

/**
 * The file's resources in the space's resources directory: a resource of the space with the same code (or,
 * for a resource without a code, the same name) is reused as it is; others are created with the kind their
 * type implies and their calendar. A code another import creates meanwhile is reused, not a failure.
 */
async function writeResources(
  client: pg.PoolClient,
  spaceId: string,
  resources: readonly IxResource[],
  calendarIds: Map<string, string>,
  written: WrittenCounts,
): Promise<Map<string, string>> {
  const existing = await kyselyOf(client)
    .selectFrom('resources')
    .select(['id', 'code', 'name'])
    .where('spaceId', '=', spaceId)
    .execute();
  const byCode = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const r of existing) {
    if (r.code) byCode.set(r.code, r.id);
    else if (!byName.has(r.name.toLowerCase())) byName.set(r.name.toLowerCase(), r.id);
  }
  const ids = new Map<string, string>();
  const reused = new Set<string>();
  const created: {
    id: string;
    code: string | null;
    name: string;
    kind: string;
    calendarId: string | null;
  }[] = [];
  const createdIds = new Set<string>();
  for (const r of resources) {
    const code = clip(r.code.trim(), RESOURCE_CODE_MAX) || null;
    const name = clip(r.name.trim() || r.code.trim() || r.id, RESOURCE_NAME_MAX);
    const found = code ? byCode.get(code) : byName.get(name.toLowerCase());
    if (found) {
      ids.set(r.id, found);
      if (!createdIds.has(found)) reused.add(found);
      continue;
    }
    const id = randomUUID();
    created.push({
      id,
      code,
      name,
      kind: RESOURCE_KIND_OF[r.type],
      calendarId: r.calendarId ? (calendarIds.get(r.calendarId) ?? null) : null,
    });
    createdIds.add(id);
    if (code) byCode.set(code, id);
    else byName.set(name.toLowerCase(), id);
    ids.set(r.id, id);
  }
  if (created.length) {
    const { rows: inserted } = await client.query<{ id: string }>(
      `INSERT INTO resources (id, "spaceId", name, code, kind, "calendarId", "sortKey")
       SELECT u.id, $1, u.name, u.code, u.kind::"ResourceKind", u.cal,
         (SELECT coalesce(max("sortKey"), 0) FROM resources WHERE "spaceId" = $1) + u.n * 1024
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[]) WITH ORDINALITY AS u(id, name, code, kind, cal, n)
       ON CONFLICT ("spaceId", code) DO NOTHING
       RETURNING id`,
      [spaceId, ...unnestColumns(created, ['id', 'name', 'code', 'kind', 'calendarId'])],
    );
    const kept = new Set(inserted.map((r) => r.id));
    const lost = created.filter((c) => !kept.has(c.id));
    if (lost.length) {
      // created by someone else since the directory was read: use theirs
      const rows = await kyselyOf(client)
        .selectFrom('resources')
        .select(['id', 'code'])
        .where('spaceId', '=', spaceId)
        .where(
          'code',
          '=',
          anyOf(
            lost.map((c) => c.code!),
            'text',
          ),
        )
        .execute();
      const theirs = new Map(rows.map((r) => [r.code, r.id]));
      const replace = new Map(lost.map((c) => [c.id, theirs.get(c.code!)!]));
      for (const [model, id] of ids) {
        const other = replace.get(id);
        if (other) ids.set(model, other);
      }
      for (const id of replace.values()) reused.add(id);
    }
    written.resourcesCreated += kept.size;
  }
  written.resourcesReused += reused.size;
  // the resources the assignments refer to stay until the commit (what their foreign-key checks would hold)
  await client.query(`SELECT 1 FROM resources WHERE id = ANY($1::uuid[]) FOR KEY SHARE`, [
    [...new Set(ids.values())],
  ]);
  return ids;
}

/**
 * The file's resource assignments as assignments of the new version: the planned units as the planned
 * quantity and the actual units as the actual one. Takt keeps one assignment per work and resource, so the
 * file's several assignments of one resource to one activity are added together.
 */
async function writeAssignments(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  p: IxProject,
  uuidOf: Map<string, string>,
  resourceIds: Map<string, string>,
  written: WrittenCounts,
  skipped: SkippedList,
) {
  const merged = new Map<string, { work: string; resource: string; plan: number; fact: number | null }>();
  for (const a of p.assignments) {
    const work = uuidOf.get(a.activityId);
    const resource = resourceIds.get(a.resourceId);
    if (!work || !resource) {
      skipped.add('assignment_unknown_resource', `${a.activityId} → ${a.resourceId}`);
      continue;
    }
    const finite = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : undefined);
    const actual = finite(a.actualUnits);
    const plan =
      finite(a.plannedUnits) ??
      (actual !== undefined || finite(a.remainingUnits) !== undefined
        ? (actual ?? 0) + (finite(a.remainingUnits) ?? 0)
        : 0);
    const key = `${work}:${resource}`;
    const had = merged.get(key);
    if (had) {
      skipped.add('assignments_merged', a.activityId);
      had.plan += plan;
      if (actual !== undefined) had.fact = (had.fact ?? 0) + actual;
    } else merged.set(key, { work, resource, plan, fact: actual ?? null });
  }
  const rows = [...merged.values()];
  const assignmentId = timeOrderedIds();
  for (let from = 0; from < rows.length; from += CHUNK) {
    const part = rows.slice(from, from + CHUNK);
    await client.query(
      `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", "factQuantity")
       SELECT u.id, $1, $2, u.w, u.r, u.plan, u.fact
       FROM unnest($3::uuid[], $4::uuid[], $5::float8[], $6::float8[], $7::uuid[]) AS u(w, r, plan, fact, id)`,
      [
        spaceId,
        versionId,
        ...unnestColumns(part, ['work', 'resource', 'plan', 'fact']),
        part.map(() => assignmentId()),
      ],
    );
  }
  written.assignments = rows.length;
}
