import type { BimElement, BimIfcSchema, BimParsePhase, BimProcessLink, BimSpatialNode } from '../types';

/** Main thread → worker. `wasmUrl` is where the bundler put web-ifc.wasm (null: web-ifc's default place). */
export interface BimWorkerRequest {
  type: 'parse';
  id: number;
  bytes: Uint8Array;
  wasmUrl: string | null;
}

export type BimWorkerReply =
  | { type: 'progress'; id: number; phase: BimParsePhase; done: number; total: number }
  | {
      type: 'result';
      id: number;
      schema: BimIfcSchema;
      elements: BimElement[];
      spatial: BimSpatialNode[];
      processLinks: BimProcessLink[];
      /** The encoded geometry cache (takt.bim.geometry.v1), transferred, not copied. */
      geometry: Uint8Array;
      parseMs: number;
    }
  | { type: 'error'; id: number; reason: 'not_ifc' | 'unsupported_schema' | 'failed'; message: string };
