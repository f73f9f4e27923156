import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarWorkingTime } from './calendar.js';
import { edgeBound, edgeTarget } from './edge.js';
import { projectCompile } from './project-compile.js';
import { generateCalendars } from './testing/generate-project.js';
import { timeFromIso } from './time.js';
import type { LagCalendar, RelationType, WorkType } from './types.js';

describe('edgeBound is the exact inverse of edgeTarget', () => {
  // For every calendar pair, lag calendar, lag sign and instant convention: the bound b for a limit x is
  // the largest predecessor coordinate with target(b) ≤ x.
  it('on mixed calendars', { timeout: 30_000 }, () => {
    const calendars = generateCalendars();
    const calendarIds = ['standard', 'six-day', 'night', '24h'];
    const types: RelationType[] = ['fs', 'ss', 'ff', 'sf'];
    const lagCalendars: LagCalendar[] = ['predecessor', 'successor', '24h', 'project'];
    const workTypes: WorkType[] = ['task', 'milestone_start', 'milestone_finish'];
    fc.assert(
      fc.property(
        fc.constantFrom(...calendarIds),
        fc.constantFrom(...calendarIds),
        fc.constantFrom(...types),
        fc.constantFrom(...lagCalendars),
        fc.constantFrom(...workTypes),
        fc.integer({ min: -1500, max: 1500 }),
        fc.integer({ min: 0, max: 30 * 1440 }),
        (predCalendar, succCalendar, type, lagCalendar, predType, lag, offset) => {
          const model = projectCompile({
            calendars,
            defaultCalendarId: 'six-day',
            projectStart: '2024-01-01T00:00',
            works: [
              { id: 'P', type: predType, durationMinutes: 60, calendarId: predCalendar },
              { id: 'S', type: 'task', durationMinutes: 60, calendarId: succCalendar },
            ],
            relations: [{ predecessorId: 'P', successorId: 'S', type, lagMinutes: lag, lagCalendar }],
          });
          const succ = model.calendars[model.calendar[1]!]!;
          const limit = calendarWorkingTime(succ, timeFromIso('2024-02-01T00:00') + offset);
          const bound = edgeBound(model, 0, limit);
          expect(edgeTarget(model, 0, bound)).toBeLessThanOrEqual(limit);
          expect(edgeTarget(model, 0, bound + 1)).toBeGreaterThan(limit);
        },
      ),
      { seed: 7, numRuns: 2000 },
    );
  });
});
