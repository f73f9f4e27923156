import { describe, expect, it } from 'vitest';
import { applyDocumentChanges, CHANGED_WORK_COLUMNS, documentChanges } from './changes.js';
import { planEdit } from './commands.js';
import type { ScheduleDocument } from './document.js';
import { calculateDocument } from './preview.js';
import { testDocument } from './testing.js';

const DAY = 480;
const TODAY = '2024-01-03';
const chain = () =>
  testDocument(
    [
      { id: 'a', duration: 2 * DAY },
      { id: 'b', duration: 3 * DAY },
      { id: 'c', duration: DAY },
      { id: 'd', duration: DAY },
    ],
    [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 0, to: 3 },
      { from: 3, to: 2 },
    ],
    { projectStart: 0 },
  );

/** The document with the results of its calculation, as a saved edit leaves it. */
function calculated(doc: ScheduleDocument, revision: number): ScheduleDocument {
  const { input, result } = calculateDocument(doc, TODAY);
  const n = doc.count;
  const driving = doc.relations.driving.slice();
  input.relationRows.forEach((k, i) => {
    driving[k] = result.relationDriving[i]!;
  });
  return {
    ...doc,
    versionRevision: revision,
    calcStatus: 1,
    earlyStart: result.earlyStart.slice(0, n),
    earlyFinish: result.earlyFinish.slice(0, n),
    lateStart: result.lateStart.slice(0, n),
    lateFinish: result.lateFinish.slice(0, n),
    totalFloat: result.totalFloat.slice(0, n),
    freeFloat: result.freeFloat.slice(0, n),
    critical: result.critical.slice(0, n),
    relations: { ...doc.relations, driving },
  };
}

describe('the changes of a saved edit', () => {
  it('brings a copy of the document before the edit to the document after it', () => {
    const before = calculated(chain(), 7);
    const after = calculated(
      planEdit(before, [{ kind: 'duration', workId: 'd', durationMinutes: 6 * DAY }]).document,
      8,
    );
    const changes = documentChanges(before, after, 100)!;
    // d gets longer and becomes the driving path to c; c moves; a and b gain float.
    expect(changes.workIds).toContain('d');
    expect(changes.workIds).toContain('c');
    expect(changes.drivingRelations.length).toBeGreaterThan(0);
    expect(changes.versionRevision).toBe(8);

    const client = calculated(chain(), 7);
    expect(applyDocumentChanges(client, changes, 7)).toBe(true);
    for (const name of CHANGED_WORK_COLUMNS) expect([...client[name]], name).toEqual([...after[name]]);
    expect([...client.relations.driving]).toEqual([...after.relations.driving]);
    expect(client.versionRevision).toBe(8);
  });

  it('are none when the relations change or too many works do, and are not applied to another revision', () => {
    const before = calculated(chain(), 7);
    const linked = planEdit(before, [
      { kind: 'link', predecessorId: 'a', successorId: 'c', type: 'ss', lagMinutes: 0 },
    ]);
    expect(documentChanges(before, calculated(linked.document, 8), 100)).toBeNull();

    const after = calculated(
      planEdit(before, [{ kind: 'duration', workId: 'a', durationMinutes: 9 * DAY }]).document,
      8,
    );
    expect(documentChanges(before, after, 1)).toBeNull();
    const changes = documentChanges(before, after, 100)!;
    const stale = calculated(chain(), 6);
    const copy = stale.earlyStart.slice();
    expect(applyDocumentChanges(stale, changes, 7)).toBe(false);
    expect(stale.earlyStart).toEqual(copy);
  });

  it('are none when a column outside the listed ones changes (a name, an actual start), compared by text', () => {
    const before = calculated(chain(), 7);
    const renamed = { ...before, name: before.name.slice(), strings: [...before.strings, 'Renamed'] };
    renamed.name[0] = renamed.strings.length - 1;
    expect(documentChanges(before, renamed, 100)).toBeNull();
    const started = { ...before, factStart: before.factStart.slice() };
    started.factStart[1] = 0;
    expect(documentChanges(before, started, 100)).toBeNull();
    // The same texts under other indices of another string table are no change.
    const reindexed = { ...before, name: before.name.slice(), strings: [...before.strings] };
    reindexed.strings.push(before.strings[before.name[0]!]!);
    reindexed.name[0] = reindexed.strings.length - 1;
    expect(documentChanges(before, reindexed, 100)?.workIds).toEqual([]);
  });

  it('carry a summary roll-up (progress, status, volumes), a volume of none as null', () => {
    const before = calculated(chain(), 7);
    const rolled = {
      ...before,
      progress: before.progress.slice(),
      status: before.status.slice(),
      planVolume: before.planVolume.slice(),
    };
    rolled.progress[1] = 50;
    rolled.status[1] = 1;
    rolled.planVolume[2] = 12;
    const changes = documentChanges(before, rolled, 100)!;
    expect(changes.workIds).toEqual(['b', 'c']);
    expect(changes.works.progress).toEqual([50, 0]);
    expect(changes.works.planVolume).toEqual([null, 12]);
    // Through JSON, as the answer travels.
    const client = calculated(chain(), 7);
    expect(applyDocumentChanges(client, JSON.parse(JSON.stringify(changes)), 7)).toBe(true);
    expect([client.progress[1], client.status[1], client.planVolume[2]]).toEqual([50, 1, 12]);
    expect(client.planVolume[1]).toBeNaN();
  });
});
