import { DASHBOARD_WIDGETS, type DashboardLayout, type DashboardWidget } from '@takt/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { CompactSelect } from '../../components/compact-select';
import { FormDialog } from '../../components/dialog';
import { Button, Checkbox, IconButton, SelectField, Spinner, Switch, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { fetchFile, fileNameOf, saveBlob } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { CurvesDialog, curveOfChoice, useCurveChoices } from './curves';
import type { DashboardScope } from './scope';
import { BreakdownWidget, CumulativeWidget, ProjectsWidget, VolumeWidget } from './widgets-charts';
import { DeadlinesWidget, IndicatorsWidget, ProgressWidget, RankingWidget } from './widgets-tables';
import './analytics.css';

type Presets = RouterOutputs['analytics']['presets']['list'];

/** The widgets that span the whole width of the dashboard. */
const WIDE: ReadonlySet<DashboardWidget> = new Set(['indicators', 'cumulative', 'projects']);

/** The widgets that mean something only across several projects or schedules. */
const ACROSS: ReadonlySet<DashboardWidget> = new Set(['ranking', 'projects']);

/** The layout's widgets that mean something for the scope: one schedule leaves out those that compare projects. */
export function widgetsFor(scope: DashboardScope, layout: DashboardLayout): DashboardWidget[] {
  const single = scope.level === 'schedule' || scope.level === 'version';
  return layout.widgets.filter((w) => !(single && ACROSS.has(w)));
}

/** The print route of a dashboard or one of its widgets (`analytics/print/{value}/{format}`). */
export function printPath(
  scope: DashboardScope,
  widget: DashboardWidget | null,
  format: 'pdf' | 'png' | 'xlsx',
) {
  return `/analytics/print/${[scope.level, scope.id, widget].filter(Boolean).join('.')}/${format}`;
}

/** Downloads the widgets' figures as an Excel workbook (a sheet per widget). */
export async function downloadWorkbook(
  spaceId: string,
  scope: DashboardScope,
  widgets: readonly DashboardWidget[],
) {
  const got = await fetchFile(
    `/api/v1/space/${spaceId}/analytics/${scope.level}/${scope.id}/export?widgets=${widgets.join(',')}`,
    {},
  );
  if (got) saveBlob(got.blob, fileNameOf(got.response) ?? 'Takt analytics.xlsx');
}

function widgetOf(widget: DashboardWidget, scope: DashboardScope, layout: DashboardLayout): ReactNode {
  // The S-curves open anew with what a saved layout chooses.
  const opening = `${layout.measure}|${layout.period}|${layout.curve ?? ''}`;
  switch (widget) {
    case 'indicators':
      return <IndicatorsWidget scope={scope} />;
    case 'progress':
      return <ProgressWidget scope={scope} />;
    case 'cumulative':
      return (
        <CumulativeWidget
          key={opening}
          scope={scope}
          measure={layout.measure}
          period={layout.period}
          curve={layout.curve}
        />
      );
    case 'cost':
      return (
        <CumulativeWidget
          key={opening}
          scope={scope}
          measure="cost"
          period={layout.period}
          curve={layout.curve}
          fixedMeasure
        />
      );
    case 'deadlines':
      return <DeadlinesWidget scope={scope} />;
    case 'projects':
      return <ProjectsWidget scope={scope} />;
    case 'ranking':
      return <RankingWidget scope={scope} initial={layout.ranking} />;
    case 'breakdown':
      return <BreakdownWidget scope={scope} initial={layout.breakdown} />;
    case 'volume':
      return <VolumeWidget scope={scope} />;
  }
}

/**
 * The analytics dashboard of a scope (an EPS node's analytics tab, the home screen): the widgets of the
 * member's dashboard — their active own preset, else the space's active shared one, else all — each in a
 * card; a schedule or a version leaves out the widgets that compare projects. The presets are chosen and
 * arranged from its toolbar.
 */
export function Dashboard({ scope, title }: { scope: DashboardScope; title?: ReactNode }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const presets = trpc.analytics.presets.list.useQuery({ spaceId });
  const [editing, setEditing] = useState(false);
  const [curves, setCurves] = useState(false);
  if (!presets.data) return <Spinner />;
  const { layout } = presets.data.dashboard;
  const widgets = widgetsFor(scope, layout);
  return (
    <div className="analytics-dashboard" data-testid="analytics-dashboard">
      <div className="analytics-toolbar">
        {title && <h3 className="analytics-title">{title}</h3>}
        <PresetPicker data={presets.data} />
        <Button variant="secondary" onClick={() => setEditing(true)} data-testid="dashboard-customize">
          {t('analytics.customize')}
        </Button>
        {can('analytics.manage') && (
          <Button variant="secondary" onClick={() => setCurves(true)} data-testid="dashboard-curves">
            {t('analytics.curves')}
          </Button>
        )}
        <Link
          href={printPath(scope, null, 'pdf')}
          className="btn btn-secondary"
          data-testid="dashboard-print"
        >
          {t('analytics.print')}
        </Link>
        <Button
          variant="secondary"
          onClick={() => downloadWorkbook(spaceId, scope, widgets)}
          data-testid="dashboard-xlsx"
        >
          {t('analytics.excel')}
        </Button>
      </div>
      <DashboardWidgets scope={scope} layout={layout} widgets={widgets} />
      {editing && <LayoutDialog data={presets.data} onClose={() => setEditing(false)} />}
      {curves && <CurvesDialog onClose={() => setCurves(false)} />}
    </div>
  );
}

/** The widgets of a dashboard, each in a card (the dashboard and its print view). */
export function DashboardWidgets({
  scope,
  layout,
  widgets,
}: {
  scope: DashboardScope;
  layout: DashboardLayout;
  widgets: readonly DashboardWidget[];
}) {
  const t = useT();
  return (
    <div className="analytics-grid">
      {widgets.map((widget) => (
        <section
          key={widget}
          className={`card analytics-card${WIDE.has(widget) ? ' analytics-card-wide' : ''}`}
          data-testid={`widget-${widget}`}
        >
          <h3 className="analytics-card-title">{t(`analytics.widget.${widget}`)}</h3>
          {widgetOf(widget, scope, layout)}
        </section>
      ))}
    </div>
  );
}

/** The presets a member may choose between: the default, the space's shared ones and their own. */
function PresetPicker({ data }: { data: Presets }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const setActive = trpc.analytics.presets.setActive.useMutation({
    onSuccess: (next) => utils.analytics.presets.list.setData({ spaceId }, next),
  });
  if (!data.presets.length) return null;
  const current = data.dashboard.presetId ?? '';
  const choose = (presetId: string) => {
    if (presetId) setActive.mutate({ spaceId, presetId, active: true });
    else {
      // Back to the shared dashboard (or the default): the member's own active preset is set aside.
      const own = data.presets.find((p) => p.active && !p.shared);
      if (own) setActive.mutate({ spaceId, presetId: own.id, active: false });
    }
  };
  return (
    <CompactSelect
      aria-label={t('analytics.preset')}
      value={current}
      onChange={choose}
      data-testid="dashboard-preset"
      options={[
        { value: '', label: t('analytics.preset_default') },
        ...data.presets.map((p) => ({
          value: p.id,
          label: p.shared ? t('analytics.preset_shared', { name: p.name }) : p.name,
        })),
      ]}
    />
  );
}

/**
 * Arranges a dashboard: which widgets it shows and in what order, saved as the member's own preset (the
 * one they have open, or a new one) or — for whoever manages analytics — as a new shared one.
 */
function LayoutDialog({ data, onClose }: { data: Presets; onClose: () => void }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const open = data.presets.find((p) => p.id === data.dashboard.presetId);
  const editable = open && (!open.shared || can('analytics.manage')) ? open : undefined;
  const [name, setName] = useState(editable?.name ?? t('analytics.my_dashboard'));
  const [shared, setShared] = useState(editable?.shared ?? false);
  const [order, setOrder] = useState<DashboardWidget[]>([
    ...data.dashboard.layout.widgets,
    ...DASHBOARD_WIDGETS.filter((w) => !data.dashboard.layout.widgets.includes(w)),
  ]);
  const [shown, setShown] = useState(new Set(data.dashboard.layout.widgets));
  const [curve, setCurve] = useState(data.dashboard.layout.curve ?? '');
  const curves = useCurveChoices();
  const done = async () => {
    await utils.analytics.presets.list.invalidate({ spaceId });
    onClose();
  };
  const save = trpc.analytics.presets.save.useMutation({
    onSuccess: done,
    onError: (e) => notify('error', [e.message]),
  });
  const remove = trpc.analytics.presets.delete.useMutation({ onSuccess: done });
  const move = (index: number, delta: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item!);
    setOrder(next);
  };
  const submit = () =>
    save.mutate({
      spaceId,
      presetId: editable?.id,
      revision: editable?.revision,
      name,
      shared,
      layout: {
        ...data.dashboard.layout,
        widgets: order.filter((w) => shown.has(w)),
        curve: curveOfChoice(curve),
      },
    });
  return (
    <FormDialog
      title={t('analytics.customize')}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="dashboard-layout-dialog"
    >
      <TextField label={t('analytics.preset_name')} value={name} onChange={setName} maxLength={32} />
      {can('analytics.manage') && !editable && (
        <Switch label={t('analytics.preset_share')} checked={shared} onChange={setShared} />
      )}
      <SelectField
        label={t('analytics.curve')}
        value={curve}
        onChange={setCurve}
        options={curves}
        data-testid="layout-curve"
      />
      <ol className="analytics-layout-list">
        {order.map((widget, index) => (
          <li key={widget}>
            <Checkbox
              label={t(`analytics.widget.${widget}`)}
              checked={shown.has(widget)}
              onChange={(on) => {
                const next = new Set(shown);
                if (on) next.add(widget);
                else next.delete(widget);
                setShown(next);
              }}
            />
            <IconButton label={t('analytics.move_up')} disabled={index === 0} onClick={() => move(index, -1)}>
              ↑
            </IconButton>
            <IconButton
              label={t('analytics.move_down')}
              disabled={index === order.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </IconButton>
          </li>
        ))}
      </ol>
      {editable && (
        <Button variant="danger" onClick={() => remove.mutate({ spaceId, presetId: editable.id })}>
          {t('analytics.preset_delete')}
        </Button>
      )}
    </FormDialog>
  );
}
