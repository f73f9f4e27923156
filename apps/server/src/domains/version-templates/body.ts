/**
 * What a version template keeps (the `body` of version_templates), written and read by this domain only:
 * the source's ids are kept as keys, so that an applying version can reuse what still exists in the space
 * and recreate what does not.
 */
export interface TemplateCalendar {
  id: string;
  name: string;
  allDay: boolean;
  hoursPerDay: number | null;
  week: unknown;
  exceptions: { name: string | null; date: string; until: string | null; intervals: unknown }[];
}

export interface TemplateAttribute {
  id: string;
  name: string;
  valueType: string;
  directoryId: string | null;
  formula: string | null;
  sortKey: number;
  /** `schedule`: the source schedule's own attribute; `space`: offered in every schedule. */
  scope: 'schedule' | 'space';
}

export interface TemplateWork {
  id: string;
  parentId: string | null;
  sortKey: number;
  code: string | null;
  name: string;
  type: string;
  durationMinutes: number;
  calendarId: string | null;
  unit: string | null;
  planVolume: number | null;
}

export interface TemplateBody {
  v: 1;
  source: { scheduleName: string; versionName: string };
  /** The version's own calendar. */
  calendarId: string | null;
  calendars: TemplateCalendar[];
  attributes: TemplateAttribute[];
  /** Directory values (codes) added to the version. */
  directoryValueIds: string[];
  codeNumbering: { prefix: string; start: number; increment: number; width: number } | null;
  scheduleOptions: unknown;
  wbs: 'none' | 'summaries' | 'all';
  works: TemplateWork[];
  values: { workId: string; attributeId: string; value: unknown }[];
  relations: { predecessorId: string; successorId: string; type: string; lagMinutes: number }[];
}
