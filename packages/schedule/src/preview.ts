import {
  type Calendar,
  calculate,
  type RelationType,
  type ScheduleResult,
  Scheduler,
  type WorkInput,
} from '@takt/engine';
import { CompiledCalendars } from './calendars.js';
import { type EditCommand, type EditPlan, planEdit } from './commands.js';
import { hasDate, type ScheduleDocument, textOf } from './document.js';
import { type EngineInput, engineInput, knownCalendars, relationKey, workInputOf } from './engine-input.js';
import { progressWeightsOf, rollUpSummaries, type SummaryRollUps } from './rollups.js';

/** A document calculated: the input the engine got and what it computed (engine index = row). */
export interface Calculated {
  input: EngineInput;
  result: ScheduleResult;
}

/** Calculates a version's document from scratch, exactly as the server's calculation does. */
export function calculateDocument(doc: ScheduleDocument, today: string): Calculated {
  const input = engineInput(doc, today);
  return { input, result: calculate(input.project, input.options) };
}

/**
 * The summaries of a document rolled up over a calculation's dates — what the server stores on them
 * after it (`calculateRows`): a row's planned dates follow its early dates when it has some. `weights`:
 * the version's scenario weights, when the caller knows them (the server reads them from its settings).
 */
export function rolledUpAfter(
  doc: ScheduleDocument,
  result: Pick<ScheduleResult, 'earlyStart' | 'earlyFinish'>,
  weights: Float64Array | null = null,
): SummaryRollUps {
  const start = doc.planStart.slice();
  const finish = doc.planFinish.slice();
  for (let row = 0; row < doc.count; row++)
    if (hasDate(result.earlyStart[row])) {
      start[row] = result.earlyStart[row]!;
      finish[row] = result.earlyFinish[row]!;
    }
  return rollUpSummaries(doc, { start, finish, weights });
}

/**
 * What saving an edit would compute: the commands applied to the document (refused as the server
 * refuses them, `EditRefused`), the edited document calculated with the same engine input the
 * server's save uses, and its summaries rolled up over the new dates (weighted as the server weighs
 * them when the document carries the version's `progressWeighting`, else by duration).
 */
export function previewEdit(
  doc: ScheduleDocument,
  commands: readonly EditCommand[],
  today: string,
): Calculated & { plan: EditPlan; rolled: SummaryRollUps } {
  const plan = planEdit(doc, commands);
  const calculated = calculateDocument(plan.document, today);
  const weights = progressWeightsOf(plan.document, plan.document.progressWeighting);
  return { plan, ...calculated, rolled: rolledUpAfter(plan.document, calculated.result, weights) };
}

/**
 * The live what-if of a drag: an incremental `Scheduler` over the version's engine input, built once
 * per loaded document. `preview` applies a tentative edit (replacing the previous one) and
 * recalculates only what it affects — the engine guarantees the same results as `previewEdit`;
 * `reset` takes the edit back. `previewEarly` is the drag's own step: when the edit moves the project
 * finish, every late date changes, and that pass over the whole version waits for `settle` (the moment
 * the pointer rests), so a step costs what the moved works cost.
 */
export class WhatIf {
  readonly input: EngineInput;
  /** The schedule before any tentative edit. */
  readonly base: ScheduleResult;
  private readonly scheduler: Scheduler;
  private readonly known: Set<string>;
  private readonly calendars: CompiledCalendars;
  /** Works changed by the tentative edit, with their input before it. */
  private readonly original = new Map<number, WorkInput>();
  private removed: number[] = [];
  private added: string[] = [];
  private checks = 0;

  constructor(
    readonly document: ScheduleDocument,
    today: string,
  ) {
    this.input = engineInput(document, today);
    this.scheduler = new Scheduler(this.input.project, this.input.options);
    this.base = this.scheduler.result();
    this.scheduler.deferLateDates = true;
    this.known = knownCalendars(document);
    this.calendars = new CompiledCalendars(document.calendars, document.scheduling.defaultCalendarId);
  }

  /** The compiled calendar a work is scheduled on (the version's default one when it names none). */
  calendarOf(row: number): Calendar {
    const id = textOf(this.document, this.document.calendar[row]!);
    return this.calendars.of(this.known.has(id) ? id : null);
  }

  /** Applies a tentative edit (the previous one taken back first) and returns the recalculated schedule. */
  preview(commands: readonly EditCommand[]): ScheduleResult & { plan: EditPlan } {
    const plan = this.apply(commands);
    this.scheduler.settleLateDates();
    return Object.assign(this.scheduler.result(), { plan });
  }

  /**
   * `preview` whose late side — late dates, floats, criticality, conflicts, shifts of as-late-as-possible
   * works — may wait (`lateDatesStale`) when the edit moves the project finish; `settle` completes it.
   */
  previewEarly(
    commands: readonly EditCommand[],
  ): ScheduleResult & { plan: EditPlan; lateDatesStale: boolean } {
    const plan = this.apply(commands);
    return Object.assign(this.scheduler.result(), { plan, lateDatesStale: this.scheduler.lateDatesStale });
  }

  /** The schedule of the current tentative edit with its late side complete (see `previewEarly`). */
  settle(): ScheduleResult {
    this.scheduler.settleLateDates();
    return this.scheduler.result();
  }

  /** Takes back the previous tentative edit and applies these commands to the scheduler. */
  private apply(commands: readonly EditCommand[]): EditPlan {
    this.takeBack();
    const plan = planEdit(this.document, commands);
    const doc = plan.document;
    for (const row of plan.works.keys()) {
      const work = this.input.project.works[row]!;
      this.original.set(row, work);
      const next = workInputOf(doc, row, this.known);
      this.scheduler.updateWork(work.id, {
        durationMinutes: next.durationMinutes,
        constraint: next.constraint ?? null,
      });
    }
    for (const k of plan.removed) {
      this.scheduler.removeRelation(relationKey(k));
      this.removed.push(k);
    }
    plan.added.forEach((a, j) => {
      const id = `added:${j}`;
      this.scheduler.addRelation({
        id,
        predecessorId: doc.ids[a.predecessor]!,
        successorId: doc.ids[a.successor]!,
        type: a.type,
        lagMinutes: a.lagMinutes,
      });
      this.added.push(id);
    });
    return plan;
  }

  /**
   * Takes back the tentative edit, late dates settled: the next drag starts from the calculated schedule
   * and defers only what it moves itself.
   */
  reset(): void {
    this.takeBack();
    this.scheduler.settleLateDates();
  }

  private takeBack(): void {
    for (const id of this.added) this.scheduler.removeRelation(id);
    this.added = [];
    for (const k of this.removed) this.scheduler.addRelation(this.relationInput(k));
    this.removed = [];
    for (const work of this.original.values())
      this.scheduler.updateWork(work.id, {
        durationMinutes: work.durationMinutes,
        constraint: work.constraint ?? null,
      });
    this.original.clear();
  }

  /** The engine input of a relation of the document (only links between its own works are ever removed). */
  private relationInput(k: number) {
    const at = this.input.relationRows.indexOf(k);
    if (at < 0) throw new Error(`relation ${k} is not in the engine input`);
    return this.input.project.relations[at]!;
  }

  /** Whether a new link would close a cycle (the engine refuses it); the link is not kept. */
  wouldCycle(predecessorRow: number, successorRow: number, type: RelationType): boolean {
    const id = `cycle-check:${++this.checks}`;
    try {
      this.scheduler.addRelation({
        id,
        predecessorId: this.document.ids[predecessorRow]!,
        successorId: this.document.ids[successorRow]!,
        type,
      });
    } catch (error) {
      return (error as { code?: string }).code === 'cycle';
    }
    this.scheduler.removeRelation(id);
    return false;
  }
}
