import type { WorkColumnArrays } from '@takt/contracts';
import { LIMIT_TYPES, LINK_TYPES, WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import { CopyTable, copyOut, KIND, type Kind, onConnection } from '../../db/copy';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';

/** COPY takes no parameters: ids enter its text only in the one form a uuid has. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidLiteral = (id: string) => {
  if (!UUID.test(id)) throw new AppError('NotFound');
  return `'${id}'::uuid`;
};

/** The index of an enum value in `values` (0 when unknown). */
const indexIn = (column: string, values: readonly string[]) =>
  `(coalesce(array_position(ARRAY[${values.map((v) => `'${v}'`).join(',')}], ${column}::text), 1) - 1)`;
// 0 for no limit, else 1 + its index in LIMIT_TYPES.
const limitCode = (column: string) =>
  `(1 + ${indexIn(`"${column}"`, LIMIT_TYPES)}) * ("${column}" IS NOT NULL)::int`;

/** The date columns of works, in the order of their fields (`WORK_FIELDS`). */
export const DATE_COLUMNS = [
  'planStart',
  'planFinish',
  'factStart',
  'factFinish',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'startLimitDate',
  'finishLimitDate',
] as const;

/** The fields of a works COPY, in order: their index, and how each is decoded. */
export const WORK_FIELDS = {
  id: 0,
  parentId: 1,
  sortKey: 2,
  xmin: 3,
  durationMinutes: 4,
  totalFloat: 5,
  freeFloat: 6,
  revision: 7,
  flags: 8,
  limits: 9,
  progress: 10,
  planVolume: 11,
  factVolume: 12,
  code: 13,
  name: 14,
  unit: 15,
  calendar: 16,
  executor: 17,
  curator: 18,
  // The dates follow, in the order of DATE_COLUMNS.
  dates: 19,
} as const;
const WORK_KINDS: readonly Kind[] = [
  ...[KIND.uuid, KIND.uuid, KIND.int32, KIND.int64],
  ...[KIND.int32, KIND.int32, KIND.int32, KIND.int32, KIND.int32, KIND.int32],
  ...[KIND.float64, KIND.float64, KIND.float64],
  ...[KIND.text, KIND.text, KIND.text, KIND.uuid, KIND.uuid, KIND.uuid],
  ...DATE_COLUMNS.map(() => KIND.minutes),
];

const worksCopy = (spaceId: string, versionId: string) =>
  `COPY (SELECT id, "parentId", "sortKey", xmin::text::bigint, "durationMinutes", "totalFloat", "freeFloat", revision,
     ${indexIn('type', WORK_TYPES)} + 256 * ${indexIn('status', WORK_STATUSES)} + CASE WHEN critical THEN 65536 ELSE 0 END,
     ${limitCode('startLimit')} + 256 * ${limitCode('finishLimit')},
     progress, "planVolume", "factVolume", code, name, unit, "calendarId", "executorId", "curatorId",
     ${DATE_COLUMNS.map((c) => `"${c}"`).join(', ')}
   FROM works WHERE "versionId" = ${uuidLiteral(versionId)} AND "spaceId" = ${uuidLiteral(spaceId)}) TO STDOUT (FORMAT binary)`;

/** The fields of a relations COPY, in order. */
export const RELATION_FIELDS = { id: 0, predecessorId: 1, successorId: 2, flags: 3, lagMinutes: 4 } as const;
const RELATION_KINDS: readonly Kind[] = [KIND.uuid, KIND.uuid, KIND.uuid, KIND.int32, KIND.int32];

// In the order of their ids, not as they lie on disk (an update moves a row): a version reads the same until it changes.
const relationsCopy = (spaceId: string, versionId: string) =>
  `COPY (SELECT id, "predecessorId", "successorId",
     ${indexIn('type', LINK_TYPES)} + CASE WHEN driving THEN 256 ELSE 0 END, "lagMinutes"
   FROM relations WHERE "versionId" = ${uuidLiteral(versionId)} AND "spaceId" = ${uuidLiteral(spaceId)}
   ORDER BY id) TO STDOUT (FORMAT binary)`;

/**
 * The version's works and relations, each read by one binary COPY: at once on two connections of a
 * pool, one after the other on a transaction's connection (which sees the version as it does).
 */
export async function copyWorksAndRelations(sql: Sql, spaceId: string, versionId: string) {
  const works = () => onConnection(sql, (c) => copyOut(c, worksCopy(spaceId, versionId)));
  const relations = () => onConnection(sql, (c) => copyOut(c, relationsCopy(spaceId, versionId)));
  const [w, r] =
    'release' in sql ? [await works(), await relations()] : await Promise.all([works(), relations()]);
  return { works: new CopyTable(w, WORK_KINDS), relations: new CopyTable(r, RELATION_KINDS) };
}

/**
 * A work's coded fields as both readers of works get them packed into two int32s (the COPY above and the
 * payload's aggregate): `flags` = type + 256 × status + 65536 × critical (indices into WORK_TYPES and
 * WORK_STATUSES), `limits` = start limit + 256 × finish limit (0 for none, else 1 + the index in LIMIT_TYPES).
 */
export function unpackedWorkCodes(flags: Int32Array, limits: Int32Array) {
  const n = flags.length;
  const type = new Uint8Array(n);
  const status = new Uint8Array(n);
  const critical = new Uint8Array(n);
  const startLimit = new Uint8Array(n);
  const finishLimit = new Uint8Array(n);
  for (let row = 0; row < n; row++) {
    type[row] = flags[row]! & 0xff;
    status[row] = (flags[row]! >> 8) & 0xff;
    critical[row] = (flags[row]! >> 16) & 1;
    startLimit[row] = limits[row]! & 0xff;
    finishLimit[row] = (limits[row]! >> 8) & 0xff;
  }
  return { type, status, critical, startLimit, finishLimit };
}

/**
 * The work columns of a works COPY but the parent, output row `row` being source row `order[row]`;
 * texts through `intern`, in the order the string table has always been filled (code, name, calendar,
 * unit, executor, curator), so a version's payload stays the same bytes.
 */
export function workColumnsOfCopy(
  w: CopyTable,
  order: Int32Array,
  intern: (value: string | null) => number,
): Omit<WorkColumnArrays, 'parent'> {
  const n = order.length;
  const F = WORK_FIELDS;
  const interned = (field: number) => {
    const out = new Int32Array(n);
    const values = w.texts(field);
    for (let row = 0; row < n; row++) out[row] = intern(values[order[row]!]!);
    return out;
  };
  const { type, status, critical, startLimit, finishLimit } = unpackedWorkCodes(
    w.int32(F.flags, order),
    w.int32(F.limits, order),
  );
  const minutes = (name: (typeof DATE_COLUMNS)[number]) =>
    w.int32(F.dates + DATE_COLUMNS.indexOf(name), order);
  const code = interned(F.code);
  const name = interned(F.name);
  const calendar = interned(F.calendar);
  const unit = interned(F.unit);
  const executor = interned(F.executor);
  const curator = interned(F.curator);
  return {
    code,
    name,
    type,
    status,
    durationMinutes: w.int32(F.durationMinutes, order),
    calendar,
    planStart: minutes('planStart'),
    planFinish: minutes('planFinish'),
    factStart: minutes('factStart'),
    factFinish: minutes('factFinish'),
    earlyStart: minutes('earlyStart'),
    earlyFinish: minutes('earlyFinish'),
    lateStart: minutes('lateStart'),
    lateFinish: minutes('lateFinish'),
    totalFloat: w.int32(F.totalFloat, order),
    freeFloat: w.int32(F.freeFloat, order),
    critical,
    progress: w.float64(F.progress, order, 0),
    planVolume: w.float64(F.planVolume, order, Number.NaN),
    factVolume: w.float64(F.factVolume, order, Number.NaN),
    unit,
    executor,
    curator,
    revision: w.int32(F.revision, order),
    startLimit,
    startLimitDate: minutes('startLimitDate'),
    finishLimit,
    finishLimitDate: minutes('finishLimitDate'),
  };
}
