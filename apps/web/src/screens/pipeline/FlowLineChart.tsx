import type { PipelineDto } from '@takt/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';

const ROW = 26;
const LEFT = 120;
const TOP = 12;
const BOTTOM = 34;
const RIGHT = 16;
const DAY_MS = 86_400_000;

/** A colour 0xRRGGBB as CSS. */
export const cssColor = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

interface Band {
  pipeId: string;
  color: string;
  name: string;
  /** Per location row (0 = first location, drawn at the bottom): its x from and to. */
  spans: { row: number; from: number; to: number }[];
}

/**
 * The flows as they go: by the dates of their generated works once their versions were calculated, else
 * in working days from the pipeline's start.
 */
function bands(pipeline: PipelineDto): { bands: Band[]; dated: boolean } {
  const row = new Map(pipeline.locations.map((l, i) => [l.id, i]));
  const dated = pipeline.cells.some((c) => c.planStart && c.planFinish);
  const out: Band[] = pipeline.pipes.map((p) => ({
    pipeId: p.id,
    color: cssColor(p.color),
    name: p.name,
    spans: [],
  }));
  const byId = new Map(out.map((b) => [b.pipeId, b]));
  for (const cell of pipeline.cells) {
    const band = byId.get(cell.pipeId);
    const at = row.get(cell.locationId);
    if (!band || at === undefined) continue;
    if (dated) {
      if (!cell.planStart || !cell.planFinish) continue;
      band.spans.push({ row: at, from: Date.parse(cell.planStart), to: Date.parse(cell.planFinish) });
    } else band.spans.push({ row: at, from: cell.startDay, to: cell.finishDay });
  }
  return { bands: out.filter((b) => b.spans.length > 0), dated };
}

/** Round ticks over [min, max]: days (every n working days), or dates (every n calendar days). */
function ticks(min: number, max: number, dated: boolean, width: number): number[] {
  const count = Math.max(2, Math.floor(width / 90));
  const unit = dated ? DAY_MS : 1;
  const span = Math.max(unit, max - min);
  const steps = [1, 2, 5, 7, 10, 14, 20, 30, 50, 60, 100, 200, 365].map((n) => n * unit);
  const step = steps.find((s) => span / s <= count) ?? steps.at(-1)!;
  const first = Math.ceil(min / step) * step;
  const out: number[] = [];
  for (let x = first; x <= max; x += step) out.push(x);
  return out;
}

const dateLabel = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * The flow-line chart (line of balance) of a pipeline: the project's locations upwards, time to the
 * right, each flow a coloured band rising through the locations — its work at each location a bar, the
 * starts and the finishes joined into lines.
 */
export function FlowLineChart({ pipeline }: { pipeline: PipelineDto }) {
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(900);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(480, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { bands: drawn, dated } = useMemo(() => bands(pipeline), [pipeline]);
  const rows = pipeline.locations.length;
  const height = TOP + rows * ROW + BOTTOM;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const band of drawn)
    for (const s of band.spans) {
      min = Math.min(min, s.from);
      max = Math.max(max, s.to);
    }
  if (!Number.isFinite(min)) {
    min = 0;
    max = 10;
  }
  const plot = width - LEFT - RIGHT;
  const x = (value: number) => LEFT + ((value - min) / Math.max(1e-9, max - min)) * plot;
  const y = (row: number) => TOP + (rows - 1 - row) * ROW;
  return (
    <div className="pipeline-chart" ref={frame}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={t('pipeline.chart')}
        data-testid="pipeline-chart"
        data-dated={dated ? 'true' : 'false'}
      >
        {pipeline.locations.map((location, i) => (
          <g key={location.id}>
            <line className="pipeline-grid" x1={LEFT} x2={width - RIGHT} y1={y(i) + ROW} y2={y(i) + ROW} />
            <text className="pipeline-location" x={LEFT - 8} y={y(i) + ROW / 2 + 4} textAnchor="end">
              {location.name.length > 16 ? `${location.name.slice(0, 15)}…` : location.name}
            </text>
          </g>
        ))}
        {ticks(min, max, dated, plot).map((tick) => (
          <g key={tick}>
            <line className="pipeline-grid" x1={x(tick)} x2={x(tick)} y1={TOP} y2={TOP + rows * ROW} />
            <text className="pipeline-tick" x={x(tick)} y={TOP + rows * ROW + 16} textAnchor="middle">
              {dated ? dateLabel(tick) : String(tick)}
            </text>
          </g>
        ))}
        {!dated && (
          <text className="pipeline-tick" x={width - RIGHT} y={height - 2} textAnchor="end">
            {t('pipeline.axis_days')}
          </text>
        )}
        {drawn.map((band) => {
          const spans = [...band.spans].sort((a, b) => a.from - b.from);
          const starts = spans.map((s) => `${x(s.from)},${y(s.row) + ROW}`).join(' ');
          const finishes = spans.map((s) => `${x(s.to)},${y(s.row)}`).join(' ');
          return (
            <g key={band.pipeId} data-testid="pipeline-flow" data-name={band.name}>
              {spans.map((s) => (
                <rect
                  key={s.row}
                  x={x(s.from)}
                  y={y(s.row) + 3}
                  width={Math.max(2, x(s.to) - x(s.from))}
                  height={ROW - 6}
                  fill={band.color}
                  fillOpacity={0.35}
                  stroke={band.color}
                  strokeWidth={1}
                  rx={2}
                />
              ))}
              <polyline points={starts} fill="none" stroke={band.color} strokeWidth={2} />
              <polyline points={finishes} fill="none" stroke={band.color} strokeWidth={2} />
            </g>
          );
        })}
      </svg>
    </div>
  );
}
