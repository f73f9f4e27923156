import { endianness } from 'node:os';
import type { Sql } from '../../db/sql';
import type { PayloadCache } from '../../files/payload-cache';
import { versionFingerprint } from './fingerprint';
import {
  PAYLOAD_ENUMS,
  PAYLOAD_EPOCH,
  PAYLOAD_NO_DATE,
  type VersionColumns,
  versionColumns,
} from './payload';

export const BINARY_PAYLOAD_FORMAT = 'takt.columnar.bin.v1';
export const BINARY_PAYLOAD_TYPE = 'application/vnd.takt.columnar';
const MAGIC = [0x54, 0x4b, 0x43, 0x31]; // "TKC1"
const ID_LENGTH = 36;

type ColumnType = 'i8' | 'i16' | 'i32' | 'u8' | 'f64';
type Column = Int32Array | Uint8Array | Float64Array;

/**
 * The binary columnar payload (`takt.columnar.bin.v1`), read by `apps/web/src/lib/columnar.ts`
 * without parsing a number:
 *
 *   "TKC1" | uint32 LE header length | header JSON (UTF-8) | sections, each 8-byte aligned
 *
 * The header has the version fields, the enums, the string table and, per column, `[type, offset]`
 * (offsets count from the first section; works columns hold `count` values, relation columns
 * `relations.count`). Types: `i32`, `f64`, `u8` (typed-array views over the body, little-endian)
 * and `i8`/`i16` for integer columns whose values fit (widened to Int32Array by the reader). Work ids are one ASCII section of 36-byte UUIDs.
 * Date columns are engine minutes from `epoch` (2000-01-01T00:00, negative before it); `noDate`
 * (−2³¹, the engine's `NO_TIME`) marks a missing date — never "any negative value".
 */
export function encodeBinaryPayload(c: VersionColumns): Uint8Array {
  if (endianness() !== 'LE') throw new Error('the binary payload is written on little-endian hosts only');
  const sections: { bytes: Uint8Array; offset: number }[] = [];
  let size = 0;
  const place = (bytes: Uint8Array) => {
    const offset = size;
    sections.push({ bytes, offset });
    size += (bytes.byteLength + 7) & ~7;
    return offset;
  };
  const describe = (columns: Record<string, Column>) => {
    const out: Record<string, [ColumnType, number]> = {};
    for (const [name, values] of Object.entries(columns)) {
      let type: ColumnType;
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
        if (min >= -128 && max <= 127) [type, data] = ['i8', new Int8Array(values)];
        else if (min >= -32768 && max <= 32767) [type, data] = ['i16', new Int16Array(values)];
        else type = 'i32';
      }
      out[name] = [type, place(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))];
    }
    return out;
  };
  const ids = Buffer.from(c.ids.join(''), 'latin1');
  if (ids.byteLength !== c.count * ID_LENGTH) throw new Error('work ids must be UUIDs');
  const { count: relationCount, ...relationColumns } = c.relations;
  const header = {
    format: BINARY_PAYLOAD_FORMAT,
    versionId: c.versionId,
    calcStatus: c.calcStatus,
    count: c.count,
    epoch: PAYLOAD_EPOCH,
    noDate: PAYLOAD_NO_DATE,
    enums: PAYLOAD_ENUMS,
    ids: place(ids),
    works: describe(c.works),
    relations: { count: relationCount, ...describe(relationColumns) },
    strings: c.strings,
  };
  const json = Buffer.from(JSON.stringify(header));
  const body = (8 + json.byteLength + 7) & ~7;
  const out = Buffer.alloc(body + size);
  out.set(MAGIC, 0);
  out.writeUInt32LE(json.byteLength, 4);
  out.set(json, 8);
  for (const s of sections) out.set(s.bytes, body + s.offset);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * The version as a binary payload, returned by the REST adapter as raw bytes (brotli-compressed ones
 * to clients that accept them), from the payload cache while the version's data has not changed.
 */
export async function versionPayloadBinary(
  sql: Sql,
  payloads: PayloadCache,
  spaceId: string,
  versionId: string,
) {
  const { data, brotli } = await encodedPayload(sql, payloads, spaceId, versionId);
  return { file: true as const, contentType: BINARY_PAYLOAD_TYPE, data, brotli };
}

/** The encoded binary payload of a version, cached; also called to warm the cache after a calculation. */
export function encodedPayload(sql: Sql, payloads: PayloadCache, spaceId: string, versionId: string) {
  return payloads.get(
    `${spaceId}/${versionId}`,
    () => versionFingerprint(sql, spaceId, versionId),
    async () => encodeBinaryPayload(await versionColumns(sql, spaceId, versionId)),
  );
}
