import type { EChartsCoreOption } from 'echarts/core';

/**
 * The options of the analytics charts (docs/product-rules.md, "Analytics"), the same on screen and on
 * paper: the browser draws them on a canvas, the server as SVG into a PDF. Plain data in, an ECharts option
 * out; colours, texts and number formats are the caller's (the screen's theme, the caller's language).
 */
export interface ChartPalette {
  plan: string;
  approved: string;
  fact: string;
  text: string;
  grid: string;
}

/** The palette on paper (the light theme's). */
export const PAPER_PALETTE: ChartPalette = {
  plan: '#2f5bea',
  approved: '#5d6473',
  fact: '#178a4c',
  text: '#5d6473',
  grid: '#e2e5ea',
};

export interface ChartTexts {
  /** A message by id, in the reader's language. */
  t: (id: string) => string;
  /** A number as the reader writes it (`—` for none). */
  num: (value: number | null | undefined) => string;
  /** A `YYYY-MM-DD` day as the reader writes it. */
  day: (iso: string) => string;
}

/** One period of an S-curve: its amounts and running totals (the fact none after the data date). */
export interface SCurvePeriod {
  start: string;
  plan: number;
  fact: number | null;
  planTotal: number;
  approvedTotal: number;
  factTotal: number | null;
}

const axis = (palette: ChartPalette) => ({
  axisLabel: { color: palette.text },
  axisLine: { lineStyle: { color: palette.grid } },
  splitLine: { lineStyle: { color: palette.grid } },
});

/** The label of a period's start: a day, or the month and year of a longer period. */
function periodLabel(start: string, period: string, texts: ChartTexts) {
  if (period === 'day' || period === 'week') return texts.day(start);
  if (period === 'year') return start.slice(0, 4);
  return `${start.slice(5, 7)}.${start.slice(0, 4)}`;
}

/**
 * The S-curve: plan and fact of each period as bars (left axis) and the running totals of plan, approved
 * plan and fact as lines (right axis), the fact stopping at the data date.
 */
export function sCurveOption(
  series: { period: string; periods: readonly SCurvePeriod[] },
  palette: ChartPalette,
  texts: ChartTexts,
): EChartsCoreOption {
  const { t } = texts;
  const x = series.periods.map((p) => periodLabel(p.start, series.period, texts));
  const line = (name: string, data: (number | null)[], color: string, dashed = false) => ({
    name,
    type: 'line',
    yAxisIndex: 1,
    data,
    showSymbol: data.length < 60,
    lineStyle: { color, width: 2, type: dashed ? 'dashed' : 'solid' },
    itemStyle: { color },
  });
  const bar = (name: string, data: (number | null)[], color: string) => ({
    name,
    type: 'bar',
    data,
    itemStyle: { color, opacity: 0.35 },
    barMaxWidth: 18,
  });
  const of = (pick: (p: SCurvePeriod) => number | null) => series.periods.map(pick);
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => texts.num(v) },
    legend: { type: 'scroll', bottom: 0, itemGap: 16, textStyle: { color: palette.text } },
    grid: { left: 56, right: 56, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: x, ...axis(palette) },
    yAxis: [
      { type: 'value', ...axis(palette) },
      { type: 'value', ...axis(palette), splitLine: { show: false } },
    ],
    series: [
      bar(
        t('analytics.line.plan'),
        of((p) => p.plan),
        palette.plan,
      ),
      bar(
        t('analytics.line.fact'),
        of((p) => p.fact),
        palette.fact,
      ),
      line(
        t('analytics.line.plan_total'),
        of((p) => p.planTotal),
        palette.plan,
      ),
      line(
        t('analytics.line.approved_total'),
        of((p) => p.approvedTotal),
        palette.approved,
        true,
      ),
      line(
        t('analytics.line.fact_total'),
        of((p) => p.factTotal),
        palette.fact,
      ),
    ],
  };
}

/** A row of a breakdown chart: its label (none: the `other` text), plan and fact. */
export interface BarsRow {
  label: string | null;
  plan: number;
  fact: number;
}

/** Horizontal bars of plan and fact by row (the largest plan on top). */
export function barsOption(
  rows: readonly BarsRow[],
  palette: ChartPalette,
  texts: ChartTexts,
  other: string,
): EChartsCoreOption {
  const { t } = texts;
  const names = rows.map((r) => r.label ?? other).reverse();
  const values = (pick: (r: BarsRow) => number) => rows.map(pick).reverse();
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => texts.num(v),
    },
    legend: { bottom: 0, textStyle: { color: palette.text } },
    grid: { left: 16, right: 24, top: 8, bottom: 40, containLabel: true },
    xAxis: { type: 'value', ...axis(palette) },
    yAxis: {
      type: 'category',
      data: names,
      ...axis(palette),
      axisLabel: { color: palette.text, width: 160, overflow: 'truncate' },
    },
    series: [
      {
        name: t('analytics.line.plan'),
        type: 'bar',
        data: values((r) => r.plan),
        itemStyle: { color: palette.plan },
      },
      {
        name: t('analytics.line.fact'),
        type: 'bar',
        data: values((r) => r.fact),
        itemStyle: { color: palette.fact },
      },
    ],
  };
}

/** The height a bars chart of `rows` rows wants. */
export const barsHeight = (rows: number) => Math.max(160, 56 + rows * 34);
