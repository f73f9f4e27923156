import type { BimGeoreference } from '../placement';
import type { BimElement, BimIfcSchema, BimParsePhase, BimProcessLink, BimSpatialNode } from '../types';

/**
 * Main thread → worker. `wasmUrl` is where the bundler put web-ifc.wasm (null: web-ifc's default place).
 * `warm` loads and starts web-ifc before there is a file (answered with `ready`), so a parse that
 * follows — the file picked while the dialog was open — starts reading at once.
 */
export type BimWorkerRequest = BimWorkerParseRequest | { type: 'warm'; id: number; wasmUrl: string | null };

export interface BimWorkerParseRequest {
  type: 'parse';
  id: number;
  bytes: Uint8Array;
  wasmUrl: string | null;
  /** Post geometry chunks while streaming: the first after `firstMs`, then every `everyMs`. */
  chunks?: { firstMs: number; everyMs: number };
}

export type BimWorkerReply =
  | { type: 'ready'; id: number }
  | { type: 'progress'; id: number; phase: BimParsePhase; done: number; total: number }
  /** Geometry streamed so far (an encoded cache of its own, elements numbered within it), for drawing early. */
  | { type: 'chunk'; id: number; geometry: Uint8Array }
  | {
      type: 'result';
      id: number;
      schema: BimIfcSchema;
      elements: BimElement[];
      spatial: BimSpatialNode[];
      processLinks: BimProcessLink[];
      georeference: BimGeoreference | null;
      /** The encoded geometry cache (takt.bim.geometry.v1), transferred, not copied. */
      geometry: Uint8Array;
      parseMs: number;
    }
  | { type: 'error'; id: number; reason: 'not_ifc' | 'unsupported_schema' | 'failed'; message: string };
