/**
 * The columns of a version as the server reads them and the browser holds them (docs/architecture.md, "The engine and the payload to the browser"):
 * one typed array per field, rows in WBS order, dates as engine minutes (`NO_TIME`, −2³¹: none), strings as
 * indices into a string table (-1: none). Shared so the encoder and the decoder cannot drift apart; the
 * codec itself is `@takt/schedule`.
 */
// A type alias rather than an interface, so it is assignable to `Record<string, …>` column tables.
export type WorkColumnArrays = {
  parent: Int32Array;
  code: Int32Array;
  name: Int32Array;
  type: Uint8Array;
  status: Uint8Array;
  durationMinutes: Int32Array;
  calendar: Int32Array;
  planStart: Int32Array;
  planFinish: Int32Array;
  factStart: Int32Array;
  factFinish: Int32Array;
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  lateStart: Int32Array;
  lateFinish: Int32Array;
  totalFloat: Int32Array;
  freeFloat: Int32Array;
  critical: Uint8Array;
  progress: Float64Array;
  /** NaN for no volume. */
  planVolume: Float64Array;
  factVolume: Float64Array;
  unit: Int32Array;
  executor: Int32Array;
  curator: Int32Array;
  revision: Int32Array;
  /** Start constraint: 0 for none, else 1 + its index in `LIMIT_TYPES`. */
  startLimit: Uint8Array;
  /** Date of the start constraint (`NO_TIME` when it has none). */
  startLimitDate: Int32Array;
  finishLimit: Uint8Array;
  finishLimitDate: Int32Array;
};

export interface RelationColumnArrays {
  count: number;
  /** Row of the predecessor, or -1 with its id in `externalPredecessor` for links from other schedules. */
  predecessor: Int32Array;
  externalPredecessor: Int32Array;
  successor: Int32Array;
  type: Uint8Array;
  lagMinutes: Int32Array;
  driving: Uint8Array;
}

/**
 * Predecessors in other schedules that have dates: the calculation holds each at its own calculated
 * (else planned) start, on its own duration and calendar. Links from predecessors without any date are
 * left out of the calculation.
 */
export interface ExternalColumnArrays {
  count: number;
  /** The work's id, as a string-table index (the same one the relations' `externalPredecessor` use). */
  id: Int32Array;
  /** Its early start, else its planned start (engine minutes). */
  anchor: Int32Array;
  durationMinutes: Int32Array;
  /** Its calendar id (string-table index, -1: none). */
  calendar: Int32Array;
}
