import type { ScaleLevel } from '@takt/gantt';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Loaded } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { GanttView } from '../schedule/gantt/timeline';
import { dayText, quantityText } from './format';
import { type HistogramColors, type HistogramSeries, histogramDraw } from './histogram-draw';
import { LevelingDialog } from './LevelingDialog';
import './schedule-resources.css';
import { CompactSelect } from '../../components/compact-select';

type Histogram = RouterOutputs['resources']['histogram'];
type Period = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** Histogram periods for the Gantt's zoom: a bar stays a few pixels wide at least. */
const PERIOD_OF_LEVEL: Record<ScaleLevel, Period> = {
  day: 'day',
  week: 'day',
  month: 'week',
  quarter: 'month',
  year: 'month',
};
const ALL = '*';

/** The legend's keys: the three kinds of dates, then (not in the cumulative view) availability and overload. */
const HISTOGRAM_KEYS = [
  { key: 'approved', label: 'gantt.kind.approved_plan' },
  { key: 'plan', label: 'gantt.kind.plan' },
  { key: 'fact', label: 'gantt.kind.fact' },
  { key: 'availability', label: 'histogram.availability' },
  { key: 'over', label: 'histogram.over_allocated' },
] as const;

function seriesOf(h: Histogram, rowId: string, cumulative: boolean): HistogramSeries {
  const n = h.periodCount;
  const rows = rowId === ALL ? h.rows.map((_, g) => g) : [h.rows.findIndex((r) => r.id === rowId)];
  const sum = (values: number[]) =>
    Array.from({ length: n }, (_, p) => rows.reduce((total, g) => total + (values[g * n + p] ?? 0), 0));
  const one = rows.length === 1 ? rows[0]! : -1;
  return {
    starts: h.periodStartDays.map((day) => day * 1440),
    plan: sum(cumulative ? h.planCumulative : h.plan),
    approved: sum(cumulative ? h.approvedCumulative : h.approved),
    fact: sum(cumulative ? h.factCumulative : h.fact),
    availability: one >= 0 && h.availability ? h.availability.slice(one * n, (one + 1) * n) : null,
    overAllocated: one >= 0 && h.overAllocated ? h.overAllocated.slice(one * n, (one + 1) * n) : null,
  };
}

function cssColors(element: HTMLElement): HistogramColors {
  const style = getComputedStyle(element);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return {
    plan: v('--accent'),
    approved: v('--border-strong'),
    fact: v('--ok'),
    over: v('--danger'),
    availability: v('--warn'),
    grid: v('--border'),
    text: v('--text-muted'),
  };
}

/**
 * The resource histogram under the Gantt: the legend and controls go under the grid, the chart
 * under the timeline on its time axis (it follows zoom and pan). Plan, approved plan and fact per period,
 * the availability, over-allocated periods marked; or the cumulative S-curves. Leveling starts here.
 */
export function useResourceHistogram({
  open,
  view,
  versionId,
  readOnly,
  hoursPerDay,
  onChanged,
}: {
  open: boolean;
  view: GanttView;
  versionId: string | undefined;
  readOnly: boolean;
  hoursPerDay: number;
  onChanged: () => void;
}): { legend: ReactNode; chart: ReactNode } {
  const t = useT();
  const { spaceId } = useSpace();
  const [rowId, setRowId] = useState<string>('');
  const [measure, setMeasure] = useState<'quantity' | 'cost'>('quantity');
  const [cumulative, setCumulative] = useState(false);
  const [leveling, setLeveling] = useState(false);
  const period = PERIOD_OF_LEVEL[view.level ?? 'week'];
  const query = trpc.resources.histogram.useQuery(
    { spaceId, versionId: versionId ?? '', period, measure, groupBy: 'resource' },
    { enabled: open && !!versionId, placeholderData: keepPreviousData },
  );
  const h = query.data;
  const rows = h?.rows ?? [];
  const selected = rowId === ALL || rows.some((r) => r.id === rowId) ? rowId : (rows[0]?.id ?? '');
  const series = useMemo(
    () => (h && selected ? seriesOf(h, selected, cumulative) : null),
    [h, selected, cumulative],
  );
  const unit = rows.find((r) => r.id === selected)?.unit ?? '';
  const over = (h?.overAllocations ?? []).filter((o) => selected === ALL || o.resourceId === selected);

  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const box = host.current;
    if (!open || !element || !box || !series) return;
    const draw = () => {
      const scale = view.scale.current;
      const context = element.getContext('2d');
      if (!scale || !context) return;
      const ratio = window.devicePixelRatio || 1;
      const width = box.clientWidth;
      const height = box.clientHeight;
      if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
        element.width = Math.round(width * ratio);
        element.height = Math.round(height * ratio);
        element.style.width = `${width}px`;
        element.style.height = `${height}px`;
      }
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      histogramDraw(context, width, height, scale, series, cumulative, cssColors(box), (value) =>
        `${quantityText(value, 1)} ${measure === 'cost' ? '' : unit}`.trim(),
      );
      element.dataset.ready = 'true';
    };
    let frame = 0;
    const request = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    };
    request();
    const stop = view.scale.listen(request);
    const observer = new ResizeObserver(request);
    observer.observe(box);
    return () => {
      stop();
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [open, series, cumulative, view.scale, unit, measure]);

  if (!open) return { legend: null, chart: null };
  const legend = (
    <section className="histogram-legend" aria-label={t('histogram.title')} data-testid="histogram-legend">
      <div className="histogram-controls">
        <strong className="histogram-title">{t('histogram.title')}</strong>
        <CompactSelect
          aria-label={t('histogram.resource')}
          value={selected}
          onChange={setRowId}
          data-testid="histogram-resource"
          options={[
            ...(measure === 'cost' && rows.length > 1
              ? [{ value: ALL, label: t('histogram.all_resources') }]
              : []),
            ...rows.map((r) => ({ value: r.id, label: r.label })),
          ]}
        />
        <CompactSelect
          aria-label={t('histogram.measure')}
          value={measure}
          onChange={setMeasure}
          options={[
            { value: 'quantity', label: t('histogram.measure.quantity') },
            { value: 'cost', label: t('histogram.measure.cost') },
          ]}
        />
        <label className="check">
          <input type="checkbox" checked={cumulative} onChange={(e) => setCumulative(e.target.checked)} />
          <span>{t('histogram.cumulative')}</span>
        </label>
        <Button
          disabled={readOnly || rows.length === 0}
          onClick={() => setLeveling(true)}
          data-testid="histogram-level"
        >
          {t('leveling.open')}
        </Button>
      </div>
      <ul className="histogram-keys">
        {(cumulative ? HISTOGRAM_KEYS.slice(0, 3) : HISTOGRAM_KEYS).map(({ key, label }) => (
          <li key={key}>
            <i className={`key key-${key}`} /> {t(label)}
          </li>
        ))}
        <li className="histogram-period">{t(`gantt.scale.${period}`)}</li>
      </ul>
      <Loaded loading={query.isLoading} empty={rows.length === 0 && t('histogram.empty')}>
        {over.length > 0 ? (
          <ul className="histogram-over" data-testid="histogram-over">
            {over.slice(0, 4).map((o) => (
              <li key={`${o.resourceId}:${o.from}`}>
                <Badge tone="warn">{t('histogram.over')}</Badge>{' '}
                {t('histogram.over_line', {
                  from: dayText(o.from),
                  until: dayText(o.until),
                  demand: quantityText(o.peakDemand),
                  available: quantityText(o.available),
                  unit: rows.find((r) => r.id === o.resourceId)?.unit ?? '',
                })}
              </li>
            ))}
            {over.length > 4 && <li>{t('histogram.over_more', { count: over.length - 4 })}</li>}
          </ul>
        ) : (
          <p className="muted" data-testid="histogram-fits">
            {t('histogram.fits')}
          </p>
        )}
      </Loaded>
      {leveling && versionId && (
        <LevelingDialog
          versionId={versionId}
          resourceIds={selected && selected !== ALL ? [selected] : undefined}
          hoursPerDay={hoursPerDay}
          onClose={() => setLeveling(false)}
          onApplied={() => {
            setLeveling(false);
            void query.refetch();
            onChanged();
          }}
        />
      )}
    </section>
  );
  const chart = (
    <div className="histogram-chart" ref={host} data-testid="histogram-chart">
      <canvas ref={canvas} aria-label={t('histogram.title')} role="img" />
    </div>
  );
  return { legend, chart };
}
