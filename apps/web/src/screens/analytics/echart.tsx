import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ECElementEvent, type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { createContext, useContext, useEffect, useRef } from 'react';
import { IconButton } from '../../components/ui';
import { saveUrl } from '../../lib/download';
import { useT } from '../../lib/i18n';

// Only the parts the dashboards draw, so that the analytics chunk carries no more of ECharts than it needs.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The theme's colours for charts (the CSS variables of the light or the dark theme). */
export function chartColors() {
  const css = getComputedStyle(document.documentElement);
  const value = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    plan: value('--accent', '#2f5bea'),
    approved: value('--text-muted', '#5d6473'),
    fact: value('--ok', '#178a4c'),
    late: value('--danger', '#d92d3a'),
    text: value('--text-muted', '#5d6473'),
    grid: value('--border', '#e2e5ea'),
  };
}

/**
 * One ECharts chart on a canvas: made once, given each new `option` whole (`notMerge`), resized with its
 * box, disposed with the component. `onClick` gets the clicked element (a bar, a point) for a drill-down.
 */
export function EChart({
  option,
  height = 260,
  label,
  onClick,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
  onClick?: (event: ECElementEvent) => void;
  testId?: string;
}) {
  const t = useT();
  const autoSave = useContext(SaveChartsContext);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const made = init(element, undefined, { renderer: 'canvas' });
    chart.current = made;
    const observer = new ResizeObserver(() => made.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
    // A print route asking for images saves each chart once it is drawn.
    if (autoSave && chart.current) saveChart(chart.current, label);
  }, [option, autoSave, label]);
  useEffect(() => {
    const made = chart.current;
    if (!made || !onClick) return;
    made.on('click', onClick);
    return () => {
      made.off('click', onClick);
    };
  }, [onClick]);
  return (
    <div className="echart-frame">
      <div
        ref={host}
        className="echart"
        style={{ height }}
        role="img"
        aria-label={label}
        data-testid={testId}
      />
      <IconButton
        className="echart-save"
        label={t('analytics.save_png')}
        onClick={() => chart.current && saveChart(chart.current, label)}
      >
        PNG
      </IconButton>
    </div>
  );
}

/** Set by a print route that turns every chart it shows into a PNG file. */
export const SaveChartsContext = createContext(false);

/** Saves a chart as a PNG named by its label, on a white ground at twice its pixels. */
function saveChart(chart: ECharts, label: string) {
  saveUrl(chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }), `${label}.png`);
}
