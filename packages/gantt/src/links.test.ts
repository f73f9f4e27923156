import { describe, expect, it } from 'vitest';
import { dateToMinutes, MINUTES_PER_DAY } from './dates.js';
import { ganttLayout } from './layout.js';
import { ganttLinkHitTest, ganttLinkRoutes, linkRoute } from './links.js';
import { scaleAtLevel } from './scale.js';
import { type GanttLinkInput, type LinkType, snapshotFromWorks, WORK_MILESTONE_FINISH } from './snapshot.js';

const D = MINUTES_PER_DAY;
const T0 = dateToMinutes(2024, 1, 1);
const day = (n: number) => T0 + n * D;
const scale = scaleAtLevel(T0, 'day'); // 32 px per day
const viewport = { width: 640, height: 200, scrollTop: 0, rowHeight: 20 };
const rowTopOf = (row: number) => row * 20;
type Bar = [row: number, xStart: number, xFinish: number];
const anchor = ([row, xStart, xFinish]: Bar) => ({
  row,
  xStart,
  xFinish,
  y: row * 20 + 10,
  milestone: false,
});
/** The route of a link between two bars, with 8 px stubs. */
const route = (type: LinkType, from: Bar, to: Bar) =>
  linkRoute(type, anchor(from), anchor(to), 20, rowTopOf, 8);

describe('link routes', () => {
  it('FS forward: out of the finish, down, into the start from the left', () => {
    expect(route('fs', [0, 0, 100], [2, 140, 200])).toEqual({
      points: [100, 10, 108, 10, 108, 50, 140, 50],
      direction: 1,
    });
  });

  it('FS in the same row: a straight arrow', () => {
    expect(route('fs', [1, 0, 100], [1, 150, 200]).points).toEqual([100, 30, 150, 30]);
  });

  it('FS detour when the successor starts before the connection point', () => {
    // Successor starts exactly at the predecessor finish (lag 0): around along the row boundary.
    expect(route('fs', [0, 0, 100], [1, 100, 160]).points).toEqual([
      100, 10, 108, 10, 108, 20, 92, 20, 92, 30, 100, 30,
    ]);
    // Successor above the predecessor (a lead): the detour runs along the predecessor's top edge.
    expect(route('fs', [3, 0, 100], [1, 50, 160]).points).toEqual([
      100, 70, 108, 70, 108, 60, 42, 60, 42, 30, 50, 30,
    ]);
  });

  it('SS: out of the start to the left, into the start from the left', () => {
    expect(route('ss', [0, 50, 100], [1, 80, 120])).toEqual({
      points: [50, 10, 42, 10, 42, 30, 80, 30],
      direction: 1,
    });
    // Successor starting earlier: the vertical goes left of both starts.
    expect(route('ss', [0, 50, 100], [1, 20, 120]).points).toEqual([50, 10, 12, 10, 12, 30, 20, 30]);
  });

  it('FF: out of the finish to the right, into the finish from the right', () => {
    expect(route('ff', [0, 0, 100], [1, 20, 80])).toEqual({
      points: [100, 10, 108, 10, 108, 30, 80, 30],
      direction: -1,
    });
    expect(route('ff', [0, 0, 100], [1, 20, 150]).points).toEqual([100, 10, 158, 10, 158, 30, 150, 30]);
  });

  it('SF: out of the start to the left, into the finish from the right, around when needed', () => {
    expect(route('sf', [0, 100, 200], [1, 20, 60])).toEqual({
      points: [100, 10, 92, 10, 92, 30, 60, 30],
      direction: -1,
    });
    expect(route('sf', [0, 100, 200], [1, 40, 130]).points).toEqual([
      100, 10, 92, 10, 92, 20, 138, 20, 138, 30, 130, 30,
    ]);
  });
});

describe('link selection', () => {
  const rows = 1000;
  const works = Array.from({ length: rows }, (_, i) => ({
    row: i,
    plan: [day(i), day(i + 1)] as const,
    critical: i < 3,
  }));
  const links: GanttLinkInput[] = [];
  for (let i = 0; i + 1 < rows; i++)
    links.push({ predecessor: i, successor: i + 1, type: 'fs', driving: i < 5 });
  links.push({ predecessor: 0, successor: 999, type: 'ss' }); // one end visible at the top only
  const snapshot = snapshotFromWorks(works, links);

  it('routes only links with an end in the laid-out rows', () => {
    const layout = ganttLayout(snapshot, scale, viewport, { marginRows: 0 });
    const routes = ganttLinkRoutes(snapshot, scale, layout);
    // Rows 0…9: links 0→1 … 9→10 and 0→999 (its start is visible).
    expect(routes.map((r) => r.link).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 999]);
    const first = routes.find((r) => r.link === 0)!;
    const planMid = layout.slots.plan!.y + layout.slots.plan!.height / 2;
    expect(first).toMatchObject({ type: 'fs', driving: true, critical: true });
    expect(first.arrow).toEqual({ x: 32, y: 20 + planMid, direction: 1 });
    expect(routes.find((r) => r.link === 3)).toMatchObject({ driving: true, critical: false });
    expect(routes.find((r) => r.link === 7)).toMatchObject({ driving: false, critical: false });
  });

  it('culls routes that stay outside the x range', () => {
    const far = ganttLayout(snapshot, scale, { ...viewport, scrollTop: 20 * 500 }, { marginRows: 0 });
    // Rows 500…509 hold days 500…510, far right of the 640 px view.
    expect(ganttLinkRoutes(snapshot, scale, far)).toEqual([]);
  });

  it('skips links to hidden works or works without dates', () => {
    const small = snapshotFromWorks(
      [
        { row: 0, plan: [day(0), day(1)] },
        { row: -1, plan: [day(1), day(2)] },
        { row: 1 },
        { row: 2, shape: WORK_MILESTONE_FINISH, plan: [day(3), day(3)] },
      ],
      [
        { predecessor: 0, successor: 1, type: 'fs' },
        { predecessor: 0, successor: 2, type: 'fs' },
        { predecessor: 0, successor: 3, type: 'ff' },
      ],
    );
    const layout = ganttLayout(small, scale, viewport);
    const routes = ganttLinkRoutes(small, scale, layout);
    expect(routes.map((r) => r.link)).toEqual([2]);
    // FF into a finish milestone ends at the diamond's right side.
    expect(routes[0]!.arrow.x).toBeGreaterThan(96);
    expect(routes[0]!.arrow.direction).toBe(-1);
  });
});

describe('link hit test', () => {
  const route = (link: number, points: number[]) => ({
    link,
    type: 'fs' as const,
    points,
    arrow: { x: points[points.length - 2]!, y: points[points.length - 1]!, direction: 1 as const },
    driving: false,
    critical: false,
  });
  const routes = [route(0, [100, 10, 108, 10, 108, 50, 140, 50]), route(1, [0, 30, 200, 30])];

  it('finds the link under a point on any of its segments, within the tolerance', () => {
    expect(ganttLinkHitTest(routes, 104, 12)).toBe(0);
    expect(ganttLinkHitTest(routes, 110, 40)).toBe(0);
    expect(ganttLinkHitTest(routes, 130, 53)).toBe(0);
    expect(ganttLinkHitTest(routes, 50, 27)).toBe(1);
  });

  it('picks the nearest link where two pass close and none far from every route', () => {
    expect(ganttLinkHitTest(routes, 104, 31)).toBe(1); // 1 px from link 1, 4 px from link 0
    expect(ganttLinkHitTest(routes, 107, 33, 6)).toBe(0); // 1 px from link 0, 3 px from link 1
    expect(ganttLinkHitTest(routes, 60, 100)).toBe(-1);
    expect(ganttLinkHitTest(routes, 150, 50, 4)).toBe(-1);
    expect(ganttLinkHitTest(routes, 150, 50, 12)).toBe(0);
  });
});
