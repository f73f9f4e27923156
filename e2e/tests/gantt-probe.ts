// The probes (charts, the schedule page's load, the charts' renderer) as the web app publishes them (their shapes are shared through @takt/contracts).
import type { CyclogramMetrics, GanttMetrics, GridLoadMetrics, RendererProbe } from '@takt/contracts';

export type { GanttBar } from '@takt/contracts';

declare global {
  interface Window {
    __taktGantt?: GanttMetrics;
    __taktCyclogram?: CyclogramMetrics;
    __taktGrid?: GridLoadMetrics;
    __taktRenderer?: RendererProbe;
  }
}
