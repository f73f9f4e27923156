import type { ExternalColumnArrays, RelationColumnArrays, WorkColumnArrays } from '@takt/contracts';
import { type ColumnKind, EXTERNAL_COLUMNS, namesOf, RELATION_COLUMNS, WORK_COLUMNS } from './columns.js';
import {
  documentFrom,
  headerPartsOf,
  type PayloadHeader,
  payloadHeaderOf,
  type ScheduleColumns,
  type ScheduleDocument,
} from './document.js';

/** v2 added the version's revision and scheduling settings, its calendars, constraints and external predecessors. */
export const BINARY_PAYLOAD_FORMAT = 'takt.columnar.bin.v2';
export const BINARY_PAYLOAD_TYPE = 'application/vnd.takt.columnar';
/** "TKC1": the container (header length, JSON header, aligned sections); `format` names what is in it. */
const MAGIC = [0x54, 0x4b, 0x43, 0x31];
const ID_LENGTH = 36;

type StoredType = 'i8' | 'i16' | 'i32' | 'u8' | 'f64';
type StoredColumn = [StoredType, number];
type Column = Int32Array | Uint8Array | Float64Array;

interface BinaryHeader extends PayloadHeader {
  format: string;
  ids: number;
  works: Record<string, StoredColumn>;
  relations: { count: number; columns: Record<string, StoredColumn> };
  externals: { count: number; columns: Record<string, StoredColumn> };
  strings: string[];
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The binary columnar payload (`takt.columnar.bin.v2`), read without parsing a number:
 *
 *   "TKC1" | uint32 LE header length | header JSON (UTF-8) | sections, each 8-byte aligned
 *
 * The header has the version's fields, its scheduling settings and calendars, the enums, the string
 * table and, per column, `[type, offset]` (offsets count from the first section; works columns hold
 * `count` values, relation and external `columns` the `count` beside them). Types: `i32`, `f64`, `u8`
 * (typed-array views over the body, little-endian) and `i8`/`i16` for integer columns whose values
 * fit (widened to Int32Array by the reader). Work ids are one ASCII section of 36-byte UUIDs. Date
 * columns are engine minutes from `epoch` (2000-01-01T00:00, negative before it); `noDate` (−2³¹, the
 * engine's `NO_TIME`) marks a missing date — never "any negative value".
 */
export function encodeBinaryPayload(c: ScheduleColumns): Uint8Array {
  if (!littleEndian) throw new Error('the binary payload is written on little-endian hosts only');
  const sections: { bytes: Uint8Array; offset: number }[] = [];
  let size = 0;
  const place = (bytes: Uint8Array) => {
    const offset = size;
    sections.push({ bytes, offset });
    size += (bytes.byteLength + 7) & ~7;
    return offset;
  };
  const describe = (columns: Record<string, Column>, names: readonly string[]) => {
    const out: Record<string, StoredColumn> = {};
    for (const name of names) {
      const values = columns[name]!;
      let type: StoredType;
      let data: Column | Int8Array | Int16Array = values;
      if (values instanceof Float64Array) type = 'f64';
      else if (values instanceof Uint8Array) type = 'u8';
      else {
        let min = 0;
        let max = 0;
        for (let i = 0; i < values.length; i++) {
          const v = values[i]!;
          if (v < min) min = v;
          else if (v > max) max = v;
        }
        if (min >= -128 && max <= 127) [type, data] = ['i8', Int8Array.from(values)];
        else if (min >= -32768 && max <= 32767) [type, data] = ['i16', Int16Array.from(values)];
        else type = 'i32';
      }
      out[name] = [type, place(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))];
    }
    return out;
  };
  const ids = new TextEncoder().encode(c.ids.join(''));
  if (ids.byteLength !== c.count * ID_LENGTH) throw new Error('work ids must be UUIDs');
  const { count: relationCount, ...relationColumns } = c.relations;
  const { count: externalCount, ...externalColumns } = c.externals;
  const header: BinaryHeader = {
    format: BINARY_PAYLOAD_FORMAT,
    ...payloadHeaderOf(c),
    ids: place(ids),
    works: describe(c.works, namesOf(WORK_COLUMNS)),
    relations: { count: relationCount, columns: describe(relationColumns, namesOf(RELATION_COLUMNS)) },
    externals: { count: externalCount, columns: describe(externalColumns, namesOf(EXTERNAL_COLUMNS)) },
    strings: c.strings,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const body = (8 + json.byteLength + 7) & ~7;
  const out = new Uint8Array(body + size);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, json.byteLength, true);
  out.set(json, 8);
  for (const s of sections) out.set(s.bytes, body + s.offset);
  return out;
}

/**
 * Decodes the binary payload into a document: `i32`/`u8`/`f64` columns become typed-array views over
 * the received bytes (no copy), `i8`/`i16` columns are widened to Int32Array.
 */
export function decodeBinaryPayload(data: ArrayBuffer | Uint8Array): ScheduleDocument {
  if (!littleEndian) throw new Error('the binary payload needs a little-endian host');
  let bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  if (bytes.byteLength < 8) throw new Error('not a binary schedule payload');
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== 'TKC1') throw new Error('not a binary schedule payload');
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset + 4, 4).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as BinaryHeader;
  const parts = headerPartsOf(header, BINARY_PAYLOAD_FORMAT);
  const buffer = bytes.buffer;
  const body = bytes.byteOffset + ((8 + headerLength + 7) & ~7);
  const read = (kind: ColumnKind, column: StoredColumn | undefined, length: number): Column => {
    if (!column) throw new Error('binary payload: missing column');
    const [type, offset] = column;
    const at = body + offset;
    if (kind === 'f64') {
      if (type !== 'f64') throw new Error('binary payload: expected an f64 column');
      return new Float64Array(buffer, at, length);
    }
    if (kind === 'u8') {
      if (type !== 'u8') throw new Error('binary payload: expected a u8 column');
      return new Uint8Array(buffer, at, length);
    }
    if (type === 'i32') return new Int32Array(buffer, at, length);
    if (type === 'i16') return Int32Array.from(new Int16Array(buffer, at, length));
    if (type === 'i8') return Int32Array.from(new Int8Array(buffer, at, length));
    throw new Error(`binary payload: ${type} is not an integer column`);
  };
  const table = <T>(
    kinds: Record<string, ColumnKind>,
    stored: Record<string, StoredColumn>,
    length: number,
  ) => {
    const out: Record<string, Column> = {};
    for (const [name, kind] of Object.entries(kinds)) out[name] = read(kind, stored[name], length);
    return out as T;
  };
  const n = header.count;
  const idText = new TextDecoder('latin1').decode(new Uint8Array(buffer, body + header.ids, n * ID_LENGTH));
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) ids[i] = idText.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH);
  const relationCount = header.relations.count;
  const externalCount = header.externals.count;
  return documentFrom({
    ...parts,
    ids,
    ...table<WorkColumnArrays>(WORK_COLUMNS, header.works, n),
    strings: header.strings,
    relations: {
      count: relationCount,
      ...table<Omit<RelationColumnArrays, 'count'>>(
        RELATION_COLUMNS,
        header.relations.columns,
        relationCount,
      ),
    },
    externals: {
      count: externalCount,
      ...table<Omit<ExternalColumnArrays, 'count'>>(
        EXTERNAL_COLUMNS,
        header.externals.columns,
        externalCount,
      ),
    },
  });
}
