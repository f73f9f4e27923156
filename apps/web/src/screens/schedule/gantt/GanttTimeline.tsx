import { type GanttLanguage, type GanttLayoutOptions, ganttCursorMinute, type TimeScale } from '@takt/gantt';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useSpace } from '../../../layouts/space-context';
import { useT } from '../../../lib/i18n';
import { hasDate, isoToMinutes } from '../../../lib/schedule-time';
import { useAppState } from '../../../state/app-state';
import { cursorDayStart } from './cursor';
import { GanttCursorClose } from './GanttCursorClose';
import { GanttMenu } from './GanttMenu';
import { GanttStatusLine } from './GanttStatusLine';
import { ganttSnapshotFromModel, snapshotLinkRelations } from './snapshot';
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
import { useWhatIf } from './useWhatIf';
import { useWorkFigures } from './useWorkFigures';
import { nextSceneVersion } from './whatif';

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
  const { view, model, rows, revision, details, version, readOnly, scrollElement } = props;
  const t = useT();
  const { spaceId } = useSpace();
  const dark = useAppState((s) => s.darkTheme);
  const language = useAppState((s) => s.language) as GanttLanguage;
  const cursorDay = useAppState((s) => s.activitySelectedDay);
  const cursor = cursorDay ? ganttCursorMinute(cursorDayStart(cursorDay)) : undefined;
  const refs = useTimelineRefs();
  const { host, preview, selectedLink } = refs;
  const [scale, setScale] = useState<TimeScale | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [today] = useState(nowMinutes);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  const base = useMemo(
    () => ganttSnapshotFromModel(model, rows, details, nextSceneVersion()),
    [model, rows, details, revision],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  const linkRelations = useMemo(() => snapshotLinkRelations(model), [model, revision]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: preview and selectedLink are refs
  useLayoutEffect(() => {
    if (base) preview.current = null;
    selectedLink.current = -1;
  }, [base]);

  const dataDate = isoToMinutes(version.dataDate);
  const options = useMemo<GanttLayoutOptions>(
    () => ({
      kinds: view.kinds,
      today,
      dataDate: hasDate(dataDate) ? dataDate : undefined,
      cursor,
      marginRows: 4,
      fontSize: 12,
    }),
    [view.kinds, today, dataDate, cursor],
  );
  const { shading, calendarOfWork } = useGanttCalendars(model);

  const selection = useMemo(() => {
    const out = new Set<number>();
    for (const id of props.selected) {
      const row = model.rowOf.get(id);
      if (row !== undefined) out.add(row);
    }
    return out;
  }, [props.selected, model]);

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
