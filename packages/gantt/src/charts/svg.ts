import * as echarts from 'echarts';
import type { EChartsCoreOption } from 'echarts/core';

/** A chart drawn as SVG without a browser (ECharts' server-side rendering), for paper. */
export function chartSvg(option: EChartsCoreOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
