import { type GanttSnapshot, ganttConnectorHitTest } from '@takt/gantt';
import { useState } from 'react';
import { formatMinutes } from '../../../lib/schedule-time';
import { HEADER_HEIGHT } from '../WbsGrid';
import type { ReadOnlyReason, TimelineRefs } from './timeline';

/** The pointer over the canvas without a gesture: the cursor's shape, the hovered work and its tooltip. */
export function useGanttHover(args: {
  refs: TimelineRefs;
  base: GanttSnapshot;
  readOnly: ReadOnlyReason | null;
  interact: () => void;
  label: (work: number) => string;
  /** % complete, labour and cost of a work (a summary's rolled up), under its dates. */
  figures: (work: number) => string;
  refusalText: (work: number) => string | null;
  linkable: (work: number) => boolean;
}) {
  const { refs, base, readOnly, interact, label, figures, refusalText, linkable } = args;
  const { host, renderer, gesture, hover } = refs;
  const [tooltip, setTooltip] = useState<string | undefined>(undefined);
  const [overHeader, setOverHeader] = useState(false);

  const hoverAt = (x: number, y: number) => {
    const r = renderer.current;
    const box = host.current;
    if (!r || !box) return;
    const layout = r.layout;
    const connector =
      !readOnly && layout && y >= HEADER_HEIGHT ? ganttConnectorHitTest(layout, x, y - HEADER_HEIGHT) : null;
    const hit = r.hitTest(x, y);
    const work = connector?.work ?? (hit && hit.work >= 0 ? hit.work : -1);
    let cursor = 'default';
    if (connector && linkable(connector.work)) cursor = 'crosshair';
    else if (hit && hit.work >= 0) {
      const refused = refusalText(hit.work) !== null;
      cursor = refused ? 'not-allowed' : hit.part === 'start' || hit.part === 'finish' ? 'ew-resize' : 'grab';
    } else if (r.linkHitTest(x, y, 5) >= 0) cursor = 'pointer';
    else if (y >= HEADER_HEIGHT) cursor = 'grab';
    else cursor = 'pointer';
    box.style.cursor = cursor;
    setOverHeader(y < HEADER_HEIGHT);
    const connectors = work >= 0 && linkable(work) ? work : -1;
    if (work !== hover.current.work || connectors !== hover.current.connectors) {
      hover.current = { work, connectors };
      interact();
      if (work < 0) setTooltip(undefined);
      else {
        const dates = `${formatMinutes(base.planStart[work]!, true)} – ${formatMinutes(base.planFinish[work]!, true)}`;
        const refusal = refusalText(work);
        setTooltip(`${label(work)}\n${dates}\n${figures(work)}${refusal ? `\n${refusal}` : ''}`);
      }
    }
  };

  const onPointerLeave = () => {
    if (!gesture.current && hover.current.work >= 0) {
      hover.current = { work: -1, connectors: -1 };
      interact();
    }
  };

  return { tooltip, overHeader, hoverAt, onPointerLeave };
}
