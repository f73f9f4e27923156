import {
  type EditCommandInput,
  type ErrorCode,
  type FieldIssue,
  LINK_TYPES,
  type LinkType,
  SCHEDULE_LIMITS,
  VALIDATION,
} from '@takt/contracts';
import { calendarWorkingMinutesBetween, type Minutes, timeFromIso, timeToIso } from '@takt/engine';
import { CompiledCalendars } from './calendars.js';
import {
  hasDate,
  type LimitType,
  limitCode,
  limitOf,
  type MinuteLimit,
  PAYLOAD_NO_DATE,
  type ScheduleDocument,
  textOf,
} from './document.js';

/** An edit command as the API takes it (`editCommand` in `@takt/contracts`); link defaults filled in. */
export type EditCommand = EditCommandInput;

/**
 * Why an edit is refused: a catalogue error code (`NotFound`, `ValidationError`) and, for the latter,
 * the fields at fault with their message ids — what the server answers with (a 4xx).
 */
export class EditRefused extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'NotFound' | 'ValidationError'>,
    readonly issues: FieldIssue[] = [],
  ) {
    super(issues.length ? `${code}: ${issues.map((i) => `${i.path} ${i.message}`).join(', ')}` : code);
    this.name = 'EditRefused';
  }
}

/** What an edit changes in a work's own fields (absent: unchanged). */
export interface WorkChange {
  startLimit?: MinuteLimit | null;
  finishLimit?: MinuteLimit | null;
  durationMinutes?: number;
}

/** A relation an edit adds (appended after the document's relations, in this order). */
export interface AddedRelation {
  predecessor: number;
  successor: number;
  type: LinkType;
  lagMinutes: number;
}

/** An edit checked against a document: the document after it, and the changes to write. */
export interface EditPlan {
  /** The edited document: changed columns copied, the others shared with the original. */
  document: ScheduleDocument;
  /** Changed works by row. */
  works: Map<number, WorkChange>;
  /** Indices of the original document's relations the edit removes. */
  removed: number[];
  added: AddedRelation[];
}

const MILESTONE_FINISH = 'milestone_finish';

/** A start limit keeps an "in date" type (the work stays pinned, on its new date); anything else becomes "not earlier". */
function movedLimit(existing: MinuteLimit | null, date: number): MinuteLimit {
  return { type: existing?.type === 'in_date' ? 'in_date' : 'not_earlier', date };
}

function minutesOf(text: string, path: string): number {
  try {
    return timeFromIso(text.length === 10 ? `${text}T00:00` : text);
  } catch {
    throw new EditRefused('ValidationError', [{ path, message: VALIDATION.invalidDate }]);
  }
}

function checkDuration(minutes: number, path: string): number {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > SCHEDULE_LIMITS.maxDurationMinutes)
    throw new EditRefused('ValidationError', [{ path, message: VALIDATION.outOfRange }]);
  return minutes;
}

/**
 * Checks edit commands against a version's document and applies them, in order, to a copy: the
 * checks the server makes of the same fields in `works.update` and `relations.create` (a work or
 * relation of another version is `NotFound`; a duration or lag out of range, a work linked to itself
 * or a resize of a work without dates is a `ValidationError`). Pure: the server writes `works`,
 * `removed` and `added` and calculates `document`; the browser previews `document`.
 *
 * - `move`: the start limit goes to `start` ("in date" stays "in date", anything else becomes "not
 *   earlier"); a finish milestone's finish limit instead.
 * - `resize`: one end of the bar (as last calculated) goes to `date`, the other stays; the duration
 *   becomes the working minutes between them on the work's calendar (never negative); moving the start
 *   end moves the start limit as `move` does.
 * - `duration`: the duration in working minutes.
 * - `link` / `unlink`: adds a relation / removes the relations of that type between the two works.
 */
export function planEdit(doc: ScheduleDocument, commands: readonly EditCommand[]): EditPlan {
  const calendars = new CompiledCalendars(doc.calendars, doc.scheduling.defaultCalendarId);
  const copied = new Set<string>();
  const edited: ScheduleDocument = { ...doc };
  const column = <
    K extends 'startLimit' | 'startLimitDate' | 'finishLimit' | 'finishLimitDate' | 'durationMinutes',
  >(
    name: K,
  ): ScheduleDocument[K] => {
    if (!copied.has(name)) {
      copied.add(name);
      edited[name] = doc[name].slice() as ScheduleDocument[K];
    }
    return edited[name];
  };
  const works = new Map<number, WorkChange>();
  const change = (row: number) => {
    const c = works.get(row) ?? {};
    works.set(row, c);
    return c;
  };
  const setLimit = (row: number, side: 'start' | 'finish', limit: MinuteLimit) => {
    column(`${side}Limit`)[row] = limitCode(limit.type);
    column(`${side}LimitDate`)[row] = limit.date;
    change(row)[`${side}Limit`] = limit;
  };
  const setDuration = (row: number, minutes: number, path: string) => {
    column('durationMinutes')[row] = checkDuration(minutes, path);
    change(row).durationMinutes = minutes;
  };
  const rowOf = (id: string) => {
    const row = doc.rowOf.get(id);
    if (row === undefined) throw new EditRefused('NotFound');
    return row;
  };
  const typeName = (row: number) => doc.enums.type[doc.type[row]!];
  const calendarOf = (row: number) => calendars.of(textOf(doc, doc.calendar[row]!));

  const removed = new Set<number>();
  const added: AddedRelation[] = [];
  const r = doc.relations;
  commands.forEach((command, index) => {
    const at = (field: string) => `commands.${index}.${field}`;
    switch (command.kind) {
      case 'move': {
        const row = rowOf(command.workId);
        const start = minutesOf(command.start, at('start'));
        const side = typeName(row) === MILESTONE_FINISH ? 'finish' : 'start';
        setLimit(row, side, movedLimit(limitOf(edited, row, side), start));
        break;
      }
      case 'resize': {
        const row = rowOf(command.workId);
        const date = minutesOf(command.date, at('date'));
        const start = doc.planStart[row]!;
        const finish = doc.planFinish[row]!;
        if (!hasDate(start) || !hasDate(finish))
          throw new EditRefused('ValidationError', [
            { path: at(hasDate(start) ? 'planFinish' : 'planStart'), message: VALIDATION.required },
          ]);
        const calendar = calendarOf(row);
        if (command.edge === 'finish') {
          const minutes = calendarWorkingMinutesBetween(calendar, start as Minutes, date as Minutes);
          setDuration(row, Math.max(0, minutes), at('date'));
        } else {
          const minutes = calendarWorkingMinutesBetween(calendar, date as Minutes, finish as Minutes);
          setDuration(row, Math.max(0, minutes), at('date'));
          setLimit(row, 'start', movedLimit(limitOf(edited, row, 'start'), date));
        }
        break;
      }
      case 'duration':
        setDuration(rowOf(command.workId), command.durationMinutes, at('durationMinutes'));
        break;
      case 'link': {
        const predecessor = rowOf(command.predecessorId);
        const successor = rowOf(command.successorId);
        if (predecessor === successor)
          throw new EditRefused('ValidationError', [
            { path: at('successorId'), message: VALIDATION.outOfRange },
          ]);
        const lag = command.lagMinutes ?? 0;
        if (!Number.isInteger(lag) || Math.abs(lag) > SCHEDULE_LIMITS.maxDurationMinutes)
          throw new EditRefused('ValidationError', [
            { path: at('lagMinutes'), message: VALIDATION.outOfRange },
          ]);
        added.push({ predecessor, successor, type: command.type ?? 'fs', lagMinutes: lag });
        break;
      }
      case 'unlink': {
        const predecessor = rowOf(command.predecessorId);
        const successor = rowOf(command.successorId);
        const type = LINK_TYPES.indexOf(command.type);
        let found = false;
        for (let k = 0; k < r.count; k++) {
          if (r.predecessor[k] === predecessor && r.successor[k] === successor && r.type[k] === type) {
            removed.add(k);
            found = true;
          }
        }
        // A relation added earlier in the same edit is taken back instead.
        for (let j = added.length - 1; j >= 0; j--) {
          const a = added[j]!;
          if (a.predecessor === predecessor && a.successor === successor && a.type === command.type) {
            added.splice(j, 1);
            found = true;
          }
        }
        if (!found) throw new EditRefused('NotFound');
        break;
      }
    }
  });
  if (removed.size || added.length) edited.relations = relationsAfter(doc, removed, added);
  return { document: edited, works, removed: [...removed].sort((a, b) => a - b), added };
}

/** The relation columns without the removed ones and with the added ones appended (not driving yet). */
function relationsAfter(
  doc: ScheduleDocument,
  removed: ReadonlySet<number>,
  added: readonly AddedRelation[],
) {
  const r = doc.relations;
  const count = r.count - removed.size + added.length;
  const out = {
    count,
    predecessor: new Int32Array(count),
    externalPredecessor: new Int32Array(count),
    successor: new Int32Array(count),
    type: new Uint8Array(count),
    lagMinutes: new Int32Array(count),
    driving: new Uint8Array(count),
  };
  let j = 0;
  for (let k = 0; k < r.count; k++) {
    if (removed.has(k)) continue;
    out.predecessor[j] = r.predecessor[k]!;
    out.externalPredecessor[j] = r.externalPredecessor[k]!;
    out.successor[j] = r.successor[k]!;
    out.type[j] = r.type[k]!;
    out.lagMinutes[j] = r.lagMinutes[k]!;
    out.driving[j] = r.driving[k]!;
    j++;
  }
  for (const a of added) {
    out.predecessor[j] = a.predecessor;
    out.externalPredecessor[j] = -1;
    out.successor[j] = a.successor;
    out.type[j] = LINK_TYPES.indexOf(a.type);
    out.lagMinutes[j] = a.lagMinutes;
    j++;
  }
  return out;
}

/** A limit as the API writes it (`YYYY-MM-DDTHH:mm`), null for none. */
export function limitToApi(limit: MinuteLimit | null): { type: LimitType; date: string } | null {
  return limit && limit.date !== PAYLOAD_NO_DATE
    ? { type: limit.type, date: timeToIso(limit.date as Minutes) }
    : null;
}
