import { describe, expect, it } from 'vitest';
import { withMember, withMembers } from './sets';

describe('withMembers', () => {
  it('puts ids in and takes them out of a copy, leaving the given set as it was', () => {
    const before = new Set(['a', 'b']);
    const added = withMembers(before, ['b', 'c'], true);
    expect([...added].sort()).toEqual(['a', 'b', 'c']);
    const removed = withMembers(before, ['a', 'x'], false);
    expect([...removed]).toEqual(['b']);
    expect([...before]).toEqual(['a', 'b']);
    expect(added).not.toBe(before);
  });
});

describe('withMember', () => {
  it('sets one id to the side asked for', () => {
    expect(withMember(new Set(['a']), 'a', true).has('a')).toBe(true);
    expect(withMember(new Set(['a']), 'b', false).size).toBe(1);
  });

  it('toggles the id when no side is asked for', () => {
    expect(withMember(new Set(['a']), 'a').has('a')).toBe(false);
    expect(withMember(new Set<string>(), 'a').has('a')).toBe(true);
  });
});
