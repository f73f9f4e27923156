import type { ExternalColumnArrays, RelationColumnArrays, WorkColumnArrays } from '@takt/contracts';

/** How a column is stored: integers (Int32Array), bytes (Uint8Array) or doubles (Float64Array). */
export type ColumnKind = 'int' | 'u8' | 'f64';

type KindOf<T> = T extends Float64Array ? 'f64' : T extends Uint8Array ? 'u8' : 'int';
type ColumnTable<T> = { readonly [K in keyof T as T[K] extends ArrayLike<number> ? K : never]: KindOf<T[K]> };

/** Every column of the works, of the relations and of the external predecessors: both codecs write these. */
export const WORK_COLUMNS: ColumnTable<WorkColumnArrays> = {
  parent: 'int',
  code: 'int',
  name: 'int',
  type: 'u8',
  status: 'u8',
  durationMinutes: 'int',
  calendar: 'int',
  planStart: 'int',
  planFinish: 'int',
  factStart: 'int',
  factFinish: 'int',
  earlyStart: 'int',
  earlyFinish: 'int',
  lateStart: 'int',
  lateFinish: 'int',
  totalFloat: 'int',
  freeFloat: 'int',
  critical: 'u8',
  progress: 'f64',
  planVolume: 'f64',
  factVolume: 'f64',
  unit: 'int',
  executor: 'int',
  curator: 'int',
  revision: 'int',
  startLimit: 'u8',
  startLimitDate: 'int',
  finishLimit: 'u8',
  finishLimitDate: 'int',
};

export const RELATION_COLUMNS: ColumnTable<RelationColumnArrays> = {
  predecessor: 'int',
  externalPredecessor: 'int',
  successor: 'int',
  type: 'u8',
  lagMinutes: 'int',
  driving: 'u8',
};

export const EXTERNAL_COLUMNS: ColumnTable<ExternalColumnArrays> = {
  id: 'int',
  anchor: 'int',
  durationMinutes: 'int',
  calendar: 'int',
};

/** A typed array of a column's kind. */
export function columnOf(kind: ColumnKind, values: ArrayLike<number>) {
  if (kind === 'f64') return Float64Array.from(values);
  if (kind === 'u8') return Uint8Array.from(values);
  return Int32Array.from(values);
}

/** Column names of a table, in the table's order. */
export const namesOf = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];
