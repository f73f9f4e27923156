import { decodeBinaryPayload, PAYLOAD_ENUMS } from '@takt/schedule';
import type { ScheduleModel } from './columnar';

/** What the decode worker is sent: a request number and the payload's bytes (transferred, not copied). */
export interface DecodeRequest {
  id: number;
  bytes: ArrayBuffer;
}

/**
 * Or the body of a response still arriving (a transferred stream): the worker reads it to the end itself,
 * so the bytes never wait for the page's busy main thread, and tells when they were all in (`receivedAt`).
 */
export interface StreamDecodeRequest {
  id: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * A list of strings as one text and where each ends: posted as two values instead of one per string,
 * since the receiving thread pays for every string it deserializes (most of a second for the ids and
 * string table of 100,000 works), while slicing them out of one text costs it little.
 */
interface PackedStrings {
  text: string;
  ends: Int32Array;
}

/** A decoded version as the worker posts it: its texts packed, its row-of-id map left to the page. */
export type PackedModel = Omit<ScheduleModel, 'ids' | 'strings' | 'rowOf'> & {
  ids: PackedStrings;
  strings: PackedStrings;
};

/** What it answers: the decoded version and the decoder's own time, or why the bytes could not be decoded. */
export type DecodeReply =
  | { id: number; model: PackedModel; decodeMs: number; receivedAt?: number }
  | { id: number; error: string };

function pack(list: readonly string[]): PackedStrings {
  const ends = new Int32Array(list.length);
  let end = 0;
  for (let i = 0; i < list.length; i++) {
    end += list[i]!.length;
    ends[i] = end;
  }
  return { text: list.join(''), ends };
}

function unpack({ text, ends }: PackedStrings): string[] {
  const list = new Array<string>(ends.length);
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    list[i] = text.slice(start, ends[i]);
    start = ends[i]!;
  }
  return list;
}

/**
 * The buffers under a posted version's typed arrays, each once: the received bytes (most columns are
 * views over them) and the arrays the decoder made (widened narrow columns, depth, child counts, the
 * packed texts' ends). Posting the version with these in the transfer list moves them without a copy.
 */
function buffersOf(model: PackedModel): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const part of [model, model.relations, model.externals, model.ids, model.strings] as object[])
    for (const value of Object.values(part))
      if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
  return [...buffers];
}

/**
 * The worker's side of a request: the payload decoded by the one codec (`decodeBinaryPayload`) and
 * the message that carries it back, its buffers transferred and its texts packed.
 */
export function decodeRequest(request: DecodeRequest): { reply: DecodeReply; transfer: ArrayBuffer[] } {
  try {
    const started = performance.now();
    const { ids, strings, rowOf: _, ...rest } = decodeBinaryPayload(request.bytes);
    const decodeMs = performance.now() - started;
    const model: PackedModel = { ...rest, ids: pack(ids), strings: pack(strings) };
    return { reply: { id: request.id, model, decodeMs }, transfer: buffersOf(model) };
  } catch (error) {
    return { reply: { id: request.id, error: (error as Error).message }, transfer: [] };
  }
}

/**
 * The version as the page holds it, from the worker's message: its ids and string table sliced out of
 * their texts, the row of each id, and the codec's own enum table (the structured clone made a copy
 * of that constant).
 */
export function receivedModel(packed: PackedModel): ScheduleModel {
  const ids = unpack(packed.ids);
  const rowOf = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) rowOf.set(ids[i]!, i);
  return { ...packed, ids, strings: unpack(packed.strings), rowOf, enums: PAYLOAD_ENUMS };
}

/**
 * The worker's side of a streamed request: the body read to its end, then decoded as `decodeRequest` does.
 * `receivedAt` is when the last byte was in, in epoch milliseconds (`performance.timeOrigin` differs
 * between the worker and the page).
 */
export async function decodeStreamRequest(
  request: StreamDecodeRequest,
): Promise<{ reply: DecodeReply; transfer: ArrayBuffer[] }> {
  let bytes: ArrayBuffer;
  try {
    bytes = await new Response(request.body).arrayBuffer();
  } catch (error) {
    return { reply: { id: request.id, error: (error as Error).message }, transfer: [] };
  }
  const receivedAt = performance.timeOrigin + performance.now();
  const { reply, transfer } = decodeRequest({ id: request.id, bytes });
  return { reply: 'error' in reply ? reply : { ...reply, receivedAt }, transfer };
}
