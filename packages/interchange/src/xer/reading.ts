/**
 * One XER read in progress: the `%R` line being read (`Row`), what the tables have read so far, and the
 * lenient value helpers every table handler (`tables.ts`) shares. A value that cannot be read is left out,
 * or P6's default is taken, and reported in the project's problems; only a missing id (`required`) leaves
 * the whole record out.
 */
import { number } from '../common/dates.js';
import { InterchangeError } from '../common/errors.js';
import { type ProblemAt, ProblemLog } from '../common/lenient.js';
import type { IxActivity, IxProject } from '../common/model.js';
import { type Locator, own, P6Values } from '../common/p6-values.js';
import { MAX_MINUTES } from '../common/validate.js';

/**
 * The line being read: its cells (`text.split('\t')`, found by the positions of its tabs, so that only the
 * values read become strings) and, for a `%R` line, its values by the current table's `%F` field names.
 */
class Row implements Locator {
  line = 0;
  table = '';
  text = '';
  /** Positions of the line's tabs; `count` of them are this line's. */
  private readonly tabs: number[] = [];
  count = 0;
  fields: Map<string, number> = new Map();
  /** The fields that name a record of the current table in a problem (the first filled one). */
  names: readonly string[] | undefined = undefined;

  read(text: string): void {
    this.text = text;
    let n = 0;
    for (let i = text.indexOf('\t'); i >= 0; i = text.indexOf('\t', i + 1)) this.tabs[n++] = i;
    this.count = n;
  }

  /** Cell `k` as `split` gives it; undefined past the last. */
  cell(k: number): string | undefined {
    if (k > this.count) return undefined;
    const start = k === 0 ? 0 : this.tabs[k - 1]! + 1;
    return this.text.slice(start, k < this.count ? this.tabs[k] : this.text.length);
  }

  get(f: string): string {
    const k = this.fields.get(f);
    return k === undefined ? '' : (this.cell(k) ?? '').trim();
  }

  where(field: string) {
    return { line: this.line, element: this.table, field };
  }

  /** Where a problem is: line, table, the record as planners know it (its code or name) and the field. */
  at(field?: string): ProblemAt {
    let record = '';
    for (const f of this.names ?? []) {
      record = this.get(f);
      if (record) break;
    }
    return { line: this.line, table: this.table, record: record || undefined, field };
  }

  required(f: string): string {
    const v = this.get(f);
    if (!v) throw new InterchangeError('missing_value', 'required value is empty', this.where(f));
    return v;
  }
}

/** A CALENDAR record as read; base calendars are resolved once the whole file is read. */
export interface RawCalendar {
  id: string;
  name: string;
  baseId: string;
  hoursPerDay: number | undefined;
  data: string;
  line: number;
  projId: string;
}

export class XerReading {
  readonly values = new P6Values();
  readonly row = new Row();
  readonly log: ProblemLog;
  /** The proj_id of the project being read: null until its PROJECT record. */
  projId: string | null = null;
  criticalType = '';
  criticalHours = 0;
  readonly calendars: RawCalendar[] = [];
  readonly wbsProjectNodes = new Set<string>();
  /** `wbs:<wbs_id>` by wbs_id, one string for all activities of a WBS node. */
  private readonly wbsKeys = new Map<string, string>();
  readonly activities = new Map<string, IxActivity>();
  readonly codeTypes = new Map<string, string>();
  readonly codeValues = new Map<string, { type: string; value: string }>();
  readonly udfTypes = new Map<string, { table: string; label: string }>();
  /** task_ids of other projects' activities: relations to them are dropped with a warning. */
  readonly otherProjectTasks = new Set<string>();

  constructor(
    readonly project: IxProject,
    /** proj_id or proj_short_name of the project to read; the first project when not given. */
    readonly projectId: string | undefined,
  ) {
    this.log = new ProblemLog(project.problems);
  }

  wbsKey(id: string): string {
    let key = this.wbsKeys.get(id);
    if (key === undefined) {
      key = own(`wbs:${id}`);
      this.wbsKeys.set(own(id), key);
    }
    return key;
  }

  get(f: string): string {
    return this.row.get(f);
  }

  required(f: string): string {
    return this.row.required(f);
  }

  date(f: string): string | undefined {
    return this.log.readOrIgnore(
      this.row.get(f),
      () => this.row.at(f),
      (v) => this.values.date(v, this.row, f),
    );
  }

  hours(f: string): number | undefined {
    return this.log.readOrIgnore(
      this.row.get(f),
      () => this.row.at(f),
      (v) => this.values.minutes(v, this.row, f),
    );
  }

  num(f: string, max?: number): number | undefined {
    return this.log.readOrIgnore(
      this.row.get(f),
      () => this.row.at(f),
      (v) => number(v, this.row.where(f), max),
    );
  }

  /** A type code P6 does not define: its default, reported. */
  known<T>(map: Record<string, T>, f: string, fallback: string): T {
    const v = this.get(f);
    const mapped = Object.hasOwn(map, v) ? map[v] : undefined;
    if (mapped !== undefined) return mapped;
    if (v)
      this.log.add(
        'unknown_value',
        'defaulted',
        this.row.at(f),
        `unknown ${f} "${v}"; P6's default ${fallback} is used`,
        v,
        fallback,
      );
    return map[fallback]!;
  }

  /**
   * The planned duration (target_drtn_hr_cnt). P6 calculates with the remaining duration: for a
   * not-started activity it equals the planned one unless edited, for an in-progress one it is read
   * separately, for a completed one it is zero. So a planned duration that cannot be read or is beyond
   * any schedule (real exports have 5,469,776 h) is replaced by the remaining duration, which is what
   * P6 used, and reported.
   */
  plannedDuration(status: string): number {
    const { row, values } = this;
    const v = this.get('target_drtn_hr_cnt');
    if (!v) return 0;
    let planned: number | undefined;
    try {
      planned = values.minutes(v, row, 'target_drtn_hr_cnt');
    } catch {
      planned = undefined;
    }
    if (planned !== undefined && planned >= 0 && planned <= MAX_MINUTES) return planned;
    const remainText = this.get('remain_drtn_hr_cnt');
    let remaining = 0;
    if (status !== 'TK_Complete' && remainText)
      try {
        const r = values.minutes(remainText, row, 'remain_drtn_hr_cnt');
        if (r >= 0 && r <= MAX_MINUTES) remaining = r;
      } catch {
        remaining = 0;
      }
    const hoursText = `${Math.round((remaining / 60) * 100) / 100} h`;
    this.log.add(
      planned === undefined && !/^-?\d+(\.\d+)?$/.test(v.trim()) ? 'invalid_number' : 'out_of_range',
      'clamped',
      row.at('target_drtn_hr_cnt'),
      `planned duration ${v} h cannot be scheduled; it does not drive P6's calculation (the remaining duration does), so the remaining duration ${hoursText} is used`,
      v,
      hoursText,
    );
    return remaining;
  }
}
