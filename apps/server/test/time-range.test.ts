import { NO_TIME, timeFromIso } from '@takt/engine';
import { decodeBinaryPayload, decodeJsonPayload, type JsonPayload } from '@takt/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { datedXer, importedVersion, scheduleWithVersion, spaceForFile } from './fixtures';

/**
 * The engine's range is 1900–2199 with minutes counted from 2000 (negative before it): a P6 programme
 * of the 1990s, or one running into the 2150s, keeps its dates through import, payloads and
 * recalculation — only the engine's NO_TIME means "no date".
 */
const { t, s } = spaceForFile('time-range', 'Range');
let scheduleId: string;
beforeAll(async () => {
  scheduleId = (await scheduleWithVersion(s.ok)).scheduleId;
});

const upload = (name: string, text: string) => importedVersion(t, s, scheduleId, name, text);

const iso = (c: string) => `to_char(${c}, 'YYYY-MM-DD"T"HH24:MI') AS "${c.replaceAll('"', '')}"`;
async function worksOf(versionId: string) {
  const rows = await t.sql<Record<string, string | number | null>>(
    `SELECT code, ${['"planStart"', '"planFinish"', '"factStart"', '"factFinish"', '"earlyStart"', '"earlyFinish"', '"lateStart"', '"lateFinish"'].map(iso).join(', ')},
       "totalFloat"
     FROM works WHERE "versionId" = $1 AND code IS NOT NULL AND code LIKE 'A%' ORDER BY code`,
    [versionId],
  );
  return rows;
}

/** A work's stored dates as the test expects them; the calculated ones only where it names them. */
interface ExpectedWork {
  code: string;
  planStart: string;
  planFinish: string;
  factStart: string | null;
  factFinish: string | null;
  earlyStart?: string;
  earlyFinish?: string;
  lateStart?: string;
  lateFinish?: string;
  totalFloat?: number;
}

describe.each([
  ['1995-03-06', '1995-03-07', '1995-03-08', '1995-03-09'],
  ['2150-03-02', '2150-03-03', '2150-03-04', '2150-03-05'],
])('a P6 project starting %s', (d1, d2, d3, d4) => {
  let versionId: string;
  /** A work not started on the critical path, one day or more: its plan, early and late dates agree. */
  const critical = (code: string, first: string, last: string): ExpectedWork => ({
    code,
    planStart: `${first}T08:00`,
    planFinish: `${last}T17:00`,
    factStart: null,
    factFinish: null,
    earlyStart: `${first}T08:00`,
    earlyFinish: `${last}T17:00`,
    lateStart: `${first}T08:00`,
    lateFinish: `${last}T17:00`,
    totalFloat: 0,
  });
  const expected: ExpectedWork[] = [
    {
      code: 'A1',
      planStart: `${d1}T08:00`,
      planFinish: `${d1}T17:00`,
      factStart: `${d1}T08:00`,
      factFinish: `${d1}T17:00`,
    },
    critical('A2', d2, d2),
    critical('A3', d3, d4),
  ];

  it('imports with its dates stored', async () => {
    versionId = await upload(`${d1}.xer`, datedXer(`${d1}T08:00`, `P${d1.slice(0, 4)}`));
    const works = await worksOf(versionId);
    expect(works).toEqual(expected.map((w) => expect.objectContaining(w)));
  });

  it('sends the dates in both payloads, NO_TIME only where there is none', async () => {
    const base = `/space/${s.spaceId}/versions/${versionId}`;
    const json = await t.api<JsonPayload>('GET', `${base}/payload`, undefined, { token: s.token });
    const binary = await t.api<Uint8Array>('GET', `${base}/payload-binary`, undefined, { token: s.token });
    expect(json.body.noDate).toBe(NO_TIME);
    for (const m of [decodeJsonPayload(json.body), decodeBinaryPayload(binary.body)]) {
      for (const w of expected) {
        const row = [...m.ids.keys()].find((i) => m.strings[m.code[i]!] === w.code)!;
        expect(m.planStart[row]).toBe(timeFromIso(w.planStart));
        expect(m.planFinish[row]).toBe(timeFromIso(w.planFinish));
        expect(m.factStart[row]).toBe(w.factStart ? timeFromIso(w.factStart) : NO_TIME);
        expect(m.factFinish[row]).toBe(w.factFinish ? timeFromIso(w.factFinish) : NO_TIME);
        if (w.earlyStart) expect(m.earlyStart[row]).toBe(timeFromIso(w.earlyStart));
      }
    }
  });

  it('keeps them through a recalculation', async () => {
    await s.ok('POST', `/versions/${versionId}/calculate`);
    expect(await worksOf(versionId)).toEqual(expected.map((w) => expect.objectContaining(w)));
  });
});
