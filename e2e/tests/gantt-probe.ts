// The charts' probes as the web app publishes them (their shapes are shared through @takt/contracts).
import type { CyclogramMetrics, GanttMetrics } from '@takt/contracts';

export type { GanttBar } from '@takt/contracts';

declare global {
  interface Window {
    __taktGantt?: GanttMetrics;
    __taktCyclogram?: CyclogramMetrics;
  }
}
