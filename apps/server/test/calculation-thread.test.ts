import { documentOfColumns, PAYLOAD_NO_DATE } from '@takt/schedule';
import { testColumns } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { calculateRows, documentParts, documentWithResults } from '../src/domains/calculation/rows';
import { CalculationFailed, calculationThread } from '../src/domains/calculation/thread';

const DAY = 480;
const TODAY = '2026-03-02';
const chain = () =>
  documentOfColumns(
    testColumns(
      [
        { id: 'a', name: 'Котлован', duration: 2 * DAY },
        { id: 'b', name: 'Фундамент', duration: 3 * DAY },
        { id: 'c', name: 'Каркас', duration: DAY },
      ],
      [
        { from: 0, to: 1 },
        { from: 1, to: 2 },
      ],
      { projectStart: 0 },
    ),
  );

describe('the calculation of a document by rows', () => {
  it('calculates the same in the calculation thread as inline, and finds nothing to write in the document with its results', async () => {
    const doc = chain();
    const inline = calculateRows(doc, TODAY);
    const threaded = await calculationThread.calculate(documentParts(doc), TODAY);
    expect(threaded).toEqual(inline);
    expect(Array.from(inline.changedRows)).toEqual([0, 1, 2]);
    const [a, b, c] = inline.earlyStart;
    expect(a! < b! && b! < c!).toBe(true);

    const earlyBefore = doc.earlyStart.slice();
    const calculated = documentWithResults(doc, inline);
    // The document calculated is a new one; the one it was made from is left as it was.
    expect(doc.earlyStart).toEqual(earlyBefore);
    expect(calculated.earlyStart).toEqual(inline.earlyStart);
    const again = calculateRows(calculated, TODAY);
    expect(again.changedRows.length).toBe(0);
    expect(again.changedRelations.length).toBe(0);

    calculated.durationMinutes[1] = 4 * DAY;
    const edited = calculateRows(calculated, TODAY);
    // The edited work, the one after it; the first one's late dates stay (it drives the others).
    expect(Array.from(edited.changedRows)).toEqual([1, 2]);
  });

  it('calculates a document that shares columns with the one sent before (only the new ones cross) as inline', async () => {
    const doc = chain();
    const first = await calculationThread.calculate(documentParts(doc), TODAY);
    // The version after its calculation: new result columns, the same ids, texts and hierarchy.
    const calculated = documentWithResults(doc, first);
    expect(await calculationThread.calculate(documentParts(calculated), TODAY)).toEqual(
      calculateRows(calculated, TODAY),
    );
    // An edit copies the column it changes; the thread must not calculate the duration it held before.
    const durationMinutes = calculated.durationMinutes.slice();
    durationMinutes[0] = 5 * DAY;
    const edited = { ...calculated, durationMinutes };
    const threaded = await calculationThread.calculate(documentParts(edited), TODAY);
    expect(threaded).toEqual(calculateRows(edited, TODAY));
    expect(Array.from(threaded.changedRows)).toEqual([0, 1, 2]);
    // Without a project start of its own the version starts at its earliest planned start, so an earlier
    // planned start is another calculation although every column the engine maps is the same array.
    const unanchored = { ...edited, scheduling: { ...edited.scheduling, projectStart: PAYLOAD_NO_DATE } };
    await calculationThread.calculate(documentParts(unanchored), TODAY);
    const planStart = unanchored.planStart.slice();
    planStart[0] = planStart[0]! - 7 * 1440;
    const earlier = { ...unanchored, planStart };
    const moved = await calculationThread.calculate(documentParts(earlier), TODAY);
    expect(moved).toEqual(calculateRows(earlier, TODAY));
    expect(moved.earlyStart[0]).toBe(planStart[0]);
    // Another version's document is sent whole, whatever it shares.
    const other = { ...edited, versionId: 'another', durationMinutes: calculated.durationMinutes };
    expect(await calculationThread.calculate(documentParts(other), TODAY)).toEqual(
      calculateRows(other, TODAY),
    );
  });

  it('answers a cycle from the thread as the engine refused it, naming the works, and keeps working', async () => {
    const cyclic = documentOfColumns(
      testColumns(
        [
          { id: 'a', duration: DAY },
          { id: 'b', duration: DAY },
        ],
        [
          { from: 0, to: 1 },
          { from: 1, to: 0 },
        ],
        { projectStart: 0 },
      ),
    );
    const refused = await calculationThread.calculate(documentParts(cyclic), TODAY).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CalculationFailed);
    expect((refused as CalculationFailed).failure).toMatchObject({ code: 'cycle' });
    expect([...(refused as CalculationFailed).failure.workIds].sort()).toEqual(['a', 'b']);
    const after = await calculationThread.calculate(documentParts(chain()), TODAY);
    expect(after.changedRows.length).toBe(3);
  });

  it('rolls summaries up over the calculated dates, weighted as asked, in the thread as inline, and writes them once', async () => {
    const doc = documentOfColumns(
      testColumns(
        [
          { id: 'S', name: 'Нулевой цикл', type: 'sum' },
          { id: 'a', name: 'Котлован', parent: 0, duration: 2 * DAY, progress: 100 },
          { id: 'b', name: 'Фундамент', parent: 0, duration: 3 * DAY },
        ],
        [{ from: 1, to: 2 }],
        { projectStart: 0 },
      ),
    );
    doc.status[1] = 2; // completed (the engine schedules it as planned: it has no actual dates)
    const inline = calculateRows(doc, TODAY);
    // Five working days from the summary's start to its finish; two of them done.
    expect(inline.rolled.durationMinutes[0]).toBe(5 * DAY);
    expect([inline.rolled.progress[0], inline.rolled.status[0]]).toEqual([40, 1]);
    expect(Array.from(inline.changedRows)).toContain(0);
    // By the scenario's measure (labour of 1 and 3 hours): a quarter done.
    const weights = Float64Array.from([Number.NaN, 1, 3]);
    const threaded = await calculationThread.calculate(documentParts(doc), TODAY, weights);
    expect(threaded.rolled.progress[0]).toBe(25);
    expect(threaded.rolled.durationMinutes[0]).toBe(5 * DAY);

    const calculated = documentWithResults(doc, inline);
    expect([calculated.durationMinutes[0], calculated.progress[0], calculated.status[0]]).toEqual([
      5 * DAY,
      40,
      1,
    ]);
    expect(calculateRows(calculated, TODAY).changedRows.length).toBe(0);
  });
});
