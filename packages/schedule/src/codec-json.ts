import type { ExternalColumnArrays, RelationColumnArrays, WorkColumnArrays } from '@takt/contracts';
import { type ColumnKind, columnOf, EXTERNAL_COLUMNS, RELATION_COLUMNS, WORK_COLUMNS } from './columns.js';
import {
  documentFrom,
  headerPartsOf,
  type PayloadHeader,
  payloadHeaderOf,
  type ScheduleColumns,
  type ScheduleDocument,
} from './document.js';

/** v2 added the version's revision and scheduling settings, its calendars, constraints and external predecessors. */
export const JSON_PAYLOAD_FORMAT = 'takt.columnar.v2';

type Nullable<K> = K extends 'planVolume' | 'factVolume' ? (number | null)[] : number[];
type Lists<T> = { [K in keyof T]: T[K] extends number ? number : Nullable<K> };

/**
 * The `takt.columnar.v2` JSON payload (tRPC `versions.payload`, REST `…/payload`): the same columns as
 * the binary payload, as plain arrays; volumes are null where there is none (JSON has no NaN).
 */
export interface JsonPayload extends PayloadHeader {
  format: typeof JSON_PAYLOAD_FORMAT;
  works: Lists<WorkColumnArrays> & { id: string[] };
  relations: Lists<RelationColumnArrays>;
  externals: Lists<ExternalColumnArrays>;
  strings: string[];
}

function lists(columns: Record<string, ArrayLike<number>>, kinds: Record<string, ColumnKind>) {
  const out: Record<string, (number | null)[]> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const values = columns[name]!;
    out[name] =
      kind === 'f64'
        ? Array.from(values, (v) => (Number.isNaN(v) ? null : v))
        : Array.from(values as ArrayLike<number>);
  }
  return out;
}

function columns<T>(
  values: Record<string, readonly (number | null)[]>,
  kinds: Record<string, ColumnKind>,
): T {
  const out: Record<string, Int32Array | Uint8Array | Float64Array> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const list = values[name];
    if (!list) throw new Error(`payload: missing column ${name}`);
    out[name] = columnOf(
      kind,
      list.map((v) => v ?? Number.NaN),
    );
  }
  return out as T;
}

export function encodeJsonPayload(c: ScheduleColumns): JsonPayload {
  const rows = (w: object) => w as unknown as Record<string, ArrayLike<number>>;
  return {
    format: JSON_PAYLOAD_FORMAT,
    ...payloadHeaderOf(c),
    works: { id: c.ids, ...(lists(rows(c.works), WORK_COLUMNS) as Lists<WorkColumnArrays>) },
    relations: {
      count: c.relations.count,
      ...(lists(rows(c.relations), RELATION_COLUMNS) as Omit<Lists<RelationColumnArrays>, 'count'>),
    },
    externals: {
      count: c.externals.count,
      ...(lists(rows(c.externals), EXTERNAL_COLUMNS) as Omit<Lists<ExternalColumnArrays>, 'count'>),
    },
    strings: c.strings,
  };
}

export function decodeJsonPayload(payload: JsonPayload): ScheduleDocument {
  const parts = headerPartsOf(payload, JSON_PAYLOAD_FORMAT);
  const { id, ...works } = payload.works;
  return documentFrom({
    ...parts,
    ids: id,
    ...columns<WorkColumnArrays>(works, WORK_COLUMNS),
    strings: payload.strings,
    relations: {
      count: payload.relations.count,
      ...columns<Omit<RelationColumnArrays, 'count'>>(
        payload.relations as unknown as Record<string, number[]>,
        RELATION_COLUMNS,
      ),
    },
    externals: {
      count: payload.externals.count,
      ...columns<Omit<ExternalColumnArrays, 'count'>>(
        payload.externals as unknown as Record<string, number[]>,
        EXTERNAL_COLUMNS,
      ),
    },
  });
}
