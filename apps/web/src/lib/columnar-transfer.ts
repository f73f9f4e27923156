import { decodeBinaryPayload, PAYLOAD_ENUMS } from '@takt/schedule';
import type { ScheduleModel } from './columnar';

/** What the decode worker is sent: a request number and the payload's bytes (transferred, not copied). */
export interface DecodeRequest {
  id: number;
  bytes: ArrayBuffer;
}

/** What it answers: the decoded version and the decoder's own time, or why the bytes could not be decoded. */
export type DecodeReply =
  | { id: number; model: ScheduleModel; decodeMs: number }
  | { id: number; error: string };

/**
 * The buffers under a decoded version's typed arrays, each once: the received bytes (most columns are
 * views over them) and the arrays the decoder made (widened narrow columns, depth, child counts).
 * Posting the version with these in the transfer list moves them to the other thread without a copy.
 */
function buffersOf(model: ScheduleModel): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const part of [model, model.relations, model.externals] as object[])
    for (const value of Object.values(part))
      if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
  return [...buffers];
}

/**
 * The worker's side of a request: the payload decoded by the one codec (`decodeBinaryPayload`) and
 * the message that carries it back with its buffers transferred.
 */
export function decodeRequest(request: DecodeRequest): { reply: DecodeReply; transfer: ArrayBuffer[] } {
  try {
    const started = performance.now();
    const model = decodeBinaryPayload(request.bytes);
    const decodeMs = performance.now() - started;
    return { reply: { id: request.id, model, decodeMs }, transfer: buffersOf(model) };
  } catch (error) {
    return { reply: { id: request.id, error: (error as Error).message }, transfer: [] };
  }
}

/**
 * The version as the page holds it, from the worker's message: the structured clone made copies of
 * the shared enum table, so the codec's own one is put back (it is a constant, never edited).
 */
export function receivedModel(model: ScheduleModel): ScheduleModel {
  model.enums = PAYLOAD_ENUMS;
  return model;
}
