import type { GanttLanguage, TimeScale } from '@takt/gantt';
import { useState } from 'react';
import { useSpace } from '../../../layouts/space-context';
import { useT } from '../../../lib/i18n';
import { hasDate } from '../../../lib/schedule-time';
import { useAppState } from '../../../state/app-state';
import { GanttCursorClose } from './GanttCursorClose';
import { GanttMenu } from './GanttMenu';
import { GanttStatusLine } from './GanttStatusLine';
import './gantt.css';
import { type GanttTimelineProps, type Menu, nowMinutes, type Status, useTimelineRefs } from './timeline';
import { useGanttCalendars } from './useGanttCalendars';
import { useGanttContextMenu } from './useGanttContextMenu';
import { useGanttEdits } from './useGanttEdits';
import { useGanttHover } from './useGanttHover';
import { useGanttKeyboard } from './useGanttKeyboard';
import { useGanttNavigation } from './useGanttNavigation';
import { useGanttPointer } from './useGanttPointer';
import { useGanttRenderer } from './useGanttRenderer';
import { useGanttScale } from './useGanttScale';
import { useGanttScene } from './useGanttScene';
import { useWhatIf } from './useWhatIf';
import { useWorkFigures } from './useWorkFigures';

/**
 * The Gantt timeline beside the WBS grid: React owns the canvas and the controls, the Pixi
 * renderer draws. The grid's rows are the timeline's rows and its vertical scroll is the timeline's;
 * zoom and pan are the timeline's own. Bars are edited on the canvas: moved and resized with the engine
 * recalculating the successors live in the browser (`@takt/schedule`, with the engine input the server
 * uses), linked by dragging from a connector; the change is saved as one edit command that the server
 * applies, calculates and records for undo in one transaction, and its result replaces the local one.
 *
 * @public loaded by `GanttPane` with a dynamic import, which knip does not follow
 */
export function GanttTimeline(props: GanttTimelineProps) {
  const { view, model, rows, revision, version, readOnly, scrollElement } = props;
  const t = useT();
  const { spaceId } = useSpace();
  const dark = useAppState((s) => s.darkTheme);
  const language = useAppState((s) => s.language) as GanttLanguage;
  const refs = useTimelineRefs();
  const { host } = refs;
  const [scale, setScale] = useState<TimeScale | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [today] = useState(nowMinutes);

  const { base, linkRelations, cursor, dataDate, options, selection } = useGanttScene(props, refs, today);
  const { shading, calendarOfWork } = useGanttCalendars(model);

  const { canvas, ready, size, live, paint, interact } = useGanttRenderer(refs, {
    model,
    base,
    scale,
    options,
    language,
    shading,
    selection,
    dark,
  });

  useGanttScale({
    refs,
    view,
    base,
    today,
    dataDate: hasDate(dataDate) ? dataDate : undefined,
    size,
    scale,
    setScale,
    scrollElement,
    paint,
  });

  // ── live recalculation: one incremental scheduler per loaded version, built when the page is idle ──
  const drawn = ready && scale !== null;
  const { whatIf, whatIfProblem } = useWhatIf({ model, revision, readOnly, today, drawn });

  const { stopAnimation, ensureVisible, zoomToWork, firstSelected } = useGanttNavigation({
    refs,
    view,
    base,
    selection,
    size,
    setScale,
    live,
    today,
    cursor,
    dataDate,
    scrollElement,
  });

  const edits = useGanttEdits({
    props,
    refs,
    t,
    spaceId,
    model,
    base,
    linkRelations,
    version,
    readOnly,
    whatIf,
    setStatus,
  });
  const { label, refusalText, linkable, deleteLink } = edits;
  const figures = useWorkFigures(spaceId, version.id, model, t, language);
  const { tooltip, overHeader, hoverAt, onPointerLeave } = useGanttHover({
    refs,
    base,
    readOnly,
    interact,
    label,
    figures,
    refusalText,
    linkable,
  });
  const pointer = useGanttPointer({
    props,
    refs,
    t,
    model,
    rows,
    base,
    scale,
    setScale,
    readOnly,
    setMenu,
    setStatus,
    paint,
    interact,
    whatIf,
    whatIfProblem,
    calendarOfWork,
    stopAnimation,
    edits,
    hoverAt,
  });
  const { point, select, cancelGesture, startLink } = pointer;
  const { onContextMenu, closeMenu, menuItems } = useGanttContextMenu({
    props,
    refs,
    t,
    base,
    readOnly,
    selection,
    menu,
    setMenu,
    interact,
    point,
    select,
    linkable,
    startLink,
    zoomToWork,
    deleteLink,
  });
  const onKeyDown = useGanttKeyboard({
    props,
    refs,
    view,
    model,
    rows,
    base,
    size,
    setScale,
    menu,
    setMenu,
    setStatus,
    interact,
    cancelGesture,
    firstSelected,
    ensureVisible,
    stopAnimation,
    deleteLink,
  });

  return (
    <div className="gantt-pane" data-testid="gantt">
      <div
        ref={host}
        className="gantt-host"
        role="application"
        aria-label={t('gantt.title')}
        aria-roledescription={t('gantt.title')}
        aria-describedby="gantt-hint"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas application takes the keyboard (arrows, +/-, Delete)
        tabIndex={0}
        title={overHeader ? t('gantt.cursor.set') : tooltip}
        onPointerDown={pointer.onPointerDown}
        onPointerMove={pointer.onPointerMove}
        onPointerUp={pointer.onPointerUp}
        onPointerCancel={cancelGesture}
        onLostPointerCapture={pointer.onLostPointerCapture}
        onPointerLeave={onPointerLeave}
        onDoubleClick={pointer.onDoubleClick}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        data-ready={ready && scale ? 'true' : 'false'}
        data-readonly={readOnly ?? undefined}
      >
        <canvas ref={canvas} className="gantt-canvas" />
      </div>
      <GanttCursorClose t={t} host={host} cursor={cursor} scale={scale} ready={ready} size={size} />
      <span id="gantt-hint" className="visually-hidden">
        {t('gantt.hint')}
      </span>
      {status && <GanttStatusLine status={status} />}
      {menu && menuItems.length > 0 && (
        <GanttMenu x={menu.x} y={menu.y} items={menuItems} onClose={closeMenu} />
      )}
    </div>
  );
}
