import { calculateDocument, documentOfColumns, limitCode, type ScheduleDocument } from '@takt/schedule';
import { type TestLink, type TestWork, testColumns } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { IncrementalCalculation } from '../src/domains/calculation/incremental';
import { calculateRows, documentWithResults } from '../src/domains/calculation/rows';

const DAY = 480;
const TODAY = '2026-03-02';

/** Blocks of storeys: a summary per block, FS chains inside a storey, SS links with a lag between storeys. */
function version(blocks: number, storeys: number, perStorey: number) {
  const works: TestWork[] = [];
  const links: TestLink[] = [];
  for (let b = 0; b < blocks; b++) {
    const block = works.push({ id: `B${b}`, type: 'sum', duration: 0 }) - 1;
    let below = -1;
    for (let s = 0; s < storeys; s++) {
      const first = works.length;
      for (let k = 0; k < perStorey; k++) {
        const row =
          works.push({ id: `B${b}S${s}W${k}`, parent: block, duration: (1 + ((b + s + k) % 4)) * DAY }) - 1;
        if (k > 0) links.push({ from: row - 1, to: row });
      }
      if (below >= 0) links.push({ from: below, to: first, type: 'ss', lag: 2 * DAY });
      below = first;
    }
  }
  return documentOfColumns(testColumns(works, links, { projectStart: 0 }));
}

/** A copy of the document with its column `name` changed at `row` (a kept document is never changed). */
function withValue<K extends keyof ScheduleDocument>(
  doc: ScheduleDocument,
  name: K,
  row: number,
  value: number,
): ScheduleDocument {
  const column = (doc[name] as unknown as Int32Array).slice();
  column[row] = value;
  return { ...doc, [name]: column };
}

/** The engine's results of a calculation, as plain arrays (what `calculateRows` reads of it). */
function results(doc: ScheduleDocument, calculation: ReturnType<IncrementalCalculation['calculate']>) {
  return calculateRows(doc, TODAY, null, calculation);
}

describe('the calculation thread keeps its last calculation', () => {
  it('calculates edited versions as a calculation from scratch does, by edits of the works that changed', () => {
    const engine = new IncrementalCalculation();
    let doc = version(3, 4, 5);
    const first = results(doc, engine.calculate(doc, TODAY));
    expect(engine.lastWay).toBe('full');
    expect(first).toEqual(calculateRows(doc, TODAY));

    // The version with its results (the summaries' durations rolled up): nothing of the network changed.
    doc = documentWithResults(doc, first);
    expect(results(doc, engine.calculate(doc, TODAY))).toEqual(calculateRows(doc, TODAY));
    expect(engine.lastWay).toBe('edited');
    expect(results(doc, engine.calculate(doc, TODAY))).toEqual(calculateRows(doc, TODAY));
    expect(engine.lastWay).toBe('kept');

    const mid = doc.rowOf.get('B1S2W3')!;
    const steps: ((d: ScheduleDocument) => ScheduleDocument)[] = [
      // A longer work in the middle of a chain.
      (d) => withValue(d, 'durationMinutes', mid, d.durationMinutes[mid]! + 3 * DAY),
      // A start limit added, then taken away.
      (d) =>
        withValue(
          withValue(d, 'startLimit', mid + 1, limitCode('not_earlier')),
          'startLimitDate',
          mid + 1,
          20 * DAY,
        ),
      (d) => withValue(d, 'startLimit', mid + 1, 0),
      // Begun: an actual start, part done.
      (d) => withValue(withValue(d, 'factStart', mid - 1, 2 * DAY), 'progress', mid - 1, 40),
      // Two works of different blocks at once.
      (d) =>
        withValue(
          withValue(d, 'durationMinutes', doc.rowOf.get('B0S0W0')!, 9 * DAY),
          'durationMinutes',
          doc.rowOf.get('B2S3W4')!,
          DAY,
        ),
    ];
    for (const step of steps) {
      doc = step(doc);
      const calculated = engine.calculate(doc, TODAY);
      expect(engine.lastWay).toBe('edited');
      expect(results(doc, calculated)).toEqual(calculateRows(doc, TODAY));
      doc = documentWithResults(doc, results(doc, calculated));
    }
  });

  it('calculates from scratch when the network changed, the day changed or the engine refused an edit', () => {
    const engine = new IncrementalCalculation();
    const doc = version(2, 2, 3);
    engine.calculate(doc, TODAY);
    // Another relation's lag is another network.
    const lagMinutes = doc.relations.lagMinutes.slice();
    lagMinutes[0] = DAY;
    const relinked = { ...doc, relations: { ...doc.relations, lagMinutes } };
    expect(results(relinked, engine.calculate(relinked, TODAY))).toEqual(calculateRows(relinked, TODAY));
    expect(engine.lastWay).toBe('full');
    // A work's type.
    const type = relinked.type.slice();
    type[2] = 2;
    const retyped = { ...relinked, type };
    expect(results(retyped, engine.calculate(retyped, TODAY))).toEqual(calculateRows(retyped, TODAY));
    expect(engine.lastWay).toBe('full');
    engine.calculate(retyped, '2026-03-03');
    expect(engine.lastWay).toBe('full');
    // A duration beyond the engine's range is refused as a calculation from scratch refuses it, and the
    // next document is calculated from scratch.
    const huge = withValue(retyped, 'durationMinutes', 3, 2_000_000_000);
    const refused = (() => {
      try {
        calculateDocument(huge, TODAY);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refused).not.toBeNull();
    expect(() => engine.calculate(huge, TODAY)).toThrow(refused!);
    expect(results(retyped, engine.calculate(retyped, TODAY))).toEqual(calculateRows(retyped, TODAY));
    expect(engine.lastWay).toBe('full');
  });
});
