// The probes (charts, the schedule page's load, the charts' renderer) as the web app publishes them (their shapes are shared through @takt/contracts).
import { expect, type Page } from '@playwright/test';
import type {
  CyclogramMetrics,
  GanttMetrics,
  GridLoadMetrics,
  NetworkMetrics,
  RendererProbe,
} from '@takt/contracts';

export type { GanttBar } from '@takt/contracts';

declare global {
  interface Window {
    __taktGantt?: GanttMetrics;
    __taktCyclogram?: CyclogramMetrics;
    __taktGrid?: GridLoadMetrics;
    __taktRenderer?: RendererProbe;
    __taktNetwork?: NetworkMetrics;
  }
}

/** Waits until the timeline is ready and has drawn its first frame. */
export async function waitGanttReady(page: Page) {
  await expect(page.getByTestId('gantt').getByRole('application')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await page.waitForFunction(() => window.__taktGantt?.firstFrameMs !== undefined);
}

/** Waits for the timeline to stop moving (a zoom or jump animates for a moment): its bars stay put. */
export async function settleGantt(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await page.evaluate(() => window.__taktGantt!.probe.bars()));
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
}
