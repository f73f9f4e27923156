/// <reference lib="webworker" />
// The network diagram's layout off the page's thread: elkjs's layered algorithm takes seconds for a few
// thousand works. Asked with the graph's shape, answers with the layout's columns (moved, not copied).
import './elk-env';
import { networkLayout } from '@takt/gantt/network';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutReply, LayoutRequest } from './layout-client';

const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, nodeCount, from, to } = event.data;
  const started = performance.now();
  try {
    const layout = await networkLayout(elk, { nodeCount, edgeCount: from.length, from, to });
    const reply: LayoutReply = { id, layout, ms: performance.now() - started };
    (self as unknown as Worker).postMessage(reply, [
      layout.x.buffer,
      layout.y.buffer,
      layout.edgeStart.buffer,
      layout.points.buffer,
    ]);
  } catch (error) {
    const reply: LayoutReply = { id, error: String(error) };
    (self as unknown as Worker).postMessage(reply);
  }
};
