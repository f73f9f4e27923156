import type { GridFilter } from '@takt/contracts';
import { intern, textOf } from '@takt/schedule';
import { testDocument } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { formatMinutes, isoToMinutes, NO_DATE } from '../../../lib/schedule-time';
import { compileFilter, type FilterSources } from './filter-eval';
import { collapsedToLevel, groupRows } from './grouping';

const day = (iso: string) => isoToMinutes(`${iso}T08:00`);

// 0 Summary ─ 1 Walls, 2 Roof; 3 Handover (a milestone)
const model = testDocument([
  { id: 's', name: 'Каркас', code: 'S', type: 'sum' },
  {
    id: 'w1',
    parent: 0,
    code: 'A-10',
    name: 'Walls',
    duration: 960,
    plan: [day('2030-03-04'), day('2030-03-06')],
    totalFloat: -480,
    critical: true,
    progress: 40,
  },
  {
    id: 'w2',
    parent: 0,
    code: 'A-20',
    name: 'Roof',
    duration: 2400,
    plan: [day('2030-03-10'), day('2030-03-15')],
    totalFloat: 960,
    progress: 100,
  },
  {
    id: 'm',
    code: 'B-1',
    name: 'Handover',
    type: 'milestone_finish',
    plan: [day('2030-04-01'), day('2030-04-01')],
  },
]);
// Early dates make the floats count as calculated.
model.earlyStart.set(model.planStart);
model.status[1] = 1;
model.status[2] = 2;
model.executor[1] = intern(model, 'user-1');
model.executor[2] = intern(model, 'user-2');

const sources: FilterSources = {
  model,
  hoursPerDay: 8,
  approved: (row, side) =>
    row === 1
      ? day(side === 'start' ? '2030-03-02' : '2030-03-05')
      : row === 2 && side === 'start'
        ? day('2030-03-10')
        : NO_DATE,
  attribute: (row, id) => (id === 'aaaaaaaa-0000-4000-8000-000000000001' ? ['', '12', '9', 'x'][row]! : ''),
};

/** The rows of the document a filter keeps. */
function kept(filter: GridFilter) {
  const test = compileFilter(filter, sources);
  return test ? Array.from({ length: model.count }, (_, r) => r).filter(test) : 'all';
}
const all = (...conditions: GridFilter['conditions']): GridFilter => ({ match: 'all', conditions });
const any = (...conditions: GridFilter['conditions']): GridFilter => ({ match: 'any', conditions });

describe('the filter builder’s evaluator', () => {
  it('tests text, case-insensitively', () => {
    expect(kept(all({ field: 'name', op: 'contains', value: 'ROO' }))).toEqual([2]);
    expect(kept(all({ field: 'code', op: 'starts_with', value: 'a-' }))).toEqual([1, 2]);
    expect(kept(all({ field: 'code', op: 'eq', value: 'b-1' }))).toEqual([3]);
    expect(kept(all({ field: 'name', op: 'not_contains', value: 'o' }))).toEqual([0, 1]);
  });

  it('tests types, statuses, critical and executors', () => {
    expect(kept(all({ field: 'type', op: 'eq', value: 'milestone_finish' }))).toEqual([3]);
    // The summary is in progress as its works are (one started, one finished), whatever its row says.
    expect(kept(all({ field: 'status', op: 'eq', value: 'in_progress' }))).toEqual([0, 1]);
    expect(kept(all({ field: 'status', op: 'ne', value: 'not_started' }))).toEqual([0, 1, 2]);
    expect(kept(all({ field: 'critical', op: 'eq', value: 'true' }))).toEqual([1]);
    expect(kept(all({ field: 'executor', op: 'eq', value: 'user-2' }))).toEqual([2]);
    expect(kept(all({ field: 'executor', op: 'empty', value: '' }))).toEqual([0, 3]);
  });

  it('compares dates by the day and numbers in working days and per cent', () => {
    expect(kept(all({ field: 'start', op: 'eq', value: '2030-03-10' }))).toEqual([2]);
    expect(kept(all({ field: 'finish', op: 'lte', value: '2030-03-15' }))).toEqual([1, 2]);
    expect(kept(all({ field: 'start', op: 'empty', value: '' }))).toEqual([0]);
    expect(kept(all({ field: 'approvedFinish', op: 'lt', value: '2030-03-06' }))).toEqual([1]);
    expect(kept(all({ field: 'approvedStart', op: 'not_empty', value: '' }))).toEqual([1, 2]);
    expect(kept(all({ field: 'totalFloat', op: 'lt', value: '0' }))).toEqual([1]);
    expect(kept(all({ field: 'totalFloat', op: 'eq', value: '2' }))).toEqual([2]);
    expect(kept(all({ field: 'duration', op: 'gte', value: '2,5' }))).toEqual([2]);
    expect(kept(all({ field: 'progress', op: 'eq', value: '100' }))).toEqual([2]);
  });

  it('compares attribute values as numbers when both read as numbers', () => {
    const field = 'attr:aaaaaaaa-0000-4000-8000-000000000001';
    expect(kept(all({ field, op: 'gt', value: '10' }))).toEqual([1]);
    expect(kept(all({ field, op: 'not_empty', value: '' }))).toEqual([1, 2, 3]);
  });

  it('combines conditions with all or any, and leaves out incomplete ones', () => {
    const late = { field: 'totalFloat', op: 'lt', value: '0' } as const;
    const done = { field: 'status', op: 'eq', value: 'completed' } as const;
    expect(kept(any(late, done))).toEqual([1, 2]);
    expect(kept(all(late, done))).toEqual([]);
    expect(kept(all(late, { field: 'name', op: 'contains', value: '' }))).toEqual([1]);
    expect(kept(all({ field: 'start', op: 'gt', value: 'soon' }))).toBe('all');
    expect(kept(all())).toBe('all');
  });
});

describe('grouping', () => {
  it('gathers the works by a key with counts and rolled-up dates, the empty key last', () => {
    const lines = groupRows(
      model,
      { keyOf: (r) => textOf(model, model.executor[r]!), labelOf: (k) => k || '—' },
      new Set(),
    );
    const headers = lines.filter((l) => l.kind === 'group').map((l) => l.group);
    expect(headers.map((h) => [h.label, h.count])).toEqual([
      ['user-1', 1],
      ['user-2', 1],
      ['—', 1],
    ]);
    // Summaries are not grouped: only works are.
    expect(lines.filter((l) => l.kind === 'work').map((l) => l.row)).toEqual([1, 2, 3]);
  });

  it('rolls up dates and folds groups, keeping a rank before labels', () => {
    const lines = groupRows(
      model,
      {
        keyOf: (r) => String(model.status[r]),
        labelOf: (k) => ['not started', 'in progress', 'completed'][Number(k)]!,
        rankOf: (k) => Number(k),
      },
      new Set(['0']),
    );
    expect(
      lines.map((l) =>
        l.kind === 'group'
          ? `${l.group.label}:${l.group.count}:${formatMinutes(l.group.start)}-${formatMinutes(l.group.finish)}${l.group.folded ? ':folded' : ''}`
          : l.row,
      ),
    ).toEqual([
      'not started:1:01.04.2030-01.04.2030:folded',
      'in progress:1:04.03.2030-06.03.2030',
      1,
      'completed:1:10.03.2030-15.03.2030',
      2,
    ]);
    const onlyDone = groupRows(
      model,
      { keyOf: () => 'x', labelOf: (k) => k },
      new Set(),
      (r) => model.status[r] === 2,
    );
    expect(onlyDone.map((l) => (l.kind === 'group' ? l.group.count : l.row))).toEqual([1, 2]);
  });

  it('folds the WBS to a level', () => {
    expect([...collapsedToLevel(model, 1, new Set())]).toEqual(['s']);
    expect([...collapsedToLevel(model, 2, new Set(['m']))]).toEqual(['m']);
  });
});
