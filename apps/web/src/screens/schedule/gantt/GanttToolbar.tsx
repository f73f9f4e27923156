import { PLAN_KINDS } from '@takt/contracts';
import type { PlanKind, ScaleLevel } from '@takt/gantt';
import { useT } from '../../../lib/i18n';
import { useAppState } from '../../../state/app-state';
import './gantt.css';
import type { GanttView } from './timeline';

// The levels of capabilities (the order of @takt/gantt's SCALE_LEVELS; only types are imported here, so the
// toolbar does not pull the engine into the app's first chunk).
const LEVELS: readonly ScaleLevel[] = ['day', 'week', 'month', 'quarter', 'year'];

/** Scale levels, zoom, fit, jumps and plan kinds of the timeline. */
export function GanttToolbar({ view, disabled }: { view: GanttView; disabled: boolean }) {
  const t = useT();
  const cursorDay = useAppState((s) => s.activitySelectedDay);
  const run = (command: (c: NonNullable<GanttView['commands']['current']>) => void) => () => {
    if (view.commands.current) command(view.commands.current);
  };
  return (
    <div className="gantt-toolbar" role="toolbar" aria-label={t('gantt.toolbar')} data-testid="gantt-toolbar">
      <fieldset className="gantt-segment" aria-label={t('gantt.scale')} disabled={disabled}>
        {LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            className="gantt-segment-button"
            aria-pressed={view.level === level}
            onClick={run((c) => c.zoomToLevel(level))}
            data-testid={`gantt-scale-${level}`}
            data-text={t(`gantt.scale.${level}`)}
          >
            {t(`gantt.scale.${level}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="gantt-segment" disabled={disabled}>
        <button
          type="button"
          className="gantt-segment-button"
          aria-label={t('gantt.zoom_out')}
          title={`${t('gantt.zoom_out')} (−)`}
          onClick={run((c) => c.zoomBy(1 / 1.6))}
          data-testid="gantt-zoom-out"
        >
          −
        </button>
        <button
          type="button"
          className="gantt-segment-button"
          aria-label={t('gantt.zoom_in')}
          title={`${t('gantt.zoom_in')} (+)`}
          onClick={run((c) => c.zoomBy(1.6))}
          data-testid="gantt-zoom-in"
        >
          +
        </button>
        <button
          type="button"
          className="gantt-segment-button"
          onClick={run((c) => c.fit())}
          data-testid="gantt-fit"
        >
          {t('gantt.fit')}
        </button>
      </fieldset>
      <fieldset className="gantt-segment" aria-label={t('gantt.go_to')} disabled={disabled}>
        <button type="button" className="gantt-segment-button" onClick={run((c) => c.goTo('today'))}>
          {t('gantt.today')}
        </button>
        <button type="button" className="gantt-segment-button" onClick={run((c) => c.goTo('data_date'))}>
          {t('gantt.data_date')}
        </button>
        <button type="button" className="gantt-segment-button" onClick={run((c) => c.goTo('selected'))}>
          {t('gantt.selected_work')}
        </button>
        <button
          type="button"
          className="gantt-segment-button gantt-go-cursor"
          onClick={run((c) => c.goTo('cursor'))}
          disabled={!cursorDay}
          title={cursorDay ? undefined : t('gantt.cursor.set')}
          data-testid="gantt-go-cursor"
        >
          {t('gantt.cursor')}
        </button>
      </fieldset>
      <fieldset className="gantt-segment" aria-label={t('gantt.kinds')} disabled={disabled}>
        {(PLAN_KINDS as readonly PlanKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className={`gantt-segment-button gantt-kind gantt-kind-${kind}`}
            aria-pressed={view.kinds[kind]}
            onClick={() => view.setKinds({ ...view.kinds, [kind]: !view.kinds[kind] })}
            data-testid={`gantt-kind-${kind}`}
            data-text={t(`gantt.kind.${kind}`)}
          >
            {t(`gantt.kind.${kind}`)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
