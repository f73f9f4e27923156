import { decodePayload, type ScheduleModel, type VersionPayload } from '../../../lib/columnar';
import { hasDate, NO_DATE } from '../../../lib/schedule-time';

/** A work of a test model; dates in engine minutes (`NO_DATE` or absent: none; negative before 2000). */
export interface TestWork {
  id: string;
  name?: string;
  parent?: number;
  type?: 'sum' | 'task' | 'work' | 'milestone_start' | 'milestone_finish' | 'draft';
  duration?: number;
  plan?: [number, number];
  fact?: [number, number];
  late?: [number, number];
  totalFloat?: number;
  critical?: boolean;
  progress?: number;
  calendar?: string;
}

export interface TestLink {
  from: number;
  to: number;
  type?: 'fs' | 'ff' | 'ss' | 'sf';
  lag?: number;
  driving?: boolean;
  /** A predecessor in another schedule: `from` is ignored. */
  external?: boolean;
}

const TYPES = ['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft'] as const;
const LINKS = ['fs', 'ff', 'ss', 'sf'] as const;

/** A decoded version for tests of the timeline's helpers (the payload decoder of the app builds it). */
export function testModel(works: TestWork[], links: TestLink[] = []): ScheduleModel {
  const strings: string[] = [];
  const str = (s: string | undefined) => {
    if (s === undefined) return -1;
    strings.push(s);
    return strings.length - 1;
  };
  const col = (pick: (w: TestWork) => number) => works.map(pick);
  const payload = {
    format: 'takt.columnar.v1',
    versionId: 'v',
    calcStatus: 1,
    count: works.length,
    epoch: '2000-01-01T00:00',
    noDate: NO_DATE,
    enums: { type: [...TYPES], status: ['not_started', 'in_progress', 'completed'], linkType: [...LINKS] },
    works: {
      id: works.map((w) => w.id),
      parent: col((w) => w.parent ?? -1),
      code: col(() => -1),
      name: col((w) => str(w.name ?? w.id)),
      type: col((w) => TYPES.indexOf(w.type ?? 'task')),
      status: col((w) => (w.fact ? (hasDate(w.fact[1]) ? 2 : 1) : 0)),
      durationMinutes: col((w) => w.duration ?? 0),
      calendar: col((w) => str(w.calendar)),
      planStart: col((w) => w.plan?.[0] ?? NO_DATE),
      planFinish: col((w) => w.plan?.[1] ?? NO_DATE),
      factStart: col((w) => w.fact?.[0] ?? NO_DATE),
      factFinish: col((w) => w.fact?.[1] ?? NO_DATE),
      earlyStart: col((w) => w.plan?.[0] ?? NO_DATE),
      earlyFinish: col((w) => w.plan?.[1] ?? NO_DATE),
      lateStart: col((w) => w.late?.[0] ?? NO_DATE),
      lateFinish: col((w) => w.late?.[1] ?? NO_DATE),
      totalFloat: col((w) => w.totalFloat ?? 0),
      freeFloat: col(() => 0),
      critical: col((w) => (w.critical ? 1 : 0)),
      progress: col((w) => w.progress ?? 0),
      planVolume: works.map(() => null),
      factVolume: works.map(() => null),
      unit: col(() => -1),
      executor: col(() => -1),
      curator: col(() => -1),
      revision: col(() => 1),
    },
    relations: {
      count: links.length,
      predecessor: links.map((l) => (l.external ? -1 : l.from)),
      externalPredecessor: links.map((l) => (l.external ? str('external-id') : -1)),
      successor: links.map((l) => l.to),
      type: links.map((l) => LINKS.indexOf(l.type ?? 'fs')),
      lagMinutes: links.map((l) => l.lag ?? 0),
      driving: links.map((l) => (l.driving ? 1 : 0)),
    },
    strings,
  } as unknown as VersionPayload;
  return decodePayload(payload);
}
