import type { Graphics } from 'pixi.js';
import {
  GANTT_CURSOR_TAG_FONT,
  type GanttLayout,
  ganttCursorTagLeft,
  ganttCursorTagWidth,
} from '../layout.js';
import type { GanttLinkRoute } from '../links.js';
import type { ScaleHeader } from '../scale.js';
import { shapeArrow, shapeConstraint, shapeDiamond, shapeSummary } from '../shapes.js';
import type { GanttTheme } from '../theme.js';
import type { TextPool } from './surface.js';

/** Draws the schedule of a layout into one Graphics, batching shapes of one colour into one fill. */
export function drawSchedule(
  g: Graphics,
  layout: GanttLayout,
  routes: readonly GanttLinkRoute[],
  theme: GanttTheme,
): void {
  const tails = layout.floatTails;
  if (tails.length > 0) {
    for (const tail of tails)
      g.moveTo(tail.x0, tail.y)
        .lineTo(tail.x1, tail.y)
        .moveTo(tail.x1, tail.y - 3)
        .lineTo(tail.x1, tail.y + 3);
    g.stroke({ width: 1, color: theme.floatTail });
  }
  const rects = (color: number, pick: (kind: string, critical: boolean) => boolean) => {
    let any = false;
    for (const bar of layout.bars) {
      if (!pick(bar.kind, bar.critical)) continue;
      g.rect(bar.x, bar.y, bar.width, bar.height);
      any = true;
    }
    if (any) g.fill(color);
  };
  rects(theme.baseline, (kind) => kind === 'approved_plan');
  rects(theme.fact, (kind) => kind === 'fact');
  rects(theme.plan, (kind, critical) => kind === 'plan' && !critical);
  rects(theme.critical, (kind, critical) => kind === 'plan' && critical);
  if (layout.progress.length > 0) {
    for (const p of layout.progress) g.rect(p.x, p.y + p.height * 0.3, p.width, p.height * 0.4);
    g.fill(theme.planProgress);
  }
  for (const summary of layout.summaries)
    g.poly(shapeSummary(summary)).fill(summary.critical ? theme.critical : theme.summary);
  for (const milestone of layout.milestones) {
    const color =
      milestone.kind === 'approved_plan'
        ? theme.baseline
        : milestone.kind === 'fact'
          ? theme.fact
          : milestone.critical
            ? theme.critical
            : theme.milestone;
    g.poly(shapeDiamond(milestone)).fill(color);
  }
  for (const marker of layout.constraints)
    for (const polygon of shapeConstraint(marker)) g.poly(polygon).fill(theme.constraint);
  for (const critical of [false, true]) {
    let any = false;
    for (const route of routes) {
      if (route.critical !== critical) continue;
      const p = route.points;
      g.moveTo(p[0]!, p[1]!);
      for (let i = 2; i < p.length; i += 2) g.lineTo(p[i]!, p[i + 1]!);
      any = true;
    }
    if (!any) continue;
    g.stroke({ width: critical ? 1.5 : 1, color: critical ? theme.linkDriving : theme.link });
    for (const route of routes) if (route.critical === critical) g.poly(shapeArrow(route, 5));
    g.fill(critical ? theme.linkDriving : theme.link);
  }
  for (const line of layout.lines) {
    g.moveTo(line.x, 0).lineTo(line.x, layout.viewport.height);
    g.stroke({
      width: line.kind === 'data_date' ? 1.5 : 2,
      color: line.kind === 'today' ? theme.today : line.kind === 'cursor' ? theme.cursor : theme.dataDate,
    });
  }
}

/** The two-tier time scale header. */
export function drawHeader(
  g: Graphics,
  texts: TextPool,
  header: ScaleHeader,
  width: number,
  height: number,
  theme: GanttTheme,
): void {
  g.rect(0, 0, width, height).fill(theme.headerBackground);
  const tier = height / 2;
  for (const [ticks, top] of [
    [header.upper, 0],
    [header.lower, tier],
  ] as const) {
    for (const tick of ticks) {
      g.moveTo(Math.round(tick.x0) + 0.5, top).lineTo(Math.round(tick.x0) + 0.5, top + tier);
      if (tick.label) texts.place(tick.label, tick.labelX, top + tier / 2, 11, theme.headerText);
    }
  }
  g.moveTo(0, tier + 0.5)
    .lineTo(width, tier + 0.5)
    .moveTo(0, height - 0.5)
    .lineTo(width, height - 0.5);
  g.stroke({ width: 1, color: theme.gridLine });
}

/**
 * The date cursor in the header: its line through both tiers and its date on a tag in the lower tier
 * (kept inside the header's width when the cursor is near an edge).
 */
export function drawCursorTag(
  g: Graphics,
  texts: TextPool,
  x: number,
  text: string,
  headerWidth: number,
  height: number,
  theme: GanttTheme,
): void {
  const tier = height / 2;
  const width = ganttCursorTagWidth(text);
  const left = ganttCursorTagLeft(x, width, headerWidth);
  g.moveTo(x, 0).lineTo(x, height).stroke({ width: 2, color: theme.cursor });
  g.roundRect(left, tier + 2, width, tier - 4, 3).fill(theme.cursor);
  texts.place(text, left + 5, tier + tier / 2, GANTT_CURSOR_TAG_FONT, theme.background, true);
}
