import type { GanttSnapshot } from '@takt/gantt';
import { type Dispatch, type MouseEvent, type SetStateAction, useCallback } from 'react';
import type { Translate } from '../../../lib/i18n';
import { HEADER_HEIGHT } from '../WbsGrid';
import type { GanttMenuItem } from './GanttMenu';
import type { GanttTimelineProps, Menu, ReadOnlyReason, TimelineRefs } from './timeline';

/** The context menu of a work or a link: where it opens and what it offers. */
export function useGanttContextMenu(args: {
  props: Pick<GanttTimelineProps, 'onOpenWork'>;
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
    if (work >= 0 || (link >= 0 && !readOnly)) setMenu({ x, y, work, link });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: host is a ref, setMenu a state setter
  const closeMenu = useCallback(() => {
    setMenu(null);
    host.current?.focus();
  }, []);

  const menuItems = menu
    ? [
        menu.work >= 0 && {
          key: 'open',
          text: t('gantt.menu.open'),
          run: () => props.onOpenWork(base.row[menu.work]!),
        },
        menu.work >= 0 &&
          linkable(menu.work) && {
            key: 'add_link',
            text: t('gantt.menu.add_link'),
            run: () => {
              const anchor = renderer.current?.layout?.bars.find(
                (b) => b.work === menu.work && b.kind === 'plan',
              );
              const milestone = renderer.current?.layout?.milestones.find(
                (m) => m.work === menu.work && m.kind === 'plan',
              );
              const x = anchor ? anchor.x + anchor.width : milestone ? milestone.x : menu.x;
              const y =
                (anchor ? anchor.y + anchor.height / 2 : milestone ? milestone.y : menu.y) + HEADER_HEIGHT;
              startLink(menu.work, 'finish', true, x, y);
            },
          },
        menu.work >= 0 && { key: 'zoom_to', text: t('gantt.menu.zoom_to'), run: () => zoomToWork(menu.work) },
        menu.link >= 0 &&
          !readOnly && {
            key: 'delete_link',
            text: t('gantt.menu.delete_link'),
            run: () => void deleteLink(menu.link),
          },
      ].filter((item): item is GanttMenuItem => !!item)
    : [];

  return { onContextMenu, closeMenu, menuItems };
}
