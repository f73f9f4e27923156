import { MINUTES_PER_DAY, NO_DATE } from './dates.js';
import { scaleMinuteFromX, scaleXFromMinute, type TimeScale } from './scale.js';
import {
  CONSTRAINT_NONE,
  type GanttSnapshot,
  type PlanKind,
  snapshotRowIndex,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
} from './snapshot.js';
import { type TextMeasure, textMeasureEstimate } from './text.js';

/** The visible window of the timeline, in pixels (points for print). */
export interface GanttViewport {
  readonly width: number;
  readonly height: number;
  readonly scrollTop: number;
  readonly rowHeight: number;
}

export type PlanKinds = Readonly<Record<PlanKind, boolean>>;
export const PLAN_KINDS_ALL: PlanKinds = { plan: true, approved_plan: true, fact: true };

export interface GanttLayoutOptions {
  /** Which plan kinds are drawn (default: all three). */
  readonly kinds?: PlanKinds;
  readonly today?: number;
  readonly dataDate?: number;
  /** The date cursor (the day chosen in the header, shared with the 4D player), engine minutes. */
  readonly cursor?: number;
  /** Items this far outside the viewport are still laid out (smooth panning). */
  readonly marginPx?: number;
  readonly marginRows?: number;
  readonly labels?: boolean;
  readonly fontSize?: number;
  readonly measureText?: TextMeasure;
}

/** Vertical place of a plan kind inside a row (offset from the row top). */
export interface RowSlot {
  readonly y: number;
  readonly height: number;
}

export interface GanttBar {
  readonly work: number;
  readonly row: number;
  readonly kind: PlanKind;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly critical: boolean;
}

/** A summary (WBS sum) bar: drawn as a bar with downward points at both ends. */
export type GanttSummary = GanttBar;

export interface GanttProgress {
  readonly work: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface GanttMilestone {
  readonly work: number;
  readonly row: number;
  readonly kind: PlanKind;
  readonly end: 'start' | 'finish';
  /** Centre of the diamond. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly critical: boolean;
}

export interface GanttConstraint {
  readonly work: number;
  readonly end: 'start' | 'finish';
  /** CONSTRAINT_NOT_EARLIER, CONSTRAINT_NOT_LATER or CONSTRAINT_IN_DATE. */
  readonly type: number;
  /** The constraint date on the vertical middle of the plan bar. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

export interface GanttFloatTail {
  readonly work: number;
  readonly x0: number;
  readonly x1: number;
  readonly y: number;
}

export interface GanttLabel {
  readonly work: number;
  readonly text: string;
  /** Left end of the text and the vertical middle of its row. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly fontSize: number;
}

export interface GanttLine {
  readonly kind: 'today' | 'data_date' | 'cursor';
  readonly x: number;
}

/** Where the date cursor of a day stands: the middle of the day (any engine minute of that day). */
export function ganttCursorMinute(dayStart: number): number {
  return Math.floor(dayStart / MINUTES_PER_DAY) * MINUTES_PER_DAY + MINUTES_PER_DAY / 2;
}

/** Font size of the date on the cursor's tag in the header. */
export const GANTT_CURSOR_TAG_FONT = 11;

/** Width of the cursor's tag in the header (bold date and padding): the page places its ✕ beside it. */
export function ganttCursorTagWidth(text: string): number {
  return Math.ceil(textMeasureEstimate(text, GANTT_CURSOR_TAG_FONT) * 1.1) + 10;
}

/** Left edge of the cursor's tag: centred on the cursor, kept inside the header. */
export function ganttCursorTagLeft(x: number, tagWidth: number, headerWidth: number): number {
  return Math.max(0, Math.min(headerWidth - tagWidth, x - tagWidth / 2));
}

/** The start (engine minutes) of the day under a timeline x: what a click in the time header picks. */
export function ganttDayAt(scale: TimeScale, x: number): number {
  return Math.floor(scaleMinuteFromX(scale, x) / MINUTES_PER_DAY) * MINUTES_PER_DAY;
}

/** Everything the renderers draw for one (snapshot, scale, viewport): only items near the viewport. */
export interface GanttLayout {
  readonly viewport: GanttViewport;
  /** Rows laid out: [firstRow, lastRow] (viewport plus margin rows). */
  readonly firstRow: number;
  readonly lastRow: number;
  readonly slots: Partial<Record<PlanKind, RowSlot>>;
  readonly bars: GanttBar[];
  readonly summaries: GanttSummary[];
  readonly progress: GanttProgress[];
  readonly milestones: GanttMilestone[];
  readonly constraints: GanttConstraint[];
  readonly floatTails: GanttFloatTail[];
  readonly labels: GanttLabel[];
  readonly lines: GanttLine[];
}

const SLOT_WEIGHT: Readonly<Record<PlanKind, number>> = { plan: 3, fact: 1.2, approved_plan: 1.2 };
const SLOT_ORDER: readonly PlanKind[] = ['plan', 'fact', 'approved_plan'];

/**
 * Places the enabled plan kinds inside a row, top to bottom: plan, fact, approved_plan, in proportion
 * 3 : 1.2 : 1.2 between 18% and 86% of the row height (a lone plan bar gets the middle half).
 */
export function ganttRowSlots(
  rowHeight: number,
  kinds: PlanKinds = PLAN_KINDS_ALL,
): Partial<Record<PlanKind, RowSlot>> {
  const enabled = SLOT_ORDER.filter((kind) => kinds[kind]);
  const slots: Partial<Record<PlanKind, RowSlot>> = {};
  if (enabled.length === 1) {
    slots[enabled[0]!] = { y: rowHeight * 0.25, height: rowHeight * 0.5 };
    return slots;
  }
  const top = rowHeight * 0.18;
  const gap = rowHeight * 0.03;
  const usable = rowHeight * 0.86 - top - gap * (enabled.length - 1);
  const total = enabled.reduce((sum, kind) => sum + SLOT_WEIGHT[kind], 0);
  let y = top;
  for (const kind of enabled) {
    const height = (usable * SLOT_WEIGHT[kind]) / total;
    slots[kind] = { y, height };
    y += height + gap;
  }
  return slots;
}

/** Side of a milestone diamond in a slot. */
export function ganttMilestoneSize(rowHeight: number, slot: RowSlot, kind: PlanKind): number {
  return Math.min(rowHeight * 0.7, slot.height * (kind === 'plan' ? 1.5 : 2));
}

function kindDates(snapshot: GanttSnapshot, kind: PlanKind): readonly [Int32Array, Int32Array] {
  if (kind === 'plan') return [snapshot.planStart, snapshot.planFinish];
  if (kind === 'approved_plan') return [snapshot.baselineStart, snapshot.baselineFinish];
  return [snapshot.factStart, snapshot.factFinish];
}

/** Horizontal anchors of a work's plan bar (milestones: the diamond's sides). */
export interface WorkAnchor {
  readonly row: number;
  readonly xStart: number;
  readonly xFinish: number;
  /** Vertical middle of the plan slot. */
  readonly y: number;
  readonly milestone: boolean;
}

/** Where a work's plan bar is, visible or not (links, jump to work, drag previews); null without dates. */
export function ganttWorkAnchor(
  snapshot: GanttSnapshot,
  work: number,
  scale: TimeScale,
  viewport: GanttViewport,
  slots: Partial<Record<PlanKind, RowSlot>> = ganttRowSlots(viewport.rowHeight),
): WorkAnchor | null {
  const row = snapshot.row[work]!;
  const start = snapshot.planStart[work]!;
  const finish = snapshot.planFinish[work]!;
  const slot = slots.plan;
  if (row < 0 || start === NO_DATE || finish === NO_DATE || !slot) return null;
  const y = row * viewport.rowHeight - viewport.scrollTop + slot.y + slot.height / 2;
  const shape = snapshot.shape[work]!;
  if (shape === WORK_MILESTONE_START || shape === WORK_MILESTONE_FINISH) {
    const x = scaleXFromMinute(scale, shape === WORK_MILESTONE_START ? start : finish);
    const half = ganttMilestoneSize(viewport.rowHeight, slot, 'plan') / 2;
    return { row, xStart: x - half, xFinish: x + half, y, milestone: true };
  }
  return {
    row,
    xStart: scaleXFromMinute(scale, start),
    xFinish: scaleXFromMinute(scale, finish),
    y,
    milestone: false,
  };
}

/** Lays out the rows near the viewport; everything else is culled. Pure: same input, same output. */
export function ganttLayout(
  snapshot: GanttSnapshot,
  scale: TimeScale,
  viewport: GanttViewport,
  options: GanttLayoutOptions = {},
): GanttLayout {
  const kinds = options.kinds ?? PLAN_KINDS_ALL;
  const margin = options.marginPx ?? 100;
  const marginRows = options.marginRows ?? 2;
  const fontSize = options.fontSize ?? Math.max(8, Math.round(viewport.rowHeight * 0.45));
  const measure = options.measureText ?? textMeasureEstimate;
  const { rowHeight, width } = viewport;
  const slots = ganttRowSlots(rowHeight, kinds);
  const firstRow = Math.max(0, Math.floor(viewport.scrollTop / rowHeight) - marginRows);
  const lastRow = Math.min(
    snapshot.rowCount - 1,
    Math.ceil((viewport.scrollTop + viewport.height) / rowHeight) + marginRows - 1,
  );
  const layout: GanttLayout = {
    viewport,
    firstRow,
    lastRow,
    slots,
    bars: [],
    summaries: [],
    progress: [],
    milestones: [],
    constraints: [],
    floatTails: [],
    labels: [],
    lines: [],
  };
  const left = -margin;
  const right = width + margin;
  const x = (minute: number) => scaleXFromMinute(scale, minute);
  const index = snapshotRowIndex(snapshot);
  // Per row: the horizontal extents of the works drawn in it, for label collisions; the right end of
  // each work without its float tail (its label goes there) and the index of its float tail.
  const extentLeft: number[] = [];
  const extentRight: number[] = [];
  const extentWork: number[] = [];
  const solidRight: number[] = [];
  const tailIndex: number[] = [];

  for (let row = firstRow; row <= lastRow; row++) {
    const rowTop = row * rowHeight - viewport.scrollTop;
    extentLeft.length = 0;
    extentRight.length = 0;
    extentWork.length = 0;
    solidRight.length = 0;
    tailIndex.length = 0;
    for (let k = index.offsets[row]!; k < index.offsets[row + 1]!; k++) {
      const work = index.works[k]!;
      const shape = snapshot.shape[work]!;
      const critical = snapshot.critical[work] === 1;
      let workLeft = Number.POSITIVE_INFINITY;
      let workRight = Number.NEGATIVE_INFINITY;
      let workSolidRight = Number.NEGATIVE_INFINITY;
      let workTail = -1;
      const extend = (x0: number, x1: number, solid = true) => {
        workLeft = Math.min(workLeft, x0);
        workRight = Math.max(workRight, x1);
        if (solid) workSolidRight = Math.max(workSolidRight, x1);
      };
      for (const kind of SLOT_ORDER) {
        const slot = slots[kind];
        if (!slot) continue;
        const [starts, finishes] = kindDates(snapshot, kind);
        const start = starts[work]!;
        let finish = finishes[work]!;
        if (kind === 'fact' && start !== NO_DATE && finish === NO_DATE && options.dataDate !== undefined) {
          finish = Math.max(start, options.dataDate); // in progress: actual bar up to the data date
        }
        if (start === NO_DATE || finish === NO_DATE) continue;
        const y = rowTop + slot.y;
        if (shape === WORK_MILESTONE_START || shape === WORK_MILESTONE_FINISH) {
          const mx = x(shape === WORK_MILESTONE_START ? start : finish);
          const size = ganttMilestoneSize(rowHeight, slot, kind);
          extend(mx - size / 2, mx + size / 2);
          if (mx + size / 2 < left || mx - size / 2 > right) continue;
          layout.milestones.push({
            work,
            row,
            kind,
            end: shape === WORK_MILESTONE_START ? 'start' : 'finish',
            x: mx,
            y: y + slot.height / 2,
            size,
            critical,
          });
          continue;
        }
        const x0 = x(start);
        const x1 = Math.max(x(finish), x0 + 1); // a zero-length bar stays visible
        extend(x0, x1);
        if (x1 < left || x0 > right) continue;
        const bar = { work, row, kind, x: x0, y, width: x1 - x0, height: slot.height, critical };
        if (shape === WORK_SUMMARY && kind === 'plan') layout.summaries.push(bar);
        else layout.bars.push(bar);
        const progress = snapshot.progress[work]!;
        if (kind === 'plan' && shape !== WORK_SUMMARY && progress > 0) {
          layout.progress.push({
            work,
            x: x0,
            y,
            width: (x1 - x0) * Math.min(1, progress),
            height: slot.height,
          });
        }
      }
      const plan = slots.plan;
      if (plan) {
        const midY = rowTop + plan.y + plan.height / 2;
        const planFinish = snapshot.planFinish[work]!;
        const lateFinish = snapshot.lateFinish[work]!;
        if (planFinish !== NO_DATE && lateFinish !== NO_DATE && lateFinish > planFinish) {
          const x0 = x(planFinish);
          const x1 = x(lateFinish);
          extend(x0, x1, false);
          if (x1 >= left && x0 <= right) {
            workTail = layout.floatTails.length;
            layout.floatTails.push({ work, x0, x1, y: midY });
          }
        }
        const size = plan.height * 1.2;
        for (const end of ['start', 'finish'] as const) {
          const type =
            end === 'start' ? snapshot.constraintStartType[work]! : snapshot.constraintFinishType[work]!;
          const date =
            end === 'start' ? snapshot.constraintStartDate[work]! : snapshot.constraintFinishDate[work]!;
          if (type === CONSTRAINT_NONE || date === NO_DATE) continue;
          const cx = x(date);
          extend(cx - size / 2, cx + size / 2);
          if (cx + size >= left && cx - size <= right)
            layout.constraints.push({ work, end, type, x: cx, y: midY, size });
        }
      }
      if (workRight >= workLeft) {
        extentLeft.push(workLeft);
        extentRight.push(workRight);
        extentWork.push(work);
        solidRight.push(workSolidRight > Number.NEGATIVE_INFINITY ? workSolidRight : workRight);
        tailIndex.push(workTail);
      }
    }
    if (options.labels !== false) placeRowLabels(layout, snapshot, rowTop + rowHeight / 2, fontSize, measure);
  }

  for (const [kind, minute] of [
    ['today', options.today],
    ['data_date', options.dataDate],
    ['cursor', options.cursor],
  ] as const) {
    if (minute === undefined) continue;
    const lx = x(minute);
    if (lx >= 0 && lx <= width) layout.lines.push({ kind, x: lx });
  }
  // Tails wholly under their labels are gone.
  for (let i = layout.floatTails.length - 1; i >= 0; i--) {
    if (layout.floatTails[i]!.x1 <= layout.floatTails[i]!.x0) layout.floatTails.splice(i, 1);
  }
  return layout;

  /**
   * Labels right of each work's bars and markers; a label that would overlap another work or a kept label
   * is dropped. The work's own float tail then starts after its label (bar, label, tail), so long tails
   * do not push every label out of view.
   */
  function placeRowLabels(
    target: GanttLayout,
    source: GanttSnapshot,
    y: number,
    size: number,
    measureText: TextMeasure,
  ): void {
    const gap = size * 0.4;
    const keptLeft: number[] = [];
    const keptRight: number[] = [];
    for (let i = 0; i < extentWork.length; i++) {
      const work = extentWork[i]!;
      const text = source.label[work] ?? '';
      if (text === '') continue;
      const lx = solidRight[i]! + gap;
      const textWidth = measureText(text, size);
      const rx = lx + textWidth;
      if (rx < left || lx > width) continue;
      let free = true;
      for (let j = 0; j < extentWork.length && free; j++) {
        if (j !== i && extentLeft[j]! < rx + gap && extentRight[j]! > lx - gap) free = false;
      }
      for (let j = 0; j < keptLeft.length && free; j++) {
        if (keptLeft[j]! < rx + gap && keptRight[j]! > lx - gap) free = false;
      }
      if (!free) continue;
      keptLeft.push(lx);
      keptRight.push(rx);
      target.labels.push({ work, text, x: lx, y, width: textWidth, fontSize: size });
      const tail = tailIndex[i]!;
      if (tail >= 0) {
        const cut = { ...target.floatTails[tail]!, x0: Math.max(target.floatTails[tail]!.x0, rx + gap) };
        target.floatTails[tail] = cut;
      }
    }
  }
}

/** What is under a point of the timeline. */
export interface GanttHit {
  readonly row: number;
  /** -1 when the point is on an empty part of a row. */
  readonly work: number;
  readonly part: 'row' | 'body' | 'start' | 'finish' | 'milestone';
}

/**
 * Hit test for editing: a plan bar's ends (within `handlePx`) resize, its body moves, a milestone
 * moves; anything else in a row is the row. Null outside the laid-out rows.
 */
export function ganttHitTest(layout: GanttLayout, px: number, py: number, handlePx = 5): GanttHit | null {
  const { rowHeight, scrollTop } = layout.viewport;
  const row = Math.floor((py + scrollTop) / rowHeight);
  if (row < layout.firstRow || row > layout.lastRow) return null;
  for (const milestone of layout.milestones) {
    const half = milestone.size / 2;
    if (milestone.kind === 'plan' && milestone.row === row && Math.abs(px - milestone.x) <= half + 1) {
      return { row, work: milestone.work, part: 'milestone' };
    }
  }
  for (const list of [layout.bars, layout.summaries]) {
    for (const bar of list) {
      if (bar.kind !== 'plan' || bar.row !== row) continue;
      if (px < bar.x - handlePx || px > bar.x + bar.width + handlePx) continue;
      const handle = Math.min(handlePx, bar.width / 3);
      const part = px <= bar.x + handle ? 'start' : px >= bar.x + bar.width - handle ? 'finish' : 'body';
      return { row, work: bar.work, part };
    }
  }
  return { row, work: -1, part: 'row' };
}
