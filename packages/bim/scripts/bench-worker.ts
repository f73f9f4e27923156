/// <reference lib="webworker" />
// The benchmark's worker: Takt's own parse (the production handler) and, as the baseline, web-ifc
// streaming every mesh of the same file with nothing else done (geometry fetched and copied out).
import { bimIfcApiCreate } from '../src/ifc/api';
import { bimWorkerHandler } from '../src/worker/handler';
import type { BimWorkerRequest } from '../src/worker/protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const parse = bimWorkerHandler((reply, transfer) => scope.postMessage(reply, transfer ?? []));

scope.onmessage = async (
  event: MessageEvent<BimWorkerRequest | { type: 'stream'; bytes: Uint8Array; wasmUrl: string }>,
) => {
  const request = event.data;
  if (request.type === 'parse' || request.type === 'warm') {
    await parse(request);
    return;
  }
  const api = await bimIfcApiCreate((path) => (path.endsWith('.wasm') ? request.wasmUrl : path));
  const started = performance.now();
  const model = api.OpenModel(request.bytes, { COORDINATE_TO_ORIGIN: false, CIRCLE_SEGMENTS: 16 });
  let copied = 0;
  api.StreamAllMeshes(model, (mesh) => {
    const placed = mesh.geometries;
    for (let i = 0; i < placed.size(); i++) {
      const geometry = api.GetGeometry(model, placed.get(i).geometryExpressID);
      const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize()).slice();
      const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize()).slice();
      copied += vertices.length + indices.length;
      geometry.delete();
    }
  });
  api.CloseModel(model);
  scope.postMessage({ type: 'stream', ms: performance.now() - started, copied });
};
