import { timeFromIso, timeToIso } from '../time.js';
import type {
  CalendarInput,
  EngineProject,
  LagCalendar,
  Minutes,
  RelationInput,
  RelationType,
  WorkInput,
} from '../types.js';
import { randomCreate, randomInt, randomPick } from './random.js';

export interface GenerateOptions {
  works: number;
  seed: number;
  /** Use only the standard calendar with lags on it (networks where floats are comparable across works). */
  singleCalendar?: boolean;
  /** Fraction of works with a constraint, with ALAP, completed, in progress; summaries every n works. */
  constraintRate?: number;
  alapRate?: number;
  completedRate?: number;
  inProgressRate?: number;
  summaryEvery?: number;
  draftRate?: number;
}

const PROJECT_START = timeFromIso('2024-01-02T08:00');
const HOLIDAYS = ['01-01', '01-08', '05-01', '05-09', '11-04', '12-31'];

/** Three calendars with exceptions: a standard week, a six-day week and a night shift across midnight. */
export function generateCalendars(): CalendarInput[] {
  const years = Array.from({ length: 12 }, (_, k) => 2020 + k);
  const holidays = years.flatMap((year) =>
    HOLIDAYS.map((day) => ({ date: `${year}-${day}`, intervals: [] })),
  );
  const day = [
    { start: '07:00', finish: '12:00' },
    { start: '13:00', finish: '19:00' },
  ];
  const night = [{ start: '22:00', finish: '06:00' }];
  return [
    {
      id: 'standard',
      exceptions: [...holidays, { date: '2024-03-02', intervals: [{ start: '09:00', finish: '13:00' }] }],
    },
    { id: 'six-day', week: [day, day, day, day, day, day, []], exceptions: holidays.slice(0, 30) },
    { id: 'night', week: [night, night, night, night, night, [], []], exceptions: holidays.slice(10, 40) },
  ];
}

/**
 * A layered network like a construction programme: works in levels, each with about two predecessors in
 * the previous two levels, mixed relation types and lags, calendars, constraints and progress.
 */
export function generateProject(options: GenerateOptions): EngineProject {
  const random = randomCreate(options.seed);
  const count = options.works;
  const width = Math.max(8, Math.ceil(count / 400));
  const calendarIds = options.singleCalendar ? ['standard'] : ['standard', 'standard', 'six-day', 'night'];
  const lagCalendars: LagCalendar[] = options.singleCalendar
    ? ['predecessor']
    : ['predecessor', 'predecessor', 'successor', '24h', 'project'];
  const summaryEvery = options.summaryEvery ?? 0;
  const works: WorkInput[] = [];
  const leafIds: string[] = [];
  let parentId: string | null = null;
  for (let i = 0; i < count; i++) {
    const id = `W${i}`;
    if (summaryEvery > 0 && i % summaryEvery === 0) {
      parentId = `S${i}`;
      works.push({ id: parentId, type: 'sum', durationMinutes: 0 });
    }
    const roll = random();
    const type =
      roll < 0.04 ? 'milestone_start' : roll < 0.08 ? 'milestone_finish' : roll < 0.5 ? 'work' : 'task';
    const work: WorkInput = {
      id,
      parentId,
      type: random() < (options.draftRate ?? 0) ? 'draft' : type,
      durationMinutes: randomInt(random, 0, 3) * 480 + randomPick(random, [0, 0, 60, 240]),
      calendarId: randomPick(random, calendarIds),
    };
    const level = Math.floor(i / width);
    const progress = random();
    const completed = options.completedRate ?? 0;
    const inProgress = options.inProgressRate ?? 0;
    if (level < 3 && progress < completed) {
      work.actualStart = `2024-01-0${2 + (i % 3)}T08:00`;
      work.actualFinish = work.type.startsWith('milestone')
        ? work.actualStart
        : `2024-01-0${5 + (i % 3)}T16:00`;
    } else if (level < 3 && progress < completed + inProgress) {
      work.actualStart = `2024-01-0${2 + (i % 5)}T10:00`;
      if (i % 2 === 0) work.remainingMinutes = randomInt(random, 0, 1500);
    } else if (random() < (options.constraintRate ?? 0)) {
      // Lower limits near where the level's works fall (about four calendar days per level), upper limits
      // and fixed dates well after it, so that few of them conflict with the logic.
      const roll = random();
      const kind = roll < 0.6 ? 'not_earlier' : roll < 0.95 ? 'not_later' : 'in_date';
      const days =
        kind === 'not_later' ? level * 6 + randomInt(random, 100, 400) : level * 4 + randomInt(random, 0, 10);
      const date = timeToIso((PROJECT_START + days * 1440) as Minutes);
      work.constraint = random() < 0.5 ? { start: { type: kind, date } } : { finish: { type: kind, date } };
    } else if (random() < (options.alapRate ?? 0)) {
      work.constraint = { asLateAsPossible: true };
    }
    works.push(work);
    leafIds.push(id);
  }
  const relations: RelationInput[] = [];
  for (let i = width; i < count; i++) {
    const level = Math.floor(i / width);
    const predecessors = random() < 0.1 ? 1 : random() < 0.8 ? 2 : 3;
    const seen = new Set<number>();
    for (let k = 0; k < predecessors; k++) {
      const from = (level - (random() < 0.8 ? 1 : Math.min(2, level))) * width;
      const p = randomInt(random, from, Math.min(from + width, count) - 1);
      if (seen.has(p)) continue;
      seen.add(p);
      const typeRoll = random();
      const type: RelationType =
        typeRoll < 0.7 ? 'fs' : typeRoll < 0.82 ? 'ss' : typeRoll < 0.94 ? 'ff' : 'sf';
      const lagRoll = random();
      const lagMinutes =
        lagRoll < 0.6 ? 0 : lagRoll < 0.85 ? randomInt(random, 1, 16) * 60 : -randomInt(random, 1, 8) * 60;
      const relation: RelationInput = {
        predecessorId: leafIds[p]!,
        successorId: leafIds[i]!,
        type,
        lagMinutes,
      };
      const lagCalendar = randomPick(random, lagCalendars);
      if (lagCalendar !== 'predecessor') relation.lagCalendar = lagCalendar;
      relations.push(relation);
    }
  }
  return {
    calendars: generateCalendars(),
    defaultCalendarId: 'standard',
    works,
    relations,
    projectStart: PROJECT_START,
    dataDate: '2024-01-10T08:00',
  };
}
