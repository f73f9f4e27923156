import { calendarCompile, timeFromIso } from '@takt/engine';
import { WORK_TASK } from '@takt/gantt';
import type { DragSubject } from '../screens/schedule/gantt/edit';

/** What the Gantt's tests share: a time from an ISO date, the standard calendar, a two-day task. */
export const at = (iso: string) => timeFromIso(iso) as number;

/** Mon–Fri 08–12, 13–17. */
export const standard = calendarCompile({ id: 'std' });

/** Monday 2024-01-01 08:00 … Tuesday 17:00: two working days. */
export const task: DragSubject = {
  shape: WORK_TASK,
  start: at('2024-01-01T08:00'),
  finish: at('2024-01-02T17:00'),
  durationMinutes: 960,
  startLimit: null,
  finishLimit: null,
};
