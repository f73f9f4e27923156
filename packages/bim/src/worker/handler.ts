import type { IfcAPI } from 'web-ifc';
import { bimGeometryEncode } from '../geometry';
import { bimIfcApiCreate } from '../ifc/api';
import { BimIfcError, bimIfcParse } from '../ifc/parse';
import type { BimWorkerReply, BimWorkerRequest } from './protocol';

type Post = (reply: BimWorkerReply, transfer?: Transferable[]) => void;

/**
 * The worker's logic without the worker: one web-ifc instance, created on the first request (a `warm`
 * one creates it ahead of the file), parses each file and posts progress and the result (geometry as
 * a transferable buffer).
 */
export function bimWorkerHandler(post: Post) {
  let api: Promise<IfcAPI> | null = null;
  return async (request: BimWorkerRequest) => {
    const { id } = request;
    try {
      const { wasmUrl } = request;
      // A web-ifc that failed to start (the wasm not loaded) is tried again by the next request.
      api ??= bimIfcApiCreate(
        wasmUrl ? (path) => (path.endsWith('.wasm') ? wasmUrl : path) : undefined,
      ).catch((error: unknown) => {
        api = null;
        throw error;
      });
      const ready = await api;
      if (request.type === 'warm') {
        post({ type: 'ready', id });
        return;
      }
      const started = performance.now();
      const model = bimIfcParse(ready, request.bytes, {
        onProgress: (phase, done, total) => post({ type: 'progress', id, phase, done, total }),
        ...(request.chunks
          ? {
              firstChunkMs: request.chunks.firstMs,
              chunkMs: request.chunks.everyMs,
              onGeometryChunk: (chunk) => {
                const geometry = bimGeometryEncode(chunk);
                post({ type: 'chunk', id, geometry }, [geometry.buffer]);
              },
            }
          : {}),
      });
      const geometry = bimGeometryEncode(model.geometry);
      post(
        {
          type: 'result',
          id,
          schema: model.schema,
          elements: model.elements,
          spatial: model.spatial,
          processLinks: model.processLinks,
          georeference: model.georeference,
          geometry,
          parseMs: performance.now() - started,
        },
        [geometry.buffer],
      );
    } catch (error) {
      const reason = error instanceof BimIfcError ? error.reason : 'failed';
      post({ type: 'error', id, reason, message: error instanceof Error ? error.message : String(error) });
    }
  };
}
