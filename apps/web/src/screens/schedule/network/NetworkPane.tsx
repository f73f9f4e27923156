import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui';
import { useT } from '../../../lib/i18n';
import type { SetParam } from '../../../lib/list-search';

// The diagram brings elkjs's worker, Pixi and the layout: loaded when the view is first chosen.
const NetworkDiagram = lazy(() => import('./NetworkDiagram').then((m) => ({ default: m.NetworkDiagram })));

/** The network diagram in place of the Gantt chart, loaded on demand. */
export function NetworkPane(props: ComponentProps<typeof NetworkDiagram>) {
  return (
    <Suspense fallback={<Spinner />}>
      <NetworkDiagram {...props} />
    </Suspense>
  );
}

/** What the schedule shows beside its grid; kept in the address (`view=network`). */
export type ScheduleView = 'gantt' | 'network';

/** The view and the diagram's WBS level as the address keeps them (`network_level`, absent: by size). */
export function scheduleViewOf(search: URLSearchParams): { view: ScheduleView; level: number | null } {
  const view = search.get('view') === 'network' ? 'network' : 'gantt';
  const level = Number(search.get('network_level') ?? Number.NaN);
  return { view, level: Number.isInteger(level) && level >= 0 && level < 100 ? level : null };
}

/** The toggle between the Gantt chart and the network diagram. */
export function ScheduleViewSwitch({ view, setParam }: { view: ScheduleView; setParam: SetParam }) {
  const t = useT();
  return (
    <fieldset className="gantt-segment" aria-label={t('network.views')}>
      {(['gantt', 'network'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className="gantt-segment-button"
          aria-pressed={view === v}
          onClick={() => setParam('view', v === 'gantt' ? null : v)}
          data-testid={`view-${v}`}
        >
          {t(`network.view.${v}`)}
        </button>
      ))}
    </fieldset>
  );
}
