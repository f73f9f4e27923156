import { type GanttSnapshot, scaleMinuteFromX } from '@takt/gantt';
import { type Dispatch, type MouseEvent, type SetStateAction, useCallback } from 'react';
import type { Translate } from '../../../lib/i18n';
import { HEADER_HEIGHT } from '../WbsGrid';
import type { MenuItem } from '../wbs-grid/types';
import type { GanttMenuItem } from './GanttMenu';
import {
  EPOCH_MS,
  type GanttTimelineProps,
  type Menu,
  type ReadOnlyReason,
  type TimelineRefs,
} from './timeline';

/** The progress a work can be set to from the menu, in percent. */
const PROGRESS_STEPS = [0, 50, 100] as const;

/**
 * The context menu of the timeline: on a work, the page's row actions (insert, indent, copy, links,
 * resources, delete) with the timeline's own (zoom to the work, link to another, remove its links, set its
 * progress); on a link, deleting it; on the empty timeline, a new work at the date clicked and fitting the
 * project.
 */
export function useGanttContextMenu(args: {
  props: Pick<GanttTimelineProps, 'onOpenWork' | 'rowMenu' | 'view'>;
  refs: TimelineRefs;
  t: Translate;
  base: GanttSnapshot;
  readOnly: ReadOnlyReason | null;
  selection: Set<number>;
  menu: Menu | null;
  setMenu: Dispatch<SetStateAction<Menu | null>>;
  interact: () => void;
  point: (event: { clientX: number; clientY: number }) => { x: number; y: number };
  select: (work: number, event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) => void;
  linkable: (work: number) => boolean;
  startLink: (from: number, end: 'start' | 'finish', sticky: boolean, x: number, y: number) => void;
  zoomToWork: (work: number) => void;
  deleteLink: (link: number) => Promise<void>;
}) {
  const { props, refs, t, base, readOnly, selection, menu, setMenu, interact, point, select } = args;
  const { linkable, startLink, zoomToWork, deleteLink } = args;
  const { host, renderer, gesture, selectedLink } = refs;
  const rowMenu = props.rowMenu;

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    const r = renderer.current;
    if (!r || gesture.current) return;
    const { x, y } = point(event);
    const hit = r.hitTest(x, y);
    const work = hit && hit.work >= 0 ? hit.work : -1;
    const link = work < 0 ? r.linkHitTest(x, y, 5) : -1;
    if (work >= 0 && !selection.has(work)) select(work, { ctrlKey: false, metaKey: false, shiftKey: false });
    selectedLink.current = link;
    interact();
    setMenu({ x, y, work, link });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: host is a ref, setMenu a state setter
  const closeMenu = useCallback(() => {
    setMenu(null);
    host.current?.focus();
  }, []);

  /** The day under the point `x` of the menu, as `YYYY-MM-DD`. */
  const dayAt = (x: number): string | null => {
    const scale = props.view.scale.current;
    if (!scale) return null;
    return new Date(EPOCH_MS + scaleMinuteFromX(scale, x) * 60_000).toISOString().slice(0, 10);
  };

  const workItems = (work: number): MenuItem[] => {
    const editing = !readOnly && !!rowMenu && !rowMenu.readOnly;
    const own: (MenuItem | false)[] = [
      { key: 'open', text: t('gantt.menu.open'), run: () => props.onOpenWork(base.row[work]!) },
      linkable(work) && {
        key: 'add_link',
        text: t('gantt.menu.add_link'),
        run: () => {
          const anchor = renderer.current?.layout?.bars.find((b) => b.work === work && b.kind === 'plan');
          const milestone = renderer.current?.layout?.milestones.find(
            (m) => m.work === work && m.kind === 'plan',
          );
          const x = anchor ? anchor.x + anchor.width : milestone ? milestone.x : (menu?.x ?? 0);
          const y =
            (anchor ? anchor.y + anchor.height / 2 : milestone ? milestone.y : (menu?.y ?? 0)) +
            HEADER_HEIGHT;
          startLink(work, 'finish', true, x, y);
        },
      },
      { key: 'zoom_to', text: t('gantt.menu.zoom_to'), run: () => zoomToWork(work) },
      editing && {
        key: 'unlink',
        text: t('rowmenu.unlink'),
        separated: true,
        run: () => rowMenu!.unlinkSelected(),
      },
      ...PROGRESS_STEPS.map(
        (percent, i) =>
          editing && {
            key: `progress_${percent}`,
            text: t('rowmenu.progress', { percent }),
            separated: i === 0,
            run: () => rowMenu!.setProgress(percent),
          },
      ),
    ];
    // Snapshot works are model rows. "Show in the Gantt chart" is where the user already is.
    const shared = (rowMenu?.itemsFor(work) ?? []).filter((item) => item.key !== 'open_in_gantt');
    if (shared[0]) shared[0] = { ...shared[0], separated: true };
    return [...own.filter((item): item is MenuItem => !!item), ...shared];
  };

  const emptyItems = (x: number): MenuItem[] => {
    const day = dayAt(x);
    return [
      !readOnly &&
        rowMenu &&
        !rowMenu.readOnly &&
        day && {
          key: 'add_work_here',
          text: t('rowmenu.add_work_here'),
          run: () => rowMenu.addWorkAt(day),
        },
      { key: 'fit', text: t('gantt.fit'), run: () => props.view.commands.current?.fit() },
    ].filter((item): item is MenuItem => !!item);
  };

  const menuItems: GanttMenuItem[] = !menu
    ? []
    : menu.work >= 0
      ? workItems(menu.work)
      : menu.link >= 0
        ? readOnly
          ? []
          : [{ key: 'delete_link', text: t('gantt.menu.delete_link'), run: () => void deleteLink(menu.link) }]
        : emptyItems(menu.x);

  return { onContextMenu, closeMenu, menuItems };
}
