import { ANALYTICS_LEVELS, DASHBOARD_WIDGETS, type DashboardWidget } from '@takt/contracts';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { fetchFile, fileNameOf, saveBlob } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { DashboardWidgets, downloadWorkbook, widgetsFor } from './Dashboard';
import { SaveChartsContext } from './echart';
import type { DashboardScope } from './scope';
import './analytics.css';

const FORMATS = ['pdf', 'png', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];

/** `{level}.{id}` or `{level}.{id}.{widget}`: the scope, and the one widget when it names one. */
function parseValue(value: string): { scope: DashboardScope; widget: DashboardWidget | null } | null {
  const [level, id, widget] = value.split('.');
  if (!level || !id || !(ANALYTICS_LEVELS as readonly string[]).includes(level)) return null;
  if (widget !== undefined && !(DASHBOARD_WIDGETS as readonly string[]).includes(widget)) return null;
  return {
    scope: { level: level as DashboardScope['level'], id },
    widget: (widget as DashboardWidget | undefined) ?? null,
  };
}

/** Downloads the server's PDF of the widgets (the charts drawn as here, the figures as tables). */
async function downloadPdf(spaceId: string, scope: DashboardScope, widgets: readonly DashboardWidget[]) {
  const got = await fetchFile(
    `/api/v1/space/${spaceId}/analytics/${scope.level}/${scope.id}/print?widgets=${widgets.join(',')}`,
    {},
  );
  if (got) saveBlob(got.blob, fileNameOf(got.response) ?? 'Takt analytics.pdf');
}

/**
 * The print view of analytics (`analytics/print/{value}/{format}`): a dashboard or one of its widgets
 * laid out for paper, then — once every figure has arrived — downloaded as a PDF the server prints (the
 * browser's own print dialog is a button away), saved chart by chart as PNG images, or downloaded as an
 * Excel workbook.
 */
export function AnalyticsPrintPage() {
  const t = useT();
  const { spaceId } = useSpace();
  const params = useParams<{ value: string; format: string }>();
  const parsed = parseValue(params.value ?? '');
  const format = (FORMATS as readonly string[]).includes(params.format ?? '')
    ? (params.format as Format)
    : null;
  const presets = trpc.analytics.presets.list.useQuery({ spaceId });
  const fetching = useIsFetching();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const layout = presets.data?.dashboard.layout;
  const widgets =
    parsed && layout ? (parsed.widget ? [parsed.widget] : widgetsFor(parsed.scope, layout)) : [];
  const ready = !!layout && fetching === 0;

  useEffect(() => {
    if (!ready || started.current || !parsed || !format) return;
    started.current = true;
    if (format === 'xlsx') void downloadWorkbook(spaceId, parsed.scope, widgets).then(() => setDone(true));
    else if (format === 'pdf') void downloadPdf(spaceId, parsed.scope, widgets).then(() => setDone(true));
    else setDone(true);
  }, [ready, parsed, format, spaceId, widgets]);

  if (!parsed || !format) return <Empty>{t('analytics.print_unknown')}</Empty>;
  if (!layout) return <Spinner />;
  return (
    <div className="page analytics-print" data-testid="analytics-print" data-ready={done ? 'true' : 'false'}>
      <div className="analytics-print-tools">
        <Link href={parsed.scope.level === 'space' ? '/home' : '/'} className="btn btn-secondary">
          {t('analytics.print_back')}
        </Link>
        {format === 'pdf' && (
          <Button variant="primary" onClick={() => window.print()}>
            {t('analytics.print')}
          </Button>
        )}
        {done && <span className="analytics-note">{t('analytics.print_saved')}</span>}
      </div>
      {format === 'xlsx' ? (
        <p className="analytics-note">{t('analytics.print_xlsx')}</p>
      ) : (
        <SaveChartsContext.Provider value={format === 'png' && ready}>
          <DashboardWidgets scope={parsed.scope} layout={layout} widgets={widgets} />
        </SaveChartsContext.Provider>
      )}
    </div>
  );
}
