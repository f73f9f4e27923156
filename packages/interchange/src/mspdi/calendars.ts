/**
 * MSPDI calendars: each Calendar element (kept as a small tree: a file has a few) merged with its base
 * calendar into a week and dated exceptions — WeekDays (DayType 1–7 = Sunday–Saturday, 0 = a period of
 * exceptional days), WorkWeeks (a week pattern over a period) and Exceptions, applied in that order.
 */
import { ENGINE_FIRST, ENGINE_LAST } from '../common/dates.js';
import { InterchangeError } from '../common/errors.js';
import { type IxCalendar, type IxInterval, STANDARD_WEEK } from '../common/model.js';
import { child, childrenNamed, childText, type XNode } from '../common/xml-stream.js';

function intervals(node: XNode | undefined, line: number): IxInterval[] {
  const w = { line, element: 'Calendar WorkingTime' };
  return childrenNamed(
    child(node ?? { name: '', attrs: {}, children: [], text: '', line }, 'WorkingTimes'),
    'WorkingTime',
  )
    .filter((x) => childText(x, 'FromTime') && childText(x, 'ToTime'))
    .map((x) => ({ start: hhmmOf(childText(x, 'FromTime'), w), finish: hhmmOf(childText(x, 'ToTime'), w) }));
}

function hhmmOf(text: string, where: { line: number; element: string }): string {
  const m = /^(\d{2}):(\d{2})/.exec(text);
  if (!m || Number(m[1]) > 24 || Number(m[2]) > 59)
    throw new InterchangeError('invalid_value', `"${text}" is not a time`, where);
  return `${m[1] === '24' ? '00' : m[1]}:${m[2]}`;
}

function daysBetween(from: string, to: string, where: { line: number; element: string }): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  let end = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start)
    throw new InterchangeError('invalid_value', `bad period ${from}–${to}`, where);
  // the engine's range (exception days outside it are left out)
  const min = Date.parse(`${ENGINE_FIRST.slice(0, 10)}T00:00:00Z`);
  const max = Date.parse(`${ENGINE_LAST.slice(0, 10)}T00:00:00Z`) - 86_400_000;
  end = Math.min(end, max);
  for (let t = Math.max(start, min); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function resolveCalendars(nodes: XNode[]): IxCalendar[] {
  const byUid = new Map(nodes.map((n) => [childText(n, 'UID'), n]));
  const done = new Map<string, IxCalendar>();
  const resolve = (n: XNode, depth: number): IxCalendar => {
    const uid = childText(n, 'UID');
    const cached = done.get(uid);
    if (cached) return cached;
    const baseUid = childText(n, 'BaseCalendarUID');
    const baseNode =
      baseUid && baseUid !== '-1' && baseUid !== uid && depth < 10 ? byUid.get(baseUid) : undefined;
    const base = baseNode ? resolve(baseNode, depth + 1) : undefined;
    const week: IxInterval[][] = (base?.week ?? STANDARD_WEEK).map((d) => [...d]);
    const exceptions = new Map<string, IxInterval[]>(
      (base?.exceptions ?? []).map((e) => [e.date, e.intervals]),
    );
    const where = { line: n.line, element: `Calendar UID ${uid}` };
    for (const wd of childrenNamed(child(n, 'WeekDays'), 'WeekDay')) {
      const dayType = Number(childText(wd, 'DayType'));
      const working = childText(wd, 'DayWorking') === '1';
      const hours = working ? intervals(wd, wd.line) : [];
      if (dayType >= 1 && dayType <= 7) week[(dayType + 5) % 7] = hours;
      else if (dayType === 0) {
        const tp = child(wd, 'TimePeriod');
        if (tp)
          for (const d of daysBetween(childText(tp, 'FromDate'), childText(tp, 'ToDate'), where))
            exceptions.set(d, hours);
      }
    }
    for (const ww of childrenNamed(child(n, 'WorkWeeks'), 'WorkWeek')) {
      const tp = child(ww, 'TimePeriod');
      if (!tp) continue;
      const perDay = new Map<number, IxInterval[]>();
      for (const wd of childrenNamed(child(ww, 'WeekDays'), 'WeekDay')) {
        const dayType = Number(childText(wd, 'DayType'));
        perDay.set((dayType + 5) % 7, childText(wd, 'DayWorking') === '1' ? intervals(wd, wd.line) : []);
      }
      for (const d of daysBetween(childText(tp, 'FromDate'), childText(tp, 'ToDate'), where)) {
        const weekday = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
        const hours = perDay.get(weekday);
        if (hours) exceptions.set(d, hours);
      }
    }
    for (const ex of childrenNamed(child(n, 'Exceptions'), 'Exception')) {
      const tp = child(ex, 'TimePeriod');
      if (!tp) continue;
      const hours = childText(ex, 'DayWorking') === '1' ? intervals(ex, ex.line) : [];
      for (const d of daysBetween(childText(tp, 'FromDate'), childText(tp, 'ToDate'), where))
        exceptions.set(d, hours);
    }
    const cal: IxCalendar = {
      id: uid,
      name: childText(n, 'Name'),
      week,
      exceptions: [...exceptions]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, iv]) => ({ date, intervals: iv })),
      ...(baseUid && baseUid !== '-1' ? { baseId: baseUid } : {}),
    };
    done.set(uid, cal);
    return cal;
  };
  return nodes.map((n) => resolve(n, 0));
}
