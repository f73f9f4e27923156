import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DownloadButton } from '../../components/download-button';
import { Badge, Button, PageHeader, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { exportPath } from './api';
import { ComparePanel } from './ComparePanel';
import { Chapters } from './EstimateChapters';
import { CoefficientsPanel, CompliancePanel } from './EstimatePanels';
import { TreeGrid } from './EstimateTree';
import { money } from './format';
import './estimates.css';

type Pane = 'tree' | 'coefficients' | 'compliance' | 'compare';

/**
 * An estimate (route /estimates/{id}): its tree of sections and lines with totals, the coefficients and the
 * order they apply in, and the compliance view — which works of a schedule version each line feeds.
 */
export function EstimatePage({ params }: { params: { id: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const estimateId = params.id;
  const view = trpc.estimates.get.useQuery({ spaceId, estimateId });
  const utils = trpc.useUtils();
  const refresh = () => utils.estimates.get.invalidate({ spaceId, estimateId });
  const recalculate = trpc.estimates.recalculate.useMutation({ onSuccess: () => refresh() });
  const newVersion = trpc.estimates.newVersion.useMutation({
    onSuccess: (v) => navigate(`/estimates/${v.estimate.id}`),
  });
  const [pane, setPane] = useState<Pane>('tree');
  const [selected, setSelected] = useState<string | null>(null);
  if (view.isLoading || !view.data) return <Spinner />;
  const data = view.data;
  const e = data.estimate;
  const edit = can('estimates.edit');
  return (
    <div className="estimate-page" data-testid="estimate-page">
      <PageHeader
        title={`${e.code ? `${e.code} ` : ''}${e.name}`}
        subtitle={
          <>
            <Badge>{t(`estimates.kind.${e.kind}`)}</Badge> {e.nodeName} ·{' '}
            {t('estimates.version_of', { number: e.number, count: data.versions.length })}
          </>
        }
        actions={
          <>
            {data.versions.length > 1 && (
              <select
                className="input select estimate-version-select"
                aria-label={t('estimates.field.version')}
                value={e.id}
                onChange={(ev) => navigate(`/estimates/${ev.target.value}`)}
              >
                {data.versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {t('estimates.version_n', { number: v.number })}
                  </option>
                ))}
              </select>
            )}
            {edit && (
              <Button
                busy={recalculate.isPending}
                onClick={() => recalculate.mutate({ spaceId, estimateId })}
              >
                {t('estimates.recalculate')}
              </Button>
            )}
            {edit && (
              <Button busy={newVersion.isPending} onClick={() => newVersion.mutate({ spaceId, estimateId })}>
                {t('estimates.new_version')}
              </Button>
            )}
            <DownloadButton
              className="btn btn-secondary"
              path={exportPath(spaceId, estimateId, 'xlsx')}
              name={`${e.name}.xlsx`}
            >
              XLSX
            </DownloadButton>
            <DownloadButton
              className="btn btn-secondary"
              path={exportPath(spaceId, estimateId, 'pdf')}
              name={`${e.name}.pdf`}
            >
              PDF
            </DownloadButton>
            <DownloadButton
              className="btn btn-secondary"
              path={exportPath(spaceId, estimateId, 'arp')}
              name={`${e.name}.arp`}
              title={t('estimates.export_arps')}
            >
              ARPS
            </DownloadButton>
            <Link href="/estimate-directories" className="btn btn-ghost">
              {t('estimates.directories')}
            </Link>
          </>
        }
      />
      <dl className="estimate-totals" data-testid="estimate-totals">
        {(['labour', 'machines', 'materials', 'total'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`estimates.part.${k}`)}</dt>
            <dd>
              {money(data.totals[k])} {e.currency}
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('estimates.part.labourHours')}</dt>
          <dd>{money(data.totals.labourHours)}</dd>
        </div>
      </dl>
      <Tabs
        label={t('estimates.panes')}
        tabs={(['tree', 'coefficients', 'compliance', 'compare'] as const)
          .filter((p) => p !== 'compliance' || e.kind !== 'ssr')
          .filter((p) => p !== 'compare' || data.versions.length > 1)
          .map((key) => ({ key, label: t(`estimates.pane.${key}`) }))}
        active={pane}
        onChange={setPane}
      />
      {pane === 'tree' && (
        <>
          {data.chapters.length > 0 && <Chapters data={data} />}
          <TreeGrid
            data={data}
            selected={selected}
            onSelect={setSelected}
            onChanged={refresh}
            editable={edit}
          />
        </>
      )}
      {pane === 'coefficients' && (
        <CoefficientsPanel data={data} selected={selected} onChanged={refresh} editable={edit} />
      )}
      {pane === 'compliance' && <CompliancePanel data={data} editable={edit} />}
      {pane === 'compare' && data.versions.length > 1 && <ComparePanel key={e.id} data={data} />}
    </div>
  );
}
