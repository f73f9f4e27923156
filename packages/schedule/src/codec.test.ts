import { timeFromIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { decodeBinaryPayload, encodeBinaryPayload } from './codec-binary.js';
import { decodeJsonPayload, encodeJsonPayload, type JsonPayload } from './codec-json.js';
import {
  columnsOfDocument,
  documentOfColumns,
  PAYLOAD_NO_DATE,
  type ScheduleDocument,
  textOf,
} from './document.js';
import { TEST_WEEK, testColumns } from './testing.js';

const N = PAYLOAD_NO_DATE;
const at = (iso: string) => timeFromIso(iso) as number;
const uuid = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

/** Three works (one summary), a link between two, one from another schedule; dates from 1995 to 2150. */
function columns() {
  const c = testColumns(
    [
      {
        id: uuid(0),
        code: '1',
        name: 'Floor',
        type: 'sum',
        plan: [at('1995-03-06T08:00'), at('2150-03-02T17:00')],
      },
      {
        id: uuid(1),
        code: '1.1',
        name: 'Walls',
        parent: 0,
        duration: 480,
        plan: [at('1995-03-06T08:00'), at('1995-03-06T17:00')],
        fact: [at('1995-03-06T08:00'), N],
        progress: 50,
        calendar: 'cal-1',
        startLimit: { type: 'in_date', date: at('1995-03-06T08:00') },
      },
      {
        id: uuid(2),
        name: 'Roof',
        parent: 0,
        duration: 70_000,
        plan: [at('2150-03-02T08:00'), at('2150-03-02T17:00')],
        finishLimit: { type: 'not_later', date: at('2150-03-02T17:00') },
        totalFloat: -40_000,
        critical: true,
        revision: 7,
      },
    ],
    [
      { from: 1, to: 2, type: 'ss', lag: -120, driving: true },
      { from: -1, to: 1, external: uuid(9) },
    ],
    {
      versionId: uuid(100),
      versionRevision: 12,
      calendars: [
        {
          id: 'cal-1',
          name: 'Five days',
          isDefault: true,
          allDay: false,
          hoursPerDay: 8,
          week: TEST_WEEK,
          exceptions: [{ date: '1995-03-08', until: null, name: 'Holiday', intervals: [] }],
        },
      ],
      projectStart: at('1995-03-06T08:00'),
      dataDate: at('1995-03-07T08:00'),
      options: { lagCalendar: '24h', critical: { kind: 'longest_path' }, progress: 'progress_override' },
      externals: [{ id: uuid(9), anchor: at('1995-03-01T08:00'), duration: 960, calendar: 'cal-1' }],
    },
  );
  c.works.planVolume[1] = 12.5;
  return c;
}

/** A document as plain values (typed arrays as lists), to compare two decodings field by field. */
function plain(doc: ScheduleDocument) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (ArrayBuffer.isView(value)) out[key] = Array.from(value as unknown as ArrayLike<number>);
    else if (value instanceof Map) out[key] = [...value];
    else if (value && typeof value === 'object' && 'count' in value)
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v]),
      );
    else out[key] = value;
  }
  return out;
}

describe('the columnar payload', () => {
  it('gives back the columns a document was made of, every work column included', () => {
    const c = columns();
    expect(columnsOfDocument(documentOfColumns(c))).toEqual(c);
  });

  it('round-trips through the binary format: every column, the version, its calendars and externals', () => {
    const c = columns();
    const expected = documentOfColumns(c);
    const bytes = encodeBinaryPayload(c);
    const doc = decodeBinaryPayload(bytes);
    expect(plain(doc)).toEqual(plain(expected));
    expect(doc.versionRevision).toBe(12);
    expect(doc.scheduling.options).toEqual({
      lagCalendar: '24h',
      critical: { kind: 'longest_path' },
      progress: 'progress_override',
    });
    expect(doc.calendars[0]!.exceptions[0]!.date).toBe('1995-03-08');
    expect(textOf(doc, doc.externals.id[0]!)).toBe(uuid(9));
    expect([...doc.depth]).toEqual([0, 1, 1]);
    expect([...doc.childCount]).toEqual([2, 0, 0]);
    expect(doc.rowOf.get(uuid(2))).toBe(2);
    // Dates on either side of 2000, and none, stay apart; the volume's NaN stays NaN.
    expect(doc.planStart[1]).toBe(at('1995-03-06T08:00'));
    expect(doc.planStart[1]).toBeLessThan(0);
    expect(doc.factFinish[1]).toBe(N);
    expect(doc.planVolume[0]).toBeNaN();
    expect(doc.planVolume[1]).toBe(12.5);
    // 32-bit and floating columns are views over the received bytes (the grid edits rows in place).
    expect(doc.planStart.buffer).toBe(bytes.buffer);
    expect(doc.progress.buffer).toBe(bytes.buffer);
  });

  it('writes small integer columns narrow and reads them back widened', () => {
    const c = columns();
    const bytes = encodeBinaryPayload(c);
    const length = new DataView(bytes.buffer).getUint32(4, true);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
    expect(header.works.parent[0]).toBe('i8');
    expect(header.works.durationMinutes[0]).toBe('i32'); // 70,000 does not fit 16 bits
    expect(header.works.totalFloat[0]).toBe('i32');
    expect(header.relations.columns.lagMinutes[0]).toBe('i8');
    const doc = decodeBinaryPayload(bytes);
    expect(doc.parent).toBeInstanceOf(Int32Array);
    expect(doc.relations.lagMinutes[0]).toBe(-120);
  });

  it('round-trips through the JSON format, also after JSON text', () => {
    const c = columns();
    const expected = plain(documentOfColumns(c));
    const payload = encodeJsonPayload(c);
    expect(payload.works.planVolume).toEqual([null, 12.5, null]);
    expect(plain(decodeJsonPayload(payload))).toEqual(expected);
    const text = JSON.parse(JSON.stringify(payload)) as JsonPayload;
    expect(plain(decodeJsonPayload(text))).toEqual(expected);
  });

  it('serves an empty version', () => {
    const c = testColumns([], [], { versionId: uuid(1) });
    const doc = decodeBinaryPayload(encodeBinaryPayload(c));
    expect(doc.count).toBe(0);
    expect(doc.relations.count).toBe(0);
    expect(doc.externals.count).toBe(0);
  });

  it('refuses what it cannot read rather than guessing', () => {
    const c = columns();
    expect(() => decodeBinaryPayload(new Uint8Array(16))).toThrow(/not a binary/);
    expect(() => encodeBinaryPayload({ ...c, ids: ['short', ...c.ids.slice(1)] })).toThrow(/UUID/);
    const payload = encodeJsonPayload(c);
    expect(() => decodeJsonPayload({ ...payload, noDate: -1 })).toThrow(/no-date/);
    expect(() => decodeJsonPayload({ ...payload, format: 'takt.columnar.v1' as never })).toThrow(/format/);
    const enums = { ...payload.enums, type: ['task'] };
    expect(() => decodeJsonPayload({ ...payload, enums: enums as never })).toThrow(/enums/);
  });
});
