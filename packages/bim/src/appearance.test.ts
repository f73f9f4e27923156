import { describe, expect, it } from 'vitest';
import {
  BIM_PROFILE_DEFAULTS,
  BIM_UNLINKED_LOOK,
  BimPhase,
  BimTimeline,
  bimAppearanceAt,
  bimColorParse,
  bimDeviationOf,
  bimLooksCreate,
} from './appearance';

const N = Number.NaN;
const profiles = [BIM_PROFILE_DEFAULTS.install, BIM_PROFILE_DEFAULTS.remove, BIM_PROFILE_DEFAULTS.temporary];

describe('BimTimeline', () => {
  // Works: 0 [10, 20), 1 [20, 30), 2 [40, 50), 3 undated.
  const dates = { start: [10, 20, 40, N], finish: [20, 30, 50, N] };
  const links = [
    { element: 0, work: 0, profile: 0 },
    { element: 0, work: 2, profile: 0 },
    { element: 1, work: 1, profile: 1 },
    { element: 3, work: 3, profile: 0 },
  ];
  const tl = new BimTimeline(4, links, dates, 'plan');

  it('gives before / during (also between works) / after, and -1 without links', () => {
    expect([5, 10, 19, 20, 35, 49, 50].map((t) => tl.phaseOf(0, t))).toEqual([0, 1, 1, 1, 1, 1, 2]);
    expect(tl.phaseOf(2, 15)).toBe(-1);
    // An undated work never starts.
    expect(tl.phaseOf(3, 1e9)).toBe(BimPhase.Before);
    expect(tl.range).toEqual({ start: 10, finish: 50 });
  });

  it('treats a started, unfinished fact as running forever and an unstarted one as never', () => {
    const fact = new BimTimeline(
      2,
      [
        { element: 0, work: 0, profile: 0 },
        { element: 1, work: 1, profile: 0 },
      ],
      { start: [10, N], finish: [N, N] },
      'fact',
    );
    expect(fact.phaseOf(0, 1e12)).toBe(BimPhase.During);
    expect(fact.phaseOf(1, 1e12)).toBe(BimPhase.Before);
    // A planned work without a finish is a point in time.
    const plan = new BimTimeline(
      1,
      [{ element: 0, work: 0, profile: 0 }],
      { start: [10], finish: [N] },
      'plan',
    );
    expect(plan.phaseOf(0, 10)).toBe(BimPhase.After);
  });

  it('picks the running link profile, else the last finished, else the first', () => {
    const t2 = new BimTimeline(
      1,
      [
        { element: 0, work: 0, profile: 2 },
        { element: 0, work: 1, profile: 1 },
      ],
      dates,
      'plan',
    );
    expect(t2.profileOf(0, 5)).toBe(2);
    expect(t2.profileOf(0, 25)).toBe(1);
    expect(t2.profileOf(0, 99)).toBe(1);
  });
});

describe('bimAppearanceAt', () => {
  it('colours install, remove and unlinked elements at three dates', () => {
    const tl = new BimTimeline(
      3,
      [
        { element: 0, work: 0, profile: 0 },
        { element: 1, work: 0, profile: 1 },
      ],
      { start: [10], finish: [20] },
      'plan',
    );
    const looks = bimLooksCreate(3);
    const at = (t: number) => {
      bimAppearanceAt(tl, profiles, t, looks);
      return [0, 1, 2].map((e) => ({
        own: looks.own[e],
        rgb: Array.from(looks.rgba.subarray(e * 4, e * 4 + 3)),
        a: looks.rgba[e * 4 + 3],
      }));
    };
    const [ghost, ghostA] = [
      bimColorParse(BIM_PROFILE_DEFAULTS.install.before.color!),
      Math.round(0.08 * 255),
    ];
    const before = at(0);
    expect(before[0]).toEqual({ own: 0, rgb: ghost, a: ghostA });
    expect(before[1]).toMatchObject({ own: 1, a: 255 });
    expect(before[2]).toEqual({
      own: 0,
      rgb: bimColorParse(BIM_UNLINKED_LOOK.color!),
      a: Math.round(0.15 * 255),
    });
    const during = at(15);
    expect(during[0]).toEqual({ own: 0, rgb: [0xf5, 0x9e, 0x0b], a: 255 });
    expect(during[1]).toEqual({ own: 0, rgb: [0xef, 0x44, 0x44], a: 255 });
    const after = at(25);
    expect(after[0]).toMatchObject({ own: 1, a: 255 });
    expect(after[1]).toMatchObject({ own: 1, a: 0 });
  });
});

describe('bimDeviationOf', () => {
  // Element 0: planned [10, 20), done [8, 18): ahead. Element 1: planned [10, 20), done [10, 20): on time.
  // Element 2: planned [10, 20), started 14, open: late after 20. Element 3: planned [30, 40), not started.
  const plan = new BimTimeline(
    4,
    [0, 1, 2, 3].map((e) => ({ element: e, work: e, profile: 0 })),
    { start: [10, 10, 10, 30], finish: [20, 20, 20, 40] },
    'plan',
  );
  const fact = new BimTimeline(
    4,
    [0, 1, 2, 3].map((e) => ({ element: e, work: e, profile: 0 })),
    { start: [8, 10, 14, N], finish: [18, 20, N, N] },
    'fact',
  );
  const dev = (e: number, t: number) => bimDeviationOf(plan, fact, e, t, 1);
  it('compares phases, then dates within the tolerance', () => {
    expect(dev(0, 9)).toBe('ahead');
    expect(dev(0, 19)).toBe('ahead');
    expect(dev(0, 30)).toBe('ahead');
    expect(dev(1, 15)).toBe('on_time');
    expect(dev(1, 30)).toBe('on_time');
    expect(dev(2, 12)).toBe('late');
    expect(dev(2, 16)).toBe('late');
    expect(dev(2, 25)).toBe('late');
    expect(dev(3, 5)).toBe('pending');
    expect(dev(3, 35)).toBe('late');
  });
});
