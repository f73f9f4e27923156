import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups the items by key, each group and the keys in the order the items come', () => {
    const rows = [
      { workId: 'b', n: 1 },
      { workId: 'a', n: 2 },
      { workId: 'b', n: 3 },
    ];
    const groups = groupBy(rows, (r) => r.workId);
    expect([...groups.keys()]).toEqual(['b', 'a']);
    expect(groups.get('b')!.map((r) => r.n)).toEqual([1, 3]);
    expect(groups.get('a')!.map((r) => r.n)).toEqual([2]);
    expect(groups.get('c')).toBeUndefined();
  });
});
