/** What the XER and P6 XML writers share: P6's WBS for summaries, hours of a calendar's day and week. */
import type { IxActivity, IxProject } from './model.js';

/** P6 has no summary activities: MS Project summaries become WBS nodes (ids `sum:…`). */
export function p6Wbs(p: IxProject): { wbs: IxProject['wbs']; wbsOf: (a: IxActivity) => string | null } {
  const summaries = new Set(p.activities.filter((a) => a.type === 'summary').map((a) => a.id));
  const wbsOf = (a: IxActivity) => (a.parentId && summaries.has(a.parentId) ? `sum:${a.parentId}` : a.wbsId);
  const wbs = [
    ...p.wbs,
    ...p.activities
      .filter((a) => a.type === 'summary')
      .map((a) => ({ id: `sum:${a.id}`, parentId: wbsOf(a), code: a.code, name: a.name })),
  ];
  return { wbs, wbsOf };
}

/** Hours of a calendar's working day (P6 `day_hr_cnt`): the calendar's own, or the week's average working day. */
export function hoursPerDay(c: IxProject['calendars'][number]): number {
  if (c.hoursPerDay && c.hoursPerDay > 0) return c.hoursPerDay;
  const days = c.week.filter((d) => d.length > 0);
  return days.length ? Math.round((weekHours(c) / days.length) * 100) / 100 : 8;
}

export function weekHours(c: IxProject['calendars'][number]): number {
  let minutes = 0;
  for (const day of c.week)
    for (const i of day) {
      const [sh, sm] = i.start.split(':').map(Number) as [number, number];
      const [fh, fm] = i.finish.split(':').map(Number) as [number, number];
      minutes += (fh * 60 + fm || 1440) - (sh * 60 + sm);
    }
  return Math.round((minutes / 60) * 100) / 100;
}
