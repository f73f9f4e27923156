import { intern, type LimitType, limitCode, PAYLOAD_NO_DATE, type ScheduleDocument } from './document.js';
import { rollUpAncestors } from './rollups.js';

/** A start or finish constraint as the API gives it. */
export interface LimitRecord {
  type: LimitType;
  date: string | null;
}

/**
 * A work as the API returns it (`works.get`, `works.update`, `works.list` without the user's view
 * state): dates as wall-clock `YYYY-MM-DDTHH:mm`, floats in working minutes.
 */
export interface WorkRecord {
  id: string;
  versionId: string;
  parentId: string | null;
  originId: string;
  sortKey: number;
  code: string | null;
  name: string;
  type: string;
  durationMinutes: number;
  calendarId: string | null;
  planStart: string | null;
  planFinish: string | null;
  approvedStart: string | null;
  approvedFinish: string | null;
  factStart: string | null;
  factFinish: string | null;
  planVolume: number | null;
  approvedVolume: number | null;
  factVolume: number | null;
  unit: string | null;
  progress: number;
  status: string;
  executorId: string | null;
  curatorId: string | null;
  startLimit: LimitRecord | null;
  finishLimit: LimitRecord | null;
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
  totalFloat: number | null;
  freeFloat: number | null;
  critical: boolean;
  revision: number;
}

/** The fields of a work record a document row holds (constraints optional: absent keeps the row's). */
export type WorkRecordPatch = Omit<
  WorkRecord,
  | 'versionId'
  | 'parentId'
  | 'originId'
  | 'sortKey'
  | 'approvedStart'
  | 'approvedFinish'
  | 'approvedVolume'
  | 'startLimit'
  | 'finishLimit'
> &
  Partial<Pick<WorkRecord, 'startLimit' | 'finishLimit'>>;

const EPOCH_MS = Date.UTC(2000, 0, 1);
const API_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/;

/** Engine minutes of an API date (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`); `PAYLOAD_NO_DATE` for none. */
export function minutesOfIso(iso: string | null | undefined): number {
  // Checked first: Date.parse reads text that is no date at all as some date.
  if (!iso || !API_DATE.test(iso)) return PAYLOAD_NO_DATE;
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : `${iso}:00Z`);
  return Number.isNaN(ms) ? PAYLOAD_NO_DATE : Math.round((ms - EPOCH_MS) / 60_000);
}

/**
 * Writes a work read from the API into its row, and rolls the summaries above it up again (so they show
 * its new progress, duration or volumes before the next calculation); false when the work is not in the
 * document.
 */
export function patchWork(doc: ScheduleDocument, work: WorkRecordPatch): boolean {
  const i = doc.rowOf.get(work.id);
  if (i === undefined) return false;
  doc.code[i] = intern(doc, work.code);
  doc.name[i] = intern(doc, work.name);
  doc.type[i] = Math.max(0, doc.enums.type.indexOf(work.type as never));
  doc.status[i] = Math.max(0, doc.enums.status.indexOf(work.status as never));
  doc.durationMinutes[i] = work.durationMinutes;
  doc.calendar[i] = intern(doc, work.calendarId);
  doc.planStart[i] = minutesOfIso(work.planStart);
  doc.planFinish[i] = minutesOfIso(work.planFinish);
  doc.factStart[i] = minutesOfIso(work.factStart);
  doc.factFinish[i] = minutesOfIso(work.factFinish);
  doc.earlyStart[i] = minutesOfIso(work.earlyStart);
  doc.earlyFinish[i] = minutesOfIso(work.earlyFinish);
  doc.lateStart[i] = minutesOfIso(work.lateStart);
  doc.lateFinish[i] = minutesOfIso(work.lateFinish);
  doc.totalFloat[i] = work.totalFloat ?? 0;
  doc.freeFloat[i] = work.freeFloat ?? 0;
  doc.critical[i] = work.critical ? 1 : 0;
  doc.progress[i] = work.progress;
  doc.planVolume[i] = work.planVolume ?? Number.NaN;
  doc.factVolume[i] = work.factVolume ?? Number.NaN;
  doc.unit[i] = intern(doc, work.unit);
  doc.executor[i] = intern(doc, work.executorId);
  doc.curator[i] = intern(doc, work.curatorId);
  doc.revision[i] = work.revision;
  if (work.startLimit !== undefined) {
    doc.startLimit[i] = limitCode(work.startLimit?.type);
    doc.startLimitDate[i] = minutesOfIso(work.startLimit?.date);
  }
  if (work.finishLimit !== undefined) {
    doc.finishLimit[i] = limitCode(work.finishLimit?.type);
    doc.finishLimitDate[i] = minutesOfIso(work.finishLimit?.date);
  }
  rollUpAncestors(doc, i);
  return true;
}
