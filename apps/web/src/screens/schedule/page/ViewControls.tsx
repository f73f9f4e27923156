import { type GridGrouping, UI_STATE_LIMITS } from '@takt/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Choice, CompactSelect } from '../../../components/compact-select';
import { Button } from '../../../components/ui';
import { attributeColumnKey } from '../../../lib/grid-columns';
import { useT } from '../../../lib/i18n';
import type { GanttView } from '../gantt/timeline';
import { ColumnChooser } from './ColumnChooser';
import { FilterBuilder } from './FilterBuilder';
import { LayoutsPanel } from './LayoutsPanel';
import type { ScheduleData } from './useScheduleData';
import { WbsGroupsDialog } from './WbsGroups';
import './views.css';

type Open = 'columns' | 'filter' | 'layouts' | null;

/** A toolbar button with the panel it opens under it; a click elsewhere or Escape closes the panel. */
function PanelButton({
  label,
  open,
  onOpen,
  active,
  testId,
  children,
}: {
  label: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  active?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      const target = e.target as Element;
      // A dialog the panel opened (the question before a saved filter is deleted) keeps it open.
      if (!root.current?.contains(target) && !target.closest?.('.modal-backdrop')) onOpen(false);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, onOpen]);
  return (
    <div className="views-anchor" ref={root}>
      <Button
        variant={active ? 'primary' : 'ghost'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => onOpen(!open)}
        data-testid={testId}
      >
        {label}
      </Button>
      {open && (
        <div className="views-popover" role="dialog" aria-label={label}>
          {children}
        </div>
      )}
    </div>
  );
}

/** The grouping as the select names it: '' none, a kind, or `attr:<id>`. */
const groupingValue = (g: GridGrouping | null | undefined) =>
  !g ? '' : g.by === 'attribute' ? attributeColumnKey(g.attributeId) : g.by;

/**
 * The schedule's view controls on its toolbar: the column chooser, the filter builder and the grouping,
 * all kept in the user's view of the schedule on the server, and the schedule's layouts.
 */
export function ViewControls({
  spaceId,
  scheduleId,
  gantt,
  data,
  filterCount,
  onWbsLevel,
}: {
  spaceId: string;
  scheduleId: string;
  /** The timeline's view: a layout keeps and applies its bars and zoom. */
  gantt: GanttView;
  data: ScheduleData;
  /** Conditions of the filter that take part. */
  filterCount: number;
  /** Shows the WBS down to a level (folds the summaries below it). */
  onWbsLevel: (level: number) => void;
}) {
  const t = useT();
  const { view, columnSettings } = data;
  const attributes = data.attributes.data ?? [];
  const [open, setOpen] = useState<Open>(null);
  const [wbsGroups, setWbsGroups] = useState(false);
  const attributeName = new Map(attributes.map((a) => [attributeColumnKey(a.id), a.name]));
  const titleOf = (key: string) => attributeName.get(key) ?? t(`grid.col.${key}` as never);
  const grouping = view.state?.grouping ?? null;
  const level = grouping?.by === 'wbs' ? grouping.level : 2;

  const groupChoices: Choice[] = [
    { value: '', label: t('views.group.none') },
    { value: 'wbs', label: t('views.group.wbs') },
    ...(['executor', 'curator', 'status', 'type'] as const).map((by) => ({
      value: by,
      label: t(`views.group.${by}`),
    })),
    ...attributes.map((a) => ({
      value: attributeColumnKey(a.id),
      label: t('views.group.attribute', { name: a.name }),
    })),
  ];
  const setGrouping = (value: string, wbsLevel = level) => {
    let next: GridGrouping | null = null;
    if (value === 'wbs') next = { by: 'wbs', level: wbsLevel };
    else if (value.startsWith('attr:')) next = { by: 'attribute', attributeId: value.slice(5) };
    else if (value) next = { by: value as 'executor' };
    view.update({ grouping: next, foldedGroups: [] });
    if (next?.by === 'wbs') onWbsLevel(next.level);
  };

  return (
    <>
      <PanelButton
        label={t('saved_layouts.menu')}
        open={open === 'layouts'}
        onOpen={(o) => setOpen(o ? 'layouts' : null)}
        testId="layouts-open"
      >
        <LayoutsPanel
          scheduleId={scheduleId}
          target={{ state: view.state, update: view.update, gantt, onWbsLevel }}
          onWbsGroups={() => {
            setOpen(null);
            setWbsGroups(true);
          }}
        />
      </PanelButton>
      {wbsGroups && <WbsGroupsDialog scheduleId={scheduleId} onClose={() => setWbsGroups(false)} />}
      <PanelButton
        label={t('views.columns')}
        open={open === 'columns'}
        onOpen={(o) => setOpen(o ? 'columns' : null)}
        testId="columns-open"
      >
        <ColumnChooser
          columns={columnSettings}
          titleOf={titleOf}
          onChange={(columns) => view.update({ columns })}
          onReset={() => view.update({ columns: undefined })}
        />
      </PanelButton>
      <PanelButton
        label={filterCount ? t('views.filter_active', { count: filterCount }) : t('views.filter')}
        active={filterCount > 0}
        open={open === 'filter'}
        onOpen={(o) => setOpen(o ? 'filter' : null)}
        testId="filter-open"
      >
        <FilterBuilder
          spaceId={spaceId}
          filter={view.state?.filter}
          onChange={(filter) => view.update({ filter })}
          attributes={attributes}
          members={data.members.data ?? []}
        />
      </PanelButton>
      <CompactSelect
        aria-label={t('views.group_by')}
        title={t('views.group_by')}
        value={groupingValue(grouping)}
        onChange={(value) => setGrouping(value)}
        options={groupChoices}
        data-testid="group-by"
      />
      {grouping?.by === 'wbs' && (
        <input
          className="input input-compact views-level"
          type="number"
          min={1}
          max={UI_STATE_LIMITS.maxWbsLevel}
          aria-label={t('views.level')}
          title={t('views.level')}
          value={level}
          onChange={(e) => {
            const next = Number(e.target.value);
            if (Number.isInteger(next) && next >= 1 && next <= UI_STATE_LIMITS.maxWbsLevel)
              setGrouping('wbs', next);
          }}
          data-testid="group-level"
        />
      )}
    </>
  );
}
