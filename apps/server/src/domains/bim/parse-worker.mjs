// Parses one IFC file with web-ifc off the main thread, so a large model does not stall requests.
// Plain JS (like the calculation worker) that registers tsx to load @takt/bim's TypeScript sources;
// runs under node, tsx and vitest alike. In: IFC bytes. Out: progress messages, then the parsed
// model with the encoded geometry cache (transferred).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { bimGeometryEncode } = await import('@takt/bim');
const { bimIfcApiCreate, bimIfcParse, BimIfcError } = await import('@takt/bim/ifc');

parentPort.once('message', async (bytes) => {
  try {
    const api = await bimIfcApiCreate();
    const started = performance.now();
    let last = 0;
    const model = bimIfcParse(api, bytes, {
      onProgress: (phase, done, total) => {
        const now = performance.now();
        if (now - last < 200 && done < total) return;
        last = now;
        parentPort.postMessage({ type: 'progress', phase, done, total });
      },
    });
    const parseMs = Math.round(performance.now() - started);
    const geometry = bimGeometryEncode(model.geometry);
    parentPort.postMessage(
      {
        type: 'result',
        schema: model.schema,
        elements: model.elements,
        spatial: model.spatial,
        processLinks: model.processLinks,
        georeference: model.georeference,
        geometry,
        parseMs,
      },
      [geometry.buffer],
    );
  } catch (error) {
    parentPort.postMessage({
      type: 'error',
      reason: error instanceof BimIfcError ? error.reason : 'failed',
      message: String(error?.message ?? error),
    });
  }
});
