/**
 * 4D appearance: what an element looks like at a playback date, from the dates of the works linked
 * to it (plan, approved plan or fact) and the appearance profile of the link. A profile gives a look
 * (colour and opacity) for before, during and after the work: installing a wall shows it as a ghost
 * before, highlighted while it is built and in its own colour after; removing a formwork shows it
 * until the work, marked during and gone after.
 */

export const BIM_PROFILE_KINDS = ['install', 'remove', 'temporary', 'maintain', 'neutral'] as const;
export type BimProfileKind = (typeof BIM_PROFILE_KINDS)[number];
export const BIM_PLAN_KINDS = ['plan', 'approved_plan', 'fact'] as const;
export type BimPlanKind = (typeof BIM_PLAN_KINDS)[number];

export interface BimLook {
  /** `#rrggbb`, or null for the model's own colour. */
  color: string | null;
  /** 0 hidden … 1 opaque. */
  opacity: number;
}

export interface BimProfileLooks {
  before: BimLook;
  during: BimLook;
  after: BimLook;
}

export interface BimAppearanceProfile extends BimProfileLooks {
  id: string;
  name: string;
  kind: BimProfileKind;
}

const GHOST = '#9aa5b1';
export const BIM_PROFILE_DEFAULTS: Record<BimProfileKind, BimProfileLooks> = {
  install: {
    before: { color: GHOST, opacity: 0.08 },
    during: { color: '#f59e0b', opacity: 1 },
    after: { color: null, opacity: 1 },
  },
  remove: {
    before: { color: null, opacity: 1 },
    during: { color: '#ef4444', opacity: 1 },
    after: { color: null, opacity: 0 },
  },
  temporary: {
    before: { color: null, opacity: 0 },
    during: { color: '#a855f7', opacity: 1 },
    after: { color: null, opacity: 0 },
  },
  maintain: {
    before: { color: null, opacity: 1 },
    during: { color: '#3b82f6', opacity: 1 },
    after: { color: null, opacity: 1 },
  },
  neutral: {
    before: { color: null, opacity: 1 },
    during: { color: null, opacity: 1 },
    after: { color: null, opacity: 1 },
  },
};

/** What elements linked to no work look like during playback. */
export const BIM_UNLINKED_LOOK: BimLook = { color: GHOST, opacity: 0.15 };

export const BIM_DEVIATION_KINDS = ['none', 'pending', 'ahead', 'on_time', 'late'] as const;
export type BimDeviation = (typeof BIM_DEVIATION_KINDS)[number];
export const BIM_DEVIATION_LOOKS: Record<BimDeviation, BimLook> = {
  none: { color: GHOST, opacity: 0.15 },
  pending: { color: GHOST, opacity: 0.3 },
  ahead: { color: '#22c55e', opacity: 1 },
  on_time: { color: '#3b82f6', opacity: 1 },
  late: { color: '#ef4444', opacity: 1 },
};

export function bimColorParse(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [0, 0, 0];
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Per-element looks in two flat arrays the viewer copies straight into its state texture:
 * `rgba` holds colour and opacity (0..255) per element, `own` is 1 where the element keeps the
 * model's colour (then its rgb is ignored).
 */
export interface BimLooks {
  rgba: Uint8Array;
  own: Uint8Array;
}

export function bimLooksCreate(elementCount: number): BimLooks {
  return { rgba: new Uint8Array(elementCount * 4), own: new Uint8Array(elementCount) };
}

export function bimLooksSet(looks: BimLooks, element: number, look: BimLook): void {
  const o = element * 4;
  if (look.color === null) {
    looks.own[element] = 1;
  } else {
    const [r, g, b] = bimColorParse(look.color);
    looks.rgba[o] = r;
    looks.rgba[o + 1] = g;
    looks.rgba[o + 2] = b;
    looks.own[element] = 0;
  }
  looks.rgba[o + 3] = Math.round(Math.max(0, Math.min(1, look.opacity)) * 255);
}

/** A link of the timeline: element index, work index (into the date arrays), profile index. */
export interface BimTimelineLink {
  element: number;
  work: number;
  profile: number;
}

/** Start and finish per work in any monotone time unit; NaN where the date is missing. */
export interface BimWorkDates {
  start: ArrayLike<number>;
  finish: ArrayLike<number>;
}

export const BimPhase = { Before: 0, During: 1, After: 2 } as const;
export type BimPhase = (typeof BimPhase)[keyof typeof BimPhase];

/**
 * Compiled playback state for one plan kind. Dates are normalised once: a work that never started
 * (no date) stays "before" forever; a fact work started but not finished stays "during"; a planned
 * work without a finish is a point in time. Then `phaseOf` is a comparison per link.
 */
export class BimTimeline {
  readonly elementCount: number;
  /** CSR layout: links of element e are `linkStart[e] … linkStart[e + 1] - 1`. */
  private readonly linkStart: Uint32Array;
  private readonly start: Float64Array;
  private readonly finish: Float64Array;
  private readonly profile: Uint16Array;
  /** Earliest start and latest finish over all links, for the scrubber's range. */
  readonly range: { start: number; finish: number } | null;

  constructor(
    elementCount: number,
    links: readonly BimTimelineLink[],
    dates: BimWorkDates,
    kind: BimPlanKind,
  ) {
    this.elementCount = elementCount;
    const counts = new Uint32Array(elementCount + 1);
    for (const l of links) if (l.element < elementCount) counts[l.element + 1]!++;
    for (let e = 0; e < elementCount; e++) counts[e + 1]! += counts[e]!;
    this.linkStart = counts;
    const n = counts[elementCount]!;
    this.start = new Float64Array(n);
    this.finish = new Float64Array(n);
    this.profile = new Uint16Array(n);
    const fill = counts.slice(0, elementCount);
    let lo = Infinity;
    let hi = -Infinity;
    for (const l of links) {
      if (l.element >= elementCount) continue;
      const at = fill[l.element]!++;
      const s = dates.start[l.work] ?? Number.NaN;
      const f = dates.finish[l.work] ?? Number.NaN;
      const started = !Number.isNaN(s);
      const begin = started ? s : Infinity;
      const end = !Number.isNaN(f) ? Math.max(f, begin) : kind === 'fact' && started ? Infinity : begin;
      this.start[at] = begin;
      this.finish[at] = end;
      this.profile[at] = l.profile;
      if (Number.isFinite(begin)) lo = Math.min(lo, begin);
      if (Number.isFinite(end)) hi = Math.max(hi, end);
      else if (Number.isFinite(begin)) hi = Math.max(hi, begin);
    }
    this.range = Number.isFinite(lo) ? { start: lo, finish: Math.max(lo, hi) } : null;
  }

  linked(element: number): boolean {
    return this.linkStart[element + 1]! > this.linkStart[element]!;
  }

  /**
   * The element's phase at `t`: before while none of its works has started, after when all have
   * finished, during otherwise (including between two of its works). -1 when it has no links.
   */
  phaseOf(element: number, t: number): BimPhase | -1 {
    const from = this.linkStart[element]!;
    const to = this.linkStart[element + 1]!;
    if (from === to) return -1;
    let anyStarted = false;
    let allFinished = true;
    for (let i = from; i < to; i++) {
      if (t >= this.start[i]!) anyStarted = true;
      if (t < this.finish[i]!) allFinished = false;
    }
    return !anyStarted ? BimPhase.Before : allFinished ? BimPhase.After : BimPhase.During;
  }

  /** The profile deciding the look: a running work's, else the last finished one's, else the first's. */
  profileOf(element: number, t: number): number {
    const from = this.linkStart[element]!;
    const to = this.linkStart[element + 1]!;
    let running = -1;
    let lastDone = -1;
    for (let i = from; i < to; i++) {
      if (t >= this.start[i]! && t < this.finish[i]!) {
        running = i;
        break;
      }
      if (t >= this.finish[i]! && (lastDone < 0 || this.finish[i]! > this.finish[lastDone]!)) lastDone = i;
    }
    const pick = running >= 0 ? running : lastDone >= 0 ? lastDone : from;
    return this.profile[pick] ?? 0;
  }

  /** Earliest start and latest finish of the element's works (Infinity where unknown). */
  spanOf(element: number): { start: number; finish: number } {
    let s = Infinity;
    let f = -Infinity;
    for (let i = this.linkStart[element]!; i < this.linkStart[element + 1]!; i++) {
      s = Math.min(s, this.start[i]!);
      f = Math.max(f, this.finish[i]!);
    }
    return { start: s, finish: f };
  }
}

/**
 * Fills `out` with every element's look at `t`. Profiles are indexed by the links' profile index.
 * Cost: one pass over elements and links, no allocation.
 */
export function bimAppearanceAt(
  timeline: BimTimeline,
  profiles: readonly BimProfileLooks[],
  t: number,
  out: BimLooks,
  unlinked: BimLook = BIM_UNLINKED_LOOK,
): void {
  const neutral = BIM_PROFILE_DEFAULTS.neutral;
  for (let e = 0; e < timeline.elementCount; e++) {
    const phase = timeline.phaseOf(e, t);
    if (phase < 0) {
      bimLooksSet(out, e, unlinked);
      continue;
    }
    const p = profiles[timeline.profileOf(e, t)] ?? neutral;
    bimLooksSet(
      out,
      e,
      phase === BimPhase.Before ? p.before : phase === BimPhase.During ? p.during : p.after,
    );
  }
}

/**
 * Plan-versus-fact deviation of one element at `t`: ahead when its fact phase is further than the
 * plan's, late when behind; with equal phases the start (during) or finish (after) dates decide,
 * within `tolerance` (same time unit as the dates).
 */
export function bimDeviationOf(
  plan: BimTimeline,
  fact: BimTimeline,
  element: number,
  t: number,
  tolerance: number,
): BimDeviation {
  const p = plan.phaseOf(element, t);
  const f = fact.phaseOf(element, t);
  if (p < 0 || f < 0) return 'none';
  if (f > p) return 'ahead';
  if (f < p) return 'late';
  if (p === BimPhase.Before) return 'pending';
  const ps = plan.spanOf(element);
  const fs = fact.spanOf(element);
  const [planned, actual] = p === BimPhase.During ? [ps.start, fs.start] : [ps.finish, fs.finish];
  if (actual > planned + tolerance) return 'late';
  if (actual < planned - tolerance) return 'ahead';
  return 'on_time';
}

export function bimDeviationAt(
  plan: BimTimeline,
  fact: BimTimeline,
  t: number,
  tolerance: number,
  out: BimLooks,
) {
  for (let e = 0; e < plan.elementCount; e++)
    bimLooksSet(out, e, BIM_DEVIATION_LOOKS[bimDeviationOf(plan, fact, e, t, tolerance)]);
}
