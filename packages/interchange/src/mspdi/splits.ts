/**
 * MS Project split tasks. MSPDI has no "split" field: a split shows in the assignments' TimephasedData,
 * where the periods of the interruption carry zero work (`<Value>PT0H0M0S</Value>`) between periods
 * with work; periods without a Value are the calendar's non-working time. Each assignment's periods are
 * folded as they arrive into runs of work and of zero work (a few per assignment, whatever the number
 * of periods), and a task's gaps are the zero-work runs between its first and last work that no
 * assignment works in. Assignments of the placeholder resource (UID -65535) count: MS Project keeps the
 * timephased work of a task without resources there.
 */
import { isoDate } from '../common/dates.js';
import { type Fields, TIMEPHASED } from './records.js';

interface Run {
  work: boolean;
  start: string;
  finish: string;
}

/** Timephased types of work: 1 remaining work, 2 actual work of an assignment. */
const WORK_TYPES = new Set(['1', '2']);

const NOWHERE = {};

function minutesOf(value: string): number {
  const m = /^-?PT(\d+(?:\.\d+)?)H(\d+(?:\.\d+)?)M(\d+(?:\.\d+)?)S$/.exec(value.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 60;
}

/** Folds a list of periods into runs of work / zero work, merging neighbours of one kind. */
function runsOf(timephased: Fields[]): Run[] {
  const runs: Run[] = [];
  const periods = timephased
    .filter((f) => WORK_TYPES.has(f[TIMEPHASED.Type] ?? '1') && f[TIMEPHASED.Value] !== undefined)
    .map((f) => ({
      start: f[TIMEPHASED.Start] ?? '',
      finish: f[TIMEPHASED.Finish] ?? '',
      minutes: minutesOf(f[TIMEPHASED.Value] ?? ''),
    }))
    .filter((x) => x.start && x.finish && Number.isFinite(x.minutes))
    .sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
  for (const x of periods) {
    let start: string;
    let finish: string;
    try {
      start = isoDate(x.start, NOWHERE);
      finish = isoDate(x.finish, NOWHERE);
    } catch {
      continue; // a malformed period says nothing about a split
    }
    const work = x.minutes > 0;
    const last = runs[runs.length - 1];
    if (last && last.work === work) {
      if (finish > last.finish) last.finish = finish;
    } else runs.push({ work, start, finish });
  }
  return runs;
}

export class SplitCollector {
  /** Runs of every assignment, by task UID. */
  private readonly byTask = new Map<string, Run[][]>();

  add(taskUid: string, timephased: Fields[]): void {
    if (!taskUid || timephased.length === 0) return;
    const runs = runsOf(timephased);
    if (!runs.length) return;
    const list = this.byTask.get(taskUid);
    if (list) list.push(runs);
    else this.byTask.set(taskUid, [runs]);
  }

  /** Each split task's gaps (start inclusive, finish exclusive), in time order. */
  *gaps(): Generator<[string, { start: string; finish: string }[]]> {
    for (const [uid, assignments] of this.byTask) {
      const work = assignments.flat().filter((r) => r.work);
      if (work.length === 0) continue;
      let first = work[0]!.start;
      let last = work[0]!.finish;
      for (const r of work) {
        if (r.start < first) first = r.start;
        if (r.finish > last) last = r.finish;
      }
      const gaps: { start: string; finish: string }[] = [];
      for (const r of assignments.flat()) {
        if (r.work || r.start < first || r.finish > last) continue;
        if (work.some((w) => w.start < r.finish && r.start < w.finish)) continue;
        gaps.push({ start: r.start, finish: r.finish });
      }
      if (gaps.length === 0) continue;
      gaps.sort((a, b) => (a.start < b.start ? -1 : 1));
      const merged: { start: string; finish: string }[] = [];
      for (const g of gaps) {
        const prev = merged[merged.length - 1];
        if (prev && g.start <= prev.finish) {
          if (g.finish > prev.finish) prev.finish = g.finish;
        } else merged.push({ ...g });
      }
      yield [uid, merged];
    }
  }
}
