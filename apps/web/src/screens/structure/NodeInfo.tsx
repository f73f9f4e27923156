import { DEFAULT_NODE_INFO_TAB, NODE_INFO_TABS } from '@takt/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { PlainTable } from '../../components/table';
import { Badge, Button, Empty, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { appI18n, type Translate, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { ResourceNodeTab } from '../resources/ResourceNodeTab';
import { type GalleryFile, GalleryTab } from './GalleryTab';
import { PassportSection } from './PassportSection';
import { type PlanningRow, PlanningTab } from './PlanningTab';
import { ProjectDialog } from './ProjectDialog';

/** The node's tabs: the server's info tabs, and the estimates of the node (a screen of their own). */
type Tab = (typeof NODE_INFO_TABS)[number] | 'estimates';
type Row = Record<string, unknown>;

/** The reports of the node, loaded when first opened. */
const ReportsDialog = lazy(() =>
  import('../reports/ReportsDialog').then((m) => ({ default: m.ReportsDialog })),
);

/** The estimates of the node, loaded when the tab is first shown. */
const EstimatesNodeTab = lazy(() =>
  import('../estimates/EstimatesNodeTab').then((m) => ({ default: m.EstimatesNodeTab })),
);

/** The analytics dashboard, loaded with its charting library when the tab is first shown. */
const Dashboard = lazy(() => import('../analytics/Dashboard').then((m) => ({ default: m.Dashboard })));

/** A node of the EPS tree as the structure screen lists it. */
export type EpsNode = RouterOutputs['eps']['list'][number];

/** Node info (screens and routes): one tab at a time, analytics first; every tab shows the server's real data. */
export function NodeInfo({ node, onSelect }: { node: EpsNode; onSelect?: (id: string) => void }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [tab, setTab] = useState<Tab>(DEFAULT_NODE_INFO_TAB);
  const [reports, setReports] = useState(false);
  const [card, setCard] = useState(false);
  const eps = trpc.eps.list.useQuery({ spaceId }, { enabled: card });
  // The analytics tab is the dashboard, which asks for its own figures.
  const infoTab = tab === 'estimates' ? 'node_info' : tab;
  const info = trpc.eps.info.useQuery(
    { spaceId, nodeId: node.id, tab: infoTab },
    { enabled: tab !== 'analytics' && tab !== 'estimates' },
  );
  return (
    <div className="node-info" data-testid="node-info">
      <header className="node-info-header">
        <div>
          <div className="node-info-kind">{t(`eps.kind.${node.kind}`)}</div>
          <h2 className="node-info-title">{node.name}</h2>
        </div>
        {node.kind === 'schedule' && (
          <Link href={`/schedule/${node.id}`} className="btn btn-primary">
            {t('eps.open_schedule')}
          </Link>
        )}
        {node.kind === 'project' && (
          <Link href={`/grid/${node.id}`} className="btn btn-secondary" data-testid="open-grid-schedule">
            {t('grid_schedule.open_grid')}
          </Link>
        )}
        {node.kind === 'project' && can('schedule.view') && (
          <Link href={`/pipeline/${node.id}`} className="btn btn-secondary" data-testid="open-pipeline">
            {t('pipeline.open')}
          </Link>
        )}
        {node.kind === 'project' && (
          <Button onClick={() => setCard(true)} data-testid="open-project-card">
            {t('projects.open')}
          </Button>
        )}
        {can('chat.read') && (
          <Link href={`/chat?node=${node.id}`} className="btn btn-secondary" data-testid="open-node-chat">
            {t('chat.open')}
          </Link>
        )}
        {can('schedule.view') && (
          <Button onClick={() => setReports(true)} data-testid="open-node-reports">
            {t('reports.open')}
          </Button>
        )}
      </header>
      {card && (
        <ProjectDialog
          project={node}
          projects={(eps.data ?? []).filter((n) => n.kind === 'project')}
          onClose={() => setCard(false)}
          onCopied={(id) => {
            setCard(false);
            onSelect?.(id);
          }}
        />
      )}
      {reports && (
        <Suspense fallback={null}>
          <ReportsDialog node={node} onClose={() => setReports(false)} />
        </Suspense>
      )}
      <Tabs
        label={t('node_info.tabs')}
        tabs={[
          ...NODE_INFO_TABS.map((key) => ({ key, label: t(`node_info.tab.${key}`) })),
          ...(can('estimates.view') ? [{ key: 'estimates' as const, label: t('estimates.tab') }] : []),
        ]}
        active={tab}
        onChange={setTab}
      />
      <div className="node-info-body" role="tabpanel">
        {tab === 'analytics' ? (
          <Suspense fallback={<Spinner />}>
            <Dashboard key={node.id} scope={{ level: node.kind, id: node.id }} />
          </Suspense>
        ) : tab === 'estimates' ? (
          <Suspense fallback={<Spinner />}>
            <EstimatesNodeTab nodeId={node.id} />
          </Suspense>
        ) : info.isLoading || !info.data ? (
          <Spinner />
        ) : (
          <TabContent tab={infoTab} nodeId={node.id} data={info.data.data} t={t} />
        )}
      </div>
    </div>
  );
}

const num = (value: unknown) => formatNumber(Number(value ?? 0), appI18n.locale);
const minutesAsDays = (value: unknown, t: Translate) =>
  value === null || value === undefined
    ? t('common.none')
    : t('node_info.days', { days: num(Number(value) / 480) });

function TabContent({
  tab,
  nodeId,
  data,
  t,
}: {
  tab: (typeof NODE_INFO_TABS)[number];
  nodeId: string;
  data: unknown;
  t: Translate;
}) {
  // The gallery shows its own empty state: files are added there.
  if (tab === 'gallery') return <GalleryTab nodeId={nodeId} files={(data ?? []) as GalleryFile[]} />;
  if (tab === 'node_info') {
    const d = (data ?? {}) as { path?: Row[]; descendants?: number; versions?: number };
    return (
      <dl className="node-facts">
        <dt>{t('node_info.path')}</dt>
        <dd>{(d.path ?? []).map((p) => String(p.name)).join(' / ')}</dd>
        <dt>{t('node_info.descendants')}</dt>
        <dd>{num(d.descendants)}</dd>
        <dt>{t('node_info.versions')}</dt>
        <dd>{num(d.versions)}</dd>
        <dt>{t('passport.title')}</dt>
        <dd>
          <PassportSection nodeId={nodeId} />
        </dd>
      </dl>
    );
  }
  const rows = Array.isArray(data) ? (data as Row[]) : [];
  if (rows.length === 0) return <Empty>{t(`node_info.empty.${tab}`)}</Empty>;
  if (tab === 'task_relations')
    return (
      <PlainTable
        testId="task-relations"
        heads={[
          t('relations.predecessor'),
          t('relations.successor'),
          t('relations.type'),
          t('relations.lag'),
          t('relations.free_reserve'),
          t('relations.total_reserve'),
          t('relations.critical'),
        ]}
      >
        {rows.map((r) => (
          <tr key={String(r.id)}>
            <td>
              {String(r.predecessorCode ?? '')} {String(r.predecessorName ?? '')}
            </td>
            <td>
              {String(r.successorCode ?? '')} {String(r.successorName ?? '')}
            </td>
            <td>{String(r.type).toUpperCase()}</td>
            <td>{minutesAsDays(r.lagMinutes, t)}</td>
            <td>{minutesAsDays(r.freeReserve, t)}</td>
            <td>{minutesAsDays(r.totalReserve, t)}</td>
            <td>{r.onCriticalPath ? <Badge tone="warn">{t('common.yes')}</Badge> : t('common.no')}</td>
          </tr>
        ))}
      </PlainTable>
    );
  const list = (item: (r: Row) => ReactNode) => (
    <ul className="plain-list">
      {rows.map((r) => (
        <li key={String(r.id)}>{item(r)}</li>
      ))}
    </ul>
  );
  if (tab === 'directories')
    return list((r) => (
      <>
        <Badge>{String(r.directory)}</Badge> {String(r.code ?? '')} {String(r.name)}
      </>
    ));
  if (tab === 'related_schedules')
    return list((r) => <Link href={`/schedule/${String(r.id)}`}>{String(r.name)}</Link>);
  if (tab === 'daily_planning' || tab === 'timesheets' || tab === 'assignments')
    return <ResourceNodeTab tab={tab} rows={rows} />;
  return <PlanningTab rows={rows as unknown as PlanningRow[]} />;
}
