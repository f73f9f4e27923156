import type { Calendar, RelationType, ScheduleResult } from '@takt/engine';
import type { GanttSnapshot } from '@takt/gantt';
import { WhatIf as DocumentWhatIf, type EditCommand } from '@takt/schedule';
import type { ScheduleModel } from '../../../lib/columnar';
import { hasDate } from '../../../lib/schedule-time';

let sceneVersion = 0;
/** A new scene version for every snapshot drawn (the renderer redraws when it changes). */
export function nextSceneVersion(): number {
  sceneVersion += 1;
  return sceneVersion;
}

/**
 * Dates of a what-if: the snapshot with the works the edit moves, and how many moved. The snapshot's
 * arrays are reused by the next preview of the same base (draw it before asking for the next one).
 */
export interface WhatIfPreview {
  readonly snapshot: GanttSnapshot;
  /** Works whose dates differ from the calculated schedule (the dragged one included). */
  readonly moved: number;
  /**
   * The edit moved the project finish, so every late date changes: criticality and floats still show the
   * calculated schedule until `settle` (the drag's pause) brings them.
   */
  readonly lateDatesPending: boolean;
}

/**
 * Live recalculation while dragging: `@takt/schedule`'s what-if over the loaded version — the same
 * engine input, options included, that the server calculates a saved edit with — built once per
 * loaded version. `preview` applies the commands a drag would save (replacing the previous ones) and
 * returns the snapshot with the works whose engine dates changed; `reset` takes them back.
 */
export class WhatIf {
  private readonly whatIf: DocumentWhatIf;
  private buffers: {
    base: GanttSnapshot;
    planStart: Int32Array;
    planFinish: Int32Array;
    critical: Uint8Array;
    totalFloat: Int32Array;
    lateFinish: Int32Array;
  } | null = null;

  /** `today` (`YYYY-MM-DD`) starts a version that has neither a project start nor planned dates. */
  constructor(
    private readonly model: ScheduleModel,
    today: string,
  ) {
    this.whatIf = new DocumentWhatIf(model, today);
  }

  /** The compiled calendar a work is scheduled on (durations of a resize are counted on it). */
  calendarOf(row: number): Calendar {
    return this.whatIf.calendarOf(row);
  }

  /**
   * Applies the commands of a drag (replacing earlier ones) and recalculates what they move; the pass
   * over every late date that a moved project finish needs waits for `settle`.
   */
  preview(base: GanttSnapshot, commands: readonly EditCommand[]): WhatIfPreview {
    const result = this.whatIf.previewEarly(commands);
    return this.snapshot(base, result, result.lateDatesStale);
  }

  /** The last preview with its late side complete (criticality, floats). */
  settle(base: GanttSnapshot): WhatIfPreview {
    return this.snapshot(base, this.whatIf.settle(), false);
  }

  /** Takes back every tentative edit. */
  reset(): void {
    this.whatIf.reset();
  }

  /** Whether a new link would close a cycle (the engine refuses it); the link is not kept. */
  wouldCycle(predecessorRow: number, successorRow: number, type: RelationType): boolean {
    return this.whatIf.wouldCycle(predecessorRow, successorRow, type);
  }

  private snapshot(base: GanttSnapshot, result: ScheduleResult, lateDatesPending: boolean): WhatIfPreview {
    const before = this.whatIf.base;
    // One set of preview arrays, refilled at every step: a drag makes no garbage of 100k-work arrays.
    const n = base.workCount;
    if (this.buffers?.base !== base)
      this.buffers = {
        base,
        planStart: new Int32Array(n),
        planFinish: new Int32Array(n),
        critical: new Uint8Array(n),
        totalFloat: new Int32Array(n),
        lateFinish: new Int32Array(n),
      };
    const { planStart, planFinish, critical, totalFloat, lateFinish } = this.buffers;
    planStart.set(base.planStart);
    planFinish.set(base.planFinish);
    critical.set(base.critical);
    totalFloat.set(base.totalFloat);
    lateFinish.set(base.lateFinish);
    const es = result.earlyStart;
    const ef = result.earlyFinish;
    let moved = 0;
    // Only what the edit changes is taken from the engine: everything else keeps the dates the
    // server saved, as the grid shows them.
    for (let i = 0; i < this.model.count; i++) {
      const changed = es[i] !== before.earlyStart[i] || ef[i] !== before.earlyFinish[i];
      if (changed && hasDate(es[i])) {
        planStart[i] = es[i]!;
        planFinish[i] = ef[i]!;
        moved++;
      }
      if (
        !lateDatesPending &&
        (result.critical[i] !== before.critical[i] ||
          result.totalFloat[i] !== before.totalFloat[i] ||
          result.lateFinish[i] !== before.lateFinish[i])
      ) {
        critical[i] = result.critical[i]!;
        totalFloat[i] = result.totalFloat[i]!;
        lateFinish[i] = result.lateFinish[i]!;
      }
    }
    return {
      snapshot: {
        ...base,
        version: nextSceneVersion(),
        planStart,
        planFinish,
        critical,
        totalFloat,
        lateFinish,
      },
      moved,
      lateDatesPending,
    };
  }
}

/**
 * The what-if of one loaded version, built at its first use: building the engine's scheduler takes
 * most of a second at 100,000 works, so it never stands between the payload and the first frame. The
 * timeline asks for it in idle time after that frame; a drag that comes first builds it then and waits
 * for it. A version that cannot be scheduled keeps its reason and is not tried again.
 */
export class LazyWhatIf {
  private built: WhatIf | null = null;
  private failure: string | null = null;

  /** No model: the version is read-only here, and has no what-if. */
  constructor(
    private readonly model: ScheduleModel | null,
    private readonly today: string,
  ) {}

  /** The what-if, built now if it is not yet; null when read-only or when it could not be built. */
  get current(): WhatIf | null {
    if (this.built || this.failure !== null || !this.model) return this.built;
    const started = performance.now();
    try {
      this.built = new WhatIf(this.model, this.today);
      if (__TAKT_PROBES__ && window.__taktGantt)
        window.__taktGantt.whatIfBuildMs = performance.now() - started;
    } catch (error) {
      this.failure = (error as Error).message;
    }
    return this.built;
  }

  /** Whether it is built (or known not to build): asking for it then costs nothing. */
  get settled(): boolean {
    return this.built !== null || this.failure !== null || !this.model;
  }

  /** Why there is no live recalculation, once a build failed. */
  get problem(): string | null {
    return this.failure;
  }
}
