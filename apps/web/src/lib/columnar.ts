import type { RelationColumnArrays, WorkColumnArrays } from '@takt/contracts';
import type { RouterOutputs } from './api-types';
import { isoToMinutes, NO_DATE } from './schedule-time';

export type VersionPayload = RouterOutputs['versions']['payload'];

/**
 * A version decoded once from the columnar payload (docs/architecture.md, "The engine and the payload to the browser"): every numeric field a typed array
 * indexed by WBS row, strings through the payload's string table. A timeline reads the same arrays.
 * Rows are mutated in place by `patchWork`; callers bump their own revision counter to re-render.
 */
export interface ScheduleModel extends WorkColumnArrays {
  versionId: string;
  calcStatus: number;
  count: number;
  ids: string[];
  rowOf: Map<string, number>;
  depth: Int32Array;
  childCount: Int32Array;
  strings: string[];
  stringIndex: Map<string, number> | null;
  enums: VersionPayload['enums'];
  relations: RelationColumnArrays;
}

const orNaN = (values: readonly (number | null)[]) => {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] ?? Number.NaN;
  return out;
};

/**
 * Dates in both payloads are engine minutes (negative before 2000) with `noDate` (−2³¹, the engine's
 * `NO_TIME`) for none; a payload with another marker is refused rather than read with dates lost or made up.
 */
function checkNoDate(noDate: unknown) {
  if (noDate !== NO_DATE) throw new Error(`payload: unknown no-date marker ${String(noDate)}`);
}

export function decodePayload(payload: VersionPayload): ScheduleModel {
  checkNoDate(payload.noDate);
  const w = payload.works;
  const n = payload.count;
  const parent = Int32Array.from(w.parent);
  const depth = new Int32Array(n);
  const childCount = new Int32Array(n);
  // Rows are in WBS order: a parent always comes before its children.
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (p >= 0) {
      depth[i] = depth[p]! + 1;
      childCount[p]! += 1;
    }
  }
  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) rowOf.set(w.id[i]!, i);
  const r = payload.relations;
  return {
    versionId: payload.versionId,
    calcStatus: payload.calcStatus,
    count: n,
    ids: w.id,
    rowOf,
    parent,
    depth,
    childCount,
    code: Int32Array.from(w.code),
    name: Int32Array.from(w.name),
    type: Uint8Array.from(w.type),
    status: Uint8Array.from(w.status),
    durationMinutes: Int32Array.from(w.durationMinutes),
    calendar: Int32Array.from(w.calendar),
    planStart: Int32Array.from(w.planStart),
    planFinish: Int32Array.from(w.planFinish),
    factStart: Int32Array.from(w.factStart),
    factFinish: Int32Array.from(w.factFinish),
    earlyStart: Int32Array.from(w.earlyStart),
    earlyFinish: Int32Array.from(w.earlyFinish),
    lateStart: Int32Array.from(w.lateStart),
    lateFinish: Int32Array.from(w.lateFinish),
    totalFloat: Int32Array.from(w.totalFloat),
    freeFloat: Int32Array.from(w.freeFloat),
    critical: Uint8Array.from(w.critical),
    progress: Float64Array.from(w.progress),
    planVolume: orNaN(w.planVolume),
    factVolume: orNaN(w.factVolume),
    unit: Int32Array.from(w.unit),
    executor: Int32Array.from(w.executor),
    curator: Int32Array.from(w.curator),
    revision: Int32Array.from(w.revision),
    strings: payload.strings,
    stringIndex: null,
    enums: payload.enums,
    relations: {
      count: r.count,
      predecessor: Int32Array.from(r.predecessor),
      externalPredecessor: Int32Array.from(r.externalPredecessor),
      successor: Int32Array.from(r.successor),
      type: Uint8Array.from(r.type),
      lagMinutes: Int32Array.from(r.lagMinutes),
      driving: Uint8Array.from(r.driving),
    },
  };
}

export const BINARY_PAYLOAD_FORMAT = 'takt.columnar.bin.v1';
const ID_LENGTH = 36;

type BinaryColumn = ['i8' | 'i16' | 'i32' | 'u8' | 'f64', number];
interface BinaryHeader {
  format: string;
  versionId: string;
  calcStatus: number;
  count: number;
  noDate: number;
  enums: VersionPayload['enums'];
  ids: number;
  works: Record<string, BinaryColumn>;
  relations: Record<string, BinaryColumn> & { count: number };
  strings: string[];
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Decodes the binary payload (`takt.columnar.bin.v1`, written by the server's
 * `domains/versions/binary.ts`): "TKC1", a uint32 LE header length, the JSON header, then 8-byte
 * aligned sections. `i32`/`u8`/`f64` columns become typed-array views over the received bytes (no
 * copy); `i8`/`i16` columns are widened to Int32Array; work ids are 36-byte ASCII UUIDs.
 */
export function decodeBinaryPayload(data: ArrayBuffer | Uint8Array): ScheduleModel {
  if (!littleEndian) throw new Error('the binary payload needs a little-endian host');
  let bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset + 4, 4).getUint32(0, true);
  if (magic !== 'TKC1') throw new Error('not a binary schedule payload');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as BinaryHeader;
  if (header.format !== BINARY_PAYLOAD_FORMAT) throw new Error(`unknown payload format ${header.format}`);
  checkNoDate(header.noDate);
  const buffer = bytes.buffer;
  const body = bytes.byteOffset + ((8 + headerLength + 7) & ~7);
  const n = header.count;
  const m = header.relations.count;
  const int32 = (column: BinaryColumn | undefined, length: number): Int32Array => {
    if (!column) throw new Error('binary payload: missing column');
    const [type, offset] = column;
    const at = body + offset;
    if (type === 'i32') return new Int32Array(buffer, at, length);
    if (type === 'i16') return Int32Array.from(new Int16Array(buffer, at, length));
    if (type === 'i8') return Int32Array.from(new Int8Array(buffer, at, length));
    throw new Error(`binary payload: ${type} is not an integer column`);
  };
  const uint8 = (column: BinaryColumn | undefined, length: number) => {
    if (column?.[0] !== 'u8') throw new Error('binary payload: expected a u8 column');
    return new Uint8Array(buffer, body + column[1], length);
  };
  const float64 = (column: BinaryColumn | undefined, length: number) => {
    if (column?.[0] !== 'f64') throw new Error('binary payload: expected an f64 column');
    return new Float64Array(buffer, body + column[1], length);
  };
  const w = header.works;
  const r = header.relations;
  const parent = int32(w.parent, n);
  const depth = new Int32Array(n);
  const childCount = new Int32Array(n);
  // Rows are in WBS order: a parent always comes before its children.
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (p >= 0) {
      depth[i] = depth[p]! + 1;
      childCount[p]! += 1;
    }
  }
  const idText = new TextDecoder('latin1').decode(new Uint8Array(buffer, body + header.ids, n * ID_LENGTH));
  const ids = new Array<string>(n);
  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const id = idText.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH);
    ids[i] = id;
    rowOf.set(id, i);
  }
  return {
    versionId: header.versionId,
    calcStatus: header.calcStatus,
    count: n,
    ids,
    rowOf,
    parent,
    depth,
    childCount,
    code: int32(w.code, n),
    name: int32(w.name, n),
    type: uint8(w.type, n),
    status: uint8(w.status, n),
    durationMinutes: int32(w.durationMinutes, n),
    calendar: int32(w.calendar, n),
    planStart: int32(w.planStart, n),
    planFinish: int32(w.planFinish, n),
    factStart: int32(w.factStart, n),
    factFinish: int32(w.factFinish, n),
    earlyStart: int32(w.earlyStart, n),
    earlyFinish: int32(w.earlyFinish, n),
    lateStart: int32(w.lateStart, n),
    lateFinish: int32(w.lateFinish, n),
    totalFloat: int32(w.totalFloat, n),
    freeFloat: int32(w.freeFloat, n),
    critical: uint8(w.critical, n),
    progress: float64(w.progress, n),
    planVolume: float64(w.planVolume, n),
    factVolume: float64(w.factVolume, n),
    unit: int32(w.unit, n),
    executor: int32(w.executor, n),
    curator: int32(w.curator, n),
    revision: int32(w.revision, n),
    strings: header.strings,
    stringIndex: null,
    enums: header.enums,
    relations: {
      count: m,
      predecessor: int32(r.predecessor, m),
      externalPredecessor: int32(r.externalPredecessor, m),
      successor: int32(r.successor, m),
      type: uint8(r.type, m),
      lagMinutes: int32(r.lagMinutes, m),
      driving: uint8(r.driving, m),
    },
  };
}

/** The text of a string-table reference; empty for none. */
export function textOf(model: ScheduleModel, ref: number): string {
  return ref < 0 ? '' : (model.strings[ref] ?? '');
}

function intern(model: ScheduleModel, value: string | null | undefined): number {
  if (value === null || value === undefined) return -1;
  if (!model.stringIndex) {
    model.stringIndex = new Map();
    for (let i = 0; i < model.strings.length; i++) model.stringIndex.set(model.strings[i]!, i);
  }
  let index = model.stringIndex.get(value);
  if (index === undefined) {
    index = model.strings.length;
    model.strings.push(value);
    model.stringIndex.set(value, index);
  }
  return index;
}

const minutesOf = isoToMinutes;

/** The fields of a work as the API returns them (works.get / works.update). */
export interface WorkRecord {
  id: string;
  code: string | null;
  name: string;
  type: string;
  status: string;
  durationMinutes: number;
  calendarId: string | null;
  planStart: string | null;
  planFinish: string | null;
  factStart: string | null;
  factFinish: string | null;
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
  totalFloat: number | null;
  freeFloat: number | null;
  critical: boolean;
  progress: number;
  planVolume: number | null;
  factVolume: number | null;
  unit: string | null;
  executorId: string | null;
  curatorId: string | null;
  revision: number;
}

/** Writes a work read from the API into its row; false when the work is not in the model. */
export function patchWork(model: ScheduleModel, work: WorkRecord): boolean {
  const i = model.rowOf.get(work.id);
  if (i === undefined) return false;
  model.code[i] = intern(model, work.code);
  model.name[i] = intern(model, work.name);
  model.type[i] = Math.max(0, model.enums.type.indexOf(work.type as never));
  model.status[i] = Math.max(0, model.enums.status.indexOf(work.status as never));
  model.durationMinutes[i] = work.durationMinutes;
  model.calendar[i] = intern(model, work.calendarId);
  model.planStart[i] = minutesOf(work.planStart);
  model.planFinish[i] = minutesOf(work.planFinish);
  model.factStart[i] = minutesOf(work.factStart);
  model.factFinish[i] = minutesOf(work.factFinish);
  model.earlyStart[i] = minutesOf(work.earlyStart);
  model.earlyFinish[i] = minutesOf(work.earlyFinish);
  model.lateStart[i] = minutesOf(work.lateStart);
  model.lateFinish[i] = minutesOf(work.lateFinish);
  model.totalFloat[i] = work.totalFloat ?? 0;
  model.freeFloat[i] = work.freeFloat ?? 0;
  model.critical[i] = work.critical ? 1 : 0;
  model.progress[i] = work.progress;
  model.planVolume[i] = work.planVolume ?? Number.NaN;
  model.factVolume[i] = work.factVolume ?? Number.NaN;
  model.unit[i] = intern(model, work.unit);
  model.executor[i] = intern(model, work.executorId);
  model.curator[i] = intern(model, work.curatorId);
  model.revision[i] = work.revision;
  return true;
}

/**
 * The rows shown, in WBS order: children of collapsed rows are hidden; with a `matches` test only
 * matching rows and their ancestors remain (a filter shows where a match sits in the hierarchy).
 */
export function visibleRows(
  model: ScheduleModel,
  collapsed: ReadonlySet<string>,
  matches?: (row: number) => boolean,
): Int32Array {
  const n = model.count;
  let keep: Uint8Array | null = null;
  if (matches) {
    keep = new Uint8Array(n);
    for (let i = n - 1; i >= 0; i--) {
      if (keep[i] || matches(i)) {
        keep[i] = 1;
        const p = model.parent[i]!;
        if (p >= 0) keep[p] = 1;
      }
    }
  }
  const out = new Int32Array(n);
  let count = 0;
  let hiddenBelowDepth = -1;
  for (let i = 0; i < n; i++) {
    const depth = model.depth[i]!;
    if (hiddenBelowDepth >= 0) {
      if (depth > hiddenBelowDepth) continue;
      hiddenBelowDepth = -1;
    }
    if (keep && !keep[i]) continue;
    out[count++] = i;
    if (model.childCount[i]! > 0 && collapsed.has(model.ids[i]!)) hiddenBelowDepth = depth;
  }
  return out.subarray(0, count);
}

/** Predecessor and successor relation indices of a row. */
export function relationsOfRow(model: ScheduleModel, row: number) {
  const r = model.relations;
  const predecessors: number[] = [];
  const successors: number[] = [];
  for (let k = 0; k < r.count; k++) {
    if (r.successor[k] === row) predecessors.push(k);
    if (r.predecessor[k] === row) successors.push(k);
  }
  return { predecessors, successors };
}
