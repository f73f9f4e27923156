import { NO_TIME } from '@takt/engine';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Sql } from './sql';

// Binary COPY both ways (PostgreSQL's manual, COPY, "Binary Format"): big reads and writes of rows — a
// version's works read, their calculated results written back — with no text form of every value.

/** The signature, flags and header extension's length that open a binary COPY (19 bytes). */
const HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);

/** How a field of a binary COPY is decoded into its column. */
export const KIND = {
  /** A uuid, as text in the form PostgreSQL prints it; null stays null. */
  uuid: 0,
  /** UTF-8 text; null stays null. */
  text: 1,
  /** int4 into an Int32Array; null is 0. */
  int32: 2,
  /** int8 (an `xmin`) into a Float64Array; null is 0. */
  int64: 3,
  /** float8 into a Float64Array; null is NaN. */
  float64: 4,
  /** A timestamp as engine minutes into an Int32Array; null and -infinity are `NO_TIME`. */
  minutes: 5,
} as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

type Column = Int32Array | Float64Array | (string | null)[];

/**
 * Rows PostgreSQL sent by `COPY … TO STDOUT (FORMAT binary)`, decoded into one column per field in one
 * pass over the bytes: every value in its binary form, no per-row object on either side, no text of numbers
 * to print in PostgreSQL or parse here (docs/architecture.md, "The calculation round trip"). At 100,000
 * works PostgreSQL sends this in about half the time it took to aggregate each column into one value
 * (`string_agg`/`json_agg`, how the version was read before).
 */
export class CopyTable {
  readonly count: number;
  private readonly columns: Column[];

  constructor(data: Buffer, kinds: readonly Kind[]) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const fields = kinds.length;
    // A row takes at least its field count (2 bytes) and a length (4) per field: room for every row there can be.
    const room = Math.floor(data.byteLength / (2 + 4 * fields));
    const columns: Column[] = kinds.map((kind) =>
      kind === KIND.uuid || kind === KIND.text
        ? []
        : kind === KIND.int64 || kind === KIND.float64
          ? new Float64Array(room)
          : new Int32Array(room),
    );
    let at = HEADER.length + view.getInt32(HEADER.length - 4);
    let row = 0;
    for (;;) {
      const count = view.getInt16(at);
      if (count === -1) break;
      if (count !== fields) throw new Error(`binary COPY: ${count} fields in a row, ${fields} expected`);
      at += 2;
      for (let f = 0; f < fields; f++) {
        const length = view.getInt32(at);
        at += 4;
        const column = columns[f]!;
        switch (kinds[f]) {
          case KIND.uuid:
            (column as (string | null)[]).push(length < 0 ? null : uuidText(data, at));
            break;
          case KIND.text:
            (column as (string | null)[]).push(length < 0 ? null : data.toString('utf8', at, at + length));
            break;
          case KIND.int32:
            if (length >= 0) (column as Int32Array)[row] = view.getInt32(at);
            break;
          case KIND.int64:
            if (length >= 0) column[row] = view.getInt32(at) * 4294967296 + view.getUint32(at + 4);
            break;
          case KIND.float64:
            column[row] = length < 0 ? Number.NaN : view.getFloat64(at);
            break;
          case KIND.minutes:
            column[row] = length < 0 ? NO_TIME : minutesAt(view, at);
            break;
        }
        if (length > 0) at += length;
      }
      row += 1;
    }
    this.count = row;
    this.columns = columns;
  }

  /** A uuid or text field by source row. */
  texts(field: number): (string | null)[] {
    return this.columns[field] as (string | null)[];
  }

  /** An int4 or timestamp field by output row (`order[row]` is the source row). */
  int32(field: number, order: Int32Array): Int32Array {
    const column = this.columns[field] as Int32Array;
    const out = new Int32Array(order.length);
    for (let row = 0; row < order.length; row++) out[row] = column[order[row]!]!;
    return out;
  }

  /** An int8 or float8 field by output row; a float8 null is `none`. */
  float64(field: number, order: Int32Array, none = Number.NaN): Float64Array {
    const column = this.columns[field] as Float64Array;
    const out = new Float64Array(order.length);
    for (let row = 0; row < order.length; row++) {
      const value = column[order[row]!]!;
      out[row] = Number.isNaN(value) ? none : value;
    }
    return out;
  }
}

const MICROSECONDS_PER_MINUTE = 60_000_000;

/**
 * A timestamp as sent (`timestamp_send`): int64 microseconds since 2000-01-01 — the engine's epoch —,
 * -infinity for none (→ `NO_TIME`). Minutes round half away from zero.
 */
function minutesAt(view: DataView, at: number): number {
  const high = view.getInt32(at);
  const low = view.getUint32(at + 4);
  if (high === -2147483648 && low === 0) return NO_TIME;
  const minutes = (high * 4294967296 + low) / MICROSECONDS_PER_MINUTE;
  return minutes < 0 ? -Math.round(-minutes) : Math.round(minutes);
}

const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Scratch space for one uuid's text (one-byte characters, so the string is made in one copy). */
const uuidScratch = Buffer.alloc(36, '-'.charCodeAt(0));
const UUID_DIGITS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/** The 16 bytes of a uuid at `at` in the form PostgreSQL prints it (lower-case hex, 8-4-4-4-12). */
function uuidText(data: Buffer, at: number): string {
  for (let i = 0; i < 16; i++) {
    const byte = data[at + i]!;
    const digit = UUID_DIGITS[i]!;
    uuidScratch[digit] = HEX[byte >> 4]!;
    uuidScratch[digit + 1] = HEX[byte & 15]!;
  }
  return uuidScratch.toString('latin1', 0, 36);
}

/** The rows of a `COPY … TO STDOUT` on the connection, as one buffer. */
export async function copyOut(client: pg.PoolClient, text: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(text))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Runs `fn` on the transaction's connection when `sql` is one, else on a connection of the pool. */
export async function onConnection<T>(sql: Sql, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if ('release' in sql) return fn(sql);
  const client = await sql.connect();
  try {
    const out = await fn(client);
    client.release();
    return out;
  } catch (error) {
    // A COPY cut short may leave the connection mid-protocol: it is closed rather than reused.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/**
 * Rows to send by `COPY … FROM STDIN (FORMAT binary)`, written field by field into one growing buffer:
 * each row opens with `row(fields)`, then one call per field in the order of the COPY's columns.
 */
export class CopyRows {
  private data = Buffer.allocUnsafe(1 << 16);
  private at = HEADER.length;

  constructor() {
    HEADER.copy(this.data, 0);
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.data.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.data.length * 2, this.at + bytes));
    this.data.copy(grown, 0, 0, this.at);
    this.data = grown;
  }

  row(fields: number): this {
    this.room(2);
    this.data.writeInt16BE(fields, this.at);
    this.at += 2;
    return this;
  }

  /** A uuid given as text (32 hex digits, dashes anywhere). */
  uuid(text: string): this {
    this.room(20);
    this.data.writeInt32BE(16, this.at);
    const start = this.at + 4;
    let at = start;
    for (let i = 0; i < text.length && at - start < 16; i++) {
      const high = HEX_VALUE[text.charCodeAt(i)] ?? -1;
      if (text.charCodeAt(i) === DASH) continue;
      const low = HEX_VALUE[text.charCodeAt(++i)] ?? -1;
      if (high < 0 || low < 0) break;
      this.data[at++] = (high << 4) | low;
    }
    if (at - start !== 16) throw new Error(`not a uuid: ${text}`);
    this.at = at;
    return this;
  }

  int32(value: number): this {
    this.room(8);
    this.data.writeInt32BE(4, this.at);
    this.data.writeInt32BE(value, this.at + 4);
    this.at += 8;
    return this;
  }

  float64(value: number): this {
    this.room(12);
    this.data.writeInt32BE(8, this.at);
    this.data.writeDoubleBE(value, this.at + 4);
    this.at += 12;
    return this;
  }

  /** UTF-8 text; null is a null field. */
  text(value: string | null): this {
    if (value === null) return this.nulls(1);
    const bytes = Buffer.byteLength(value);
    this.room(4 + bytes);
    this.data.writeInt32BE(bytes, this.at);
    this.data.write(value, this.at + 4, 'utf8');
    this.at += 4 + bytes;
    return this;
  }

  /** `count` null fields. */
  nulls(count: number): this {
    this.room(4 * count);
    for (let i = 0; i < count; i++) this.data.writeInt32BE(-1, this.at + 4 * i);
    this.at += 4 * count;
    return this;
  }

  bool(value: boolean): this {
    this.room(5);
    this.data.writeInt32BE(1, this.at);
    this.data[this.at + 4] = value ? 1 : 0;
    this.at += 5;
    return this;
  }

  /** The whole COPY data, its trailer included. */
  finish(): Buffer {
    this.room(2);
    this.data.writeInt16BE(-1, this.at);
    return this.data.subarray(0, this.at + 2);
  }
}

const DASH = '-'.charCodeAt(0);
/** The value of a hex digit by character code, -1 for any other character. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/** Sends `rows` by `text` (a `COPY … FROM STDIN (FORMAT binary)`) on the connection. */
export async function copyIn(client: pg.PoolClient, text: string, rows: CopyRows): Promise<void> {
  const stream = client.query(copyFrom(text));
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(rows.finish());
  });
}
