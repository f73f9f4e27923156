import type { Tables } from '@takt/db';
import { type AliasedRawBuilder, type Selectable, sql } from 'kysely';

/**
 * The one definition of a work row on the server: the `works` table as `prisma/schema.prisma` generates
 * it, and the lists of its columns that the reads and copies select. Queries that read works select
 * through `workColumns`, so their row types follow the schema instead of being written out again.
 */
type WorkTable = Selectable<Tables.Work>;
export type WorkColumn = keyof WorkTable;

// Every column of `works`, and whether it is a timestamp the API carries as wall-clock text. A column
// added to the schema fails to compile here until it is placed, and thereby in the lists below.
const IS_DATE = {
  id: false,
  spaceId: false,
  versionId: false,
  parentId: false,
  originId: false,
  sortKey: false,
  code: false,
  name: false,
  type: false,
  durationMinutes: false,
  calendarId: false,
  planStart: true,
  planFinish: true,
  approvedStart: true,
  approvedFinish: true,
  factStart: true,
  factFinish: true,
  planVolume: false,
  approvedVolume: false,
  factVolume: false,
  unit: false,
  progress: false,
  status: false,
  executorId: false,
  curatorId: false,
  startLimit: false,
  startLimitDate: true,
  finishLimit: false,
  finishLimitDate: true,
  earlyStart: true,
  earlyFinish: true,
  lateStart: true,
  lateFinish: true,
  totalFloat: false,
  freeFloat: false,
  critical: false,
  revision: false,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<WorkColumn, boolean>;

const ALL = Object.keys(IS_DATE) as WorkColumn[];
const without = <C extends WorkColumn>(...dropped: C[]) =>
  ALL.filter((c): c is Exclude<WorkColumn, C> => !(dropped as WorkColumn[]).includes(c));

/** What the API returns of a work (`works.get`, exports, print): everything but its space and timestamps. */
export const WORK_RECORD_COLUMNS = without('spaceId', 'createdAt', 'updatedAt');

/** A work's columns besides its id and bookkeeping: what a version copy copies and an undo snapshot keeps. */
export const WORK_DATA_COLUMNS = without('id', 'revision', 'createdAt', 'updatedAt');

/** A relation's columns besides its id and bookkeeping: what a version copy copies and an undo restores. */
export const RELATION_DATA_COLUMNS = [
  'versionId',
  'predecessorId',
  'successorId',
  'type',
  'lagMinutes',
  'code',
  'driving',
] as const satisfies readonly (keyof Tables.Relation)[];

/** A column's value as a read through `workColumns` gives it: timestamps as `YYYY-MM-DDTHH:mm` text. */
type AsRead<T> = T extends Date ? string : T;

/** A row of the given work columns, as `workColumns` reads them. */
export type WorkRowOf<C extends WorkColumn> = { [K in C]: AsRead<WorkTable[K]> };

/** A work as the API reads it (limits still in their own columns). */
export type WorkRecordRow = WorkRowOf<(typeof WORK_RECORD_COLUMNS)[number]>;

/** The API's wall-clock text of a `timestamp` expression (time zone free). */
export const isoText = (reference: string) =>
  sql<string | null>`to_char(${sql.ref(reference)}, 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * A Kysely selection of work columns of the table aliased `alias`, each under its own name: timestamps
 * as the API's text, the rest as stored. The selection's row type is `WorkRowOf<C>`.
 */
export function workColumns<C extends WorkColumn>(
  alias: string,
  columns: readonly C[],
): { [K in C]: AliasedRawBuilder<AsRead<WorkTable[K]>, K> }[C][] {
  return columns.map((column) => {
    const reference = `${alias}.${column}`;
    const value = IS_DATE[column] ? isoText(reference) : sql`${sql.ref(reference)}`;
    return value.as(column);
  }) as { [K in C]: AliasedRawBuilder<AsRead<WorkTable[K]>, K> }[C][];
}
