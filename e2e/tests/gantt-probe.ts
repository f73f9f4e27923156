// The probes (charts, the schedule page's load) as the web app publishes them (their shapes are shared through @takt/contracts).
import type { CyclogramMetrics, GanttMetrics, GridLoadMetrics } from '@takt/contracts';

export type { GanttBar } from '@takt/contracts';

declare global {
  interface Window {
    __taktGantt?: GanttMetrics;
    __taktCyclogram?: CyclogramMetrics;
    __taktGrid?: GridLoadMetrics;
  }
}
