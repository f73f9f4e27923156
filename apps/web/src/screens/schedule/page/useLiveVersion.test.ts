import { CHANGED_WORK_COLUMNS, type DocumentChanges } from '@takt/schedule';
import { testDocument } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { liveUpdateAction } from './useLiveVersion';

const model = () => {
  const doc = testDocument([
    { id: 'a', duration: 480 },
    { id: 'b', duration: 960 },
  ]);
  doc.versionRevision = 7;
  doc.calcStatus = 1;
  return doc;
};

/** Changes of work `b`'s duration, from revision 7 to 8. */
const changes = (): DocumentChanges => ({
  versionRevision: 8,
  calcStatus: 1,
  workIds: ['b'],
  works: Object.fromEntries(
    CHANGED_WORK_COLUMNS.map((name) => [name, [name === 'durationMinutes' ? 1440 : 0]]),
  ) as DocumentChanges['works'],
  drivingRelations: [],
  driving: [],
});

describe('what the open schedule does with a live update', () => {
  it('nothing when it already holds the revision and status (its own edit)', () => {
    const doc = model();
    expect(liveUpdateAction(doc, { revision: 7, calcStatus: 1, fromRevision: 6, changes: null })).toBe(
      'none',
    );
  });

  it('applies changes made from the revision it holds, in place', () => {
    const doc = model();
    const update = { revision: 8, calcStatus: 1, fromRevision: 7, changes: changes() };
    expect(liveUpdateAction(doc, update)).toBe('patched');
    expect(doc.durationMinutes[doc.rowOf.get('b')!]).toBe(1440);
    expect(doc.versionRevision).toBe(8);
  });

  it('reloads without changes, or with changes from another revision, leaving the model as it was', () => {
    const doc = model();
    expect(liveUpdateAction(doc, { revision: 8, calcStatus: 1, fromRevision: 7, changes: null })).toBe(
      'reload',
    );
    const stale = { revision: 9, calcStatus: 1, fromRevision: 8, changes: changes() };
    expect(liveUpdateAction(doc, stale)).toBe('reload');
    expect(doc.durationMinutes[doc.rowOf.get('b')!]).toBe(960);
    // A calculation by someone else: the same revision with another status is not "already held".
    expect(liveUpdateAction(doc, { revision: 7, calcStatus: 0, fromRevision: 7, changes: null })).toBe(
      'reload',
    );
  });
});
