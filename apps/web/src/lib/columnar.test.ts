import { describe, expect, it } from 'vitest';
import {
  decodeBinaryPayload,
  decodePayload,
  patchWork,
  relationsOfRow,
  textOf,
  type VersionPayload,
  visibleRows,
} from './columnar';
import { formatMinutes, hasDate, NO_DATE } from './schedule-time';

/** The payloads' no-date marker (`noDate`): the engine's NO_TIME. */
const N = -2147483648;
const ids = ['a', 'b', 'c', 'd'];
const payload = {
  format: 'takt.columnar.v1',
  versionId: 'v',
  calcStatus: 1,
  count: 4,
  epoch: '2000-01-01T00:00',
  noDate: N,
  enums: {
    type: ['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft'],
    status: ['not_started', 'in_progress', 'completed'],
    linkType: ['fs', 'ff', 'ss', 'sf'],
  },
  works: {
    id: ids,
    parent: [-1, 0, 0, -1],
    code: [0, 1, 2, -1],
    name: [3, 4, 5, 6],
    type: [0, 1, 1, 3],
    status: [0, 0, 2, 0],
    durationMinutes: [0, 480, 960, 0],
    calendar: [-1, -1, -1, -1],
    planStart: [N, N, N, N],
    planFinish: [N, N, N, N],
    factStart: [N, N, N, N],
    factFinish: [N, N, N, N],
    earlyStart: [0, 0, 480, 1440],
    earlyFinish: [1440, 480, 1440, 1440],
    lateStart: [0, 0, 480, 1440],
    lateFinish: [1440, 480, 1440, 1440],
    totalFloat: [0, 0, 0, 0],
    freeFloat: [0, 0, 0, 0],
    critical: [1, 1, 0, 1],
    progress: [0, 50, 100, 0],
    planVolume: [null, 12.5, null, null],
    factVolume: [null, null, null, null],
    unit: [-1, -1, -1, -1],
    executor: [-1, -1, -1, -1],
    curator: [-1, -1, -1, -1],
    revision: [1, 1, 1, 1],
  },
  relations: {
    count: 2,
    predecessor: [1, 2],
    externalPredecessor: [-1, -1],
    successor: [2, 3],
    type: [0, 0],
    lagMinutes: [0, 60],
    driving: [1, 0],
  },
  strings: ['1', '1.1', '1.2', 'Floor', 'Walls', 'Roof', 'Done'],
} as unknown as VersionPayload;

/** A minimal writer of the server's binary format (domains/versions/binary.ts; round-trip tested there). */
function binaryOf(payload: VersionPayload) {
  const uuid = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
  const source = { ...payload, works: { ...payload.works, id: payload.works.id.map((_, k) => uuid(k)) } };
  const sections: Uint8Array[] = [];
  let size = 0;
  const place = (bytes: Uint8Array) => {
    const offset = size;
    sections.push(bytes);
    size += (bytes.byteLength + 7) & ~7;
    return offset;
  };
  const u8 = new Set(['type', 'status', 'critical', 'driving']);
  const f64 = new Set(['progress', 'planVolume', 'factVolume']);
  const describeColumns = (columns: Record<string, unknown>) => {
    const out: Record<string, [string, number]> = {};
    for (const [name, values] of Object.entries(columns)) {
      if (name === 'id' || name === 'count') continue;
      const list = (values as (number | null)[]).map((v) => v ?? Number.NaN);
      const [type, array] = u8.has(name)
        ? ['u8', Uint8Array.from(list)]
        : f64.has(name)
          ? ['f64', Float64Array.from(list)]
          : name === 'parent'
            ? ['i8', Int8Array.from(list)]
            : ['i32', Int32Array.from(list)];
      out[name] = [type, place(new Uint8Array(array.buffer))];
    }
    return out;
  };
  const header = {
    format: 'takt.columnar.bin.v1',
    versionId: 'v',
    calcStatus: 1,
    count: source.count,
    noDate: source.noDate,
    enums: source.enums,
    ids: place(new TextEncoder().encode(source.works.id.join(''))),
    works: describeColumns(source.works),
    relations: { count: source.relations.count, ...describeColumns(source.relations) },
    strings: source.strings,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const body = (8 + json.byteLength + 7) & ~7;
  const bytes = new Uint8Array(body + size);
  bytes.set([0x54, 0x4b, 0x43, 0x31]);
  new DataView(bytes.buffer).setUint32(4, json.byteLength, true);
  bytes.set(json, 8);
  let at = body;
  for (const section of sections) {
    bytes.set(section, at);
    at += (section.byteLength + 7) & ~7;
  }

  return { bytes, source, uuid };
}

describe('columnar payload', () => {
  it('decodes into typed arrays with depths and child counts', () => {
    const m = decodePayload(payload);
    expect(m.durationMinutes).toBeInstanceOf(Int32Array);
    expect([...m.depth]).toEqual([0, 1, 1, 0]);
    expect([...m.childCount]).toEqual([2, 0, 0, 0]);
    expect(textOf(m, m.name[1]!)).toBe('Walls');
    expect(textOf(m, m.code[3]!)).toBe('');
    expect(m.planVolume[1]).toBe(12.5);
    expect(m.planVolume[0]).toBeNaN();
  });

  it('hides children of collapsed rows and keeps ancestors of filter matches', () => {
    const m = decodePayload(payload);
    expect([...visibleRows(m, new Set())]).toEqual([0, 1, 2, 3]);
    expect([...visibleRows(m, new Set(['a']))]).toEqual([0, 3]);
    expect([...visibleRows(m, new Set(), (i) => textOf(m, m.name[i]!) === 'Roof')]).toEqual([0, 2]);
  });

  it('patches a row from an API work and lists its relations', () => {
    const m = decodePayload(payload);
    patchWork(m, {
      id: 'b',
      code: '1.1',
      name: 'Brick walls',
      type: 'work',
      status: 'in_progress',
      durationMinutes: 600,
      calendarId: null,
      planStart: '2000-01-02',
      planFinish: null,
      factStart: null,
      factFinish: null,
      earlyStart: null,
      earlyFinish: null,
      lateStart: null,
      lateFinish: null,
      totalFloat: null,
      freeFloat: null,
      critical: false,
      progress: 10,
      planVolume: null,
      factVolume: null,
      unit: 'm3',
      executorId: null,
      curatorId: null,
      revision: 2,
    });
    expect(textOf(m, m.name[1]!)).toBe('Brick walls');
    expect(m.type[1]).toBe(2);
    expect(m.planStart[1]).toBe(1440);
    expect(textOf(m, m.unit[1]!)).toBe('m3');
    expect(relationsOfRow(m, 2)).toEqual({ predecessors: [0], successors: [1] });
  });

  it('decodes the binary payload into views equal to the JSON decoding', () => {
    const { bytes, source, uuid } = binaryOf(payload);
    const m = decodeBinaryPayload(bytes.buffer);
    const expected = decodePayload(source as unknown as VersionPayload);
    expect(m.ids).toEqual(expected.ids);
    expect(m.rowOf.get(uuid(2))).toBe(2);
    expect([...m.parent]).toEqual([...expected.parent]);
    expect([...m.depth]).toEqual([0, 1, 1, 0]);
    expect(m.name).toEqual(expected.name);
    expect(m.planVolume).toEqual(expected.planVolume);
    expect(m.relations.lagMinutes).toEqual(expected.relations.lagMinutes);
    expect(m.relations.driving).toEqual(expected.relations.driving);
    expect(m.durationMinutes.buffer).toBe(bytes.buffer);
    expect(() => decodeBinaryPayload(new Uint8Array(16))).toThrow();
  });

  // Engine minutes are negative before 2000 (the range is 1900–2199): only `noDate` means "no date".
  it('keeps dates before 2000 and after 2100 apart from no date, in both payloads and in patches', () => {
    const at1995 = -(Date.UTC(2000, 0, 1) - Date.UTC(1995, 2, 6, 8)) / 60_000;
    const at2150 = (Date.UTC(2150, 2, 2, 8) - Date.UTC(2000, 0, 1)) / 60_000;
    const dated = {
      ...payload,
      works: {
        ...payload.works,
        planStart: [at1995, at1995, at2150, N],
        planFinish: [at1995 + 540, at1995 + 540, at2150 + 540, N],
        factStart: [at1995, N, N, N],
        earlyStart: [at1995, at1995, at2150, N],
      },
    } as unknown as VersionPayload;
    const { bytes } = binaryOf(dated);
    for (const m of [decodePayload(dated), decodeBinaryPayload(bytes.buffer)]) {
      expect(m.planStart[0]).toBe(at1995);
      expect(at1995).toBeLessThan(0);
      expect(formatMinutes(m.planStart[0]!, true)).toBe('06.03.1995 08:00');
      expect(formatMinutes(m.planFinish[1]!, true)).toBe('06.03.1995 17:00');
      expect(formatMinutes(m.planStart[2]!, true)).toBe('02.03.2150 08:00');
      expect(hasDate(m.factStart[0])).toBe(true);
      expect(m.factStart[1]).toBe(NO_DATE);
      expect(hasDate(m.factStart[1])).toBe(false);
      expect(formatMinutes(m.planStart[3]!)).toBe('');
      expect(formatMinutes(-1, true)).toBe('31.12.1999 23:59');
    }
    const m = decodePayload(dated);
    patchWork(m, {
      id: 'b',
      code: '1.1',
      name: 'Walls',
      type: 'task',
      status: 'not_started',
      durationMinutes: 480,
      calendarId: null,
      planStart: '1995-03-07T08:00',
      planFinish: '1995-03-07T17:00',
      factStart: null,
      factFinish: null,
      earlyStart: '1999-12-31T23:59',
      earlyFinish: null,
      lateStart: null,
      lateFinish: null,
      totalFloat: null,
      freeFloat: null,
      critical: false,
      progress: 0,
      planVolume: null,
      factVolume: null,
      unit: null,
      executorId: null,
      curatorId: null,
      revision: 3,
    });
    expect(m.planStart[1]).toBe(at1995 + 1440);
    expect(m.earlyStart[1]).toBe(-1);
    expect(m.factStart[1]).toBe(NO_DATE);
    expect(m.earlyFinish[1]).toBe(NO_DATE);
    // A payload with another marker (the old -1) is refused, not read with 1999-12-31T23:59 dates.
    expect(() => decodePayload({ ...dated, noDate: -1 } as unknown as VersionPayload)).toThrow(/no-date/);
  });
});
