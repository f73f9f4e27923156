import { decodeBinaryPayload, encodeBinaryPayload } from '@takt/schedule';
import { testColumns } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { decodeOffMainThread } from './columnar-decode';
import { type DecodeReply, decodeRequest, decodeStreamRequest, receivedModel } from './columnar-transfer';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// A storey (Walls, then a roof named in Cyrillic with an empty code), and a milestone; Walls → Roof → Done.
const payload = () =>
  encodeBinaryPayload(
    testColumns(
      [
        { id: uuid(1), name: 'Storey', type: 'sum' },
        { id: uuid(2), name: 'Walls', parent: 0, duration: 70_000, plan: [-1440, 60_000] },
        { id: uuid(3), name: 'Кровля «Б»', code: '', parent: 0, progress: 0.5 },
        { id: uuid(4), name: 'Done', type: 'milestone_start' },
      ],
      [
        { from: 1, to: 2 },
        { from: 2, to: 3, lag: 60 },
      ],
    ),
  );

/** A buffer of exactly these bytes, as `Response.arrayBuffer()` gives it. */
const received = (bytes: Uint8Array) => bytes.slice().buffer;

/** The decoded version without its derived lookups and constants, to compare column by column. */
const columnsOf = (model: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(model)
      .filter(([key]) => key !== 'rowOf' && key !== 'enums')
      .map(([key, value]) => [
        key,
        ArrayBuffer.isView(value)
          ? Array.from(value as Int32Array)
          : key === 'relations' || key === 'externals'
            ? columnsOf(value)
            : value,
      ]),
  );

describe('decoding a payload on the decode worker', () => {
  it('posts back the same version as the inline decode, its buffers moved rather than copied', () => {
    const bytes = payload();
    const inline = decodeBinaryPayload(received(bytes));
    const sent = received(bytes);
    const { reply, transfer } = decodeRequest({ id: 7, bytes: sent });
    expect(reply.id).toBe(7);
    expect('decodeMs' in reply && reply.decodeMs).toBeGreaterThanOrEqual(0);
    // What the main thread receives: the worker's message through the structured clone.
    const arrived = structuredClone(reply, { transfer }) as DecodeReply;
    if (!('model' in arrived))
      throw new Error(`decoded with an error: ${'error' in arrived && arrived.error}`);
    const model = receivedModel(arrived.model);
    expect(columnsOf(model)).toEqual(columnsOf(inline));
    expect([...model.rowOf]).toEqual([...inline.rowOf]);
    expect(model.enums).toBe(inline.enums);
    // The received bytes and the arrays the decoder made left the worker: nothing was copied.
    expect(sent.byteLength).toBe(0);
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
    expect(model.planStart.buffer).toBe(model.progress.buffer);
  });

  it('answers bytes that are no payload with the decoder’s reason', () => {
    const { reply, transfer } = decodeRequest({
      id: 3,
      bytes: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]).buffer,
    });
    expect(reply).toEqual({ id: 3, error: 'not a binary schedule payload' });
    expect(transfer).toEqual([]);
  });

  it('reads a response body still arriving to its end (in pieces), decodes it and tells when it was in', async () => {
    const bytes = payload();
    const cut = Math.floor(bytes.length / 3);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const before = performance.timeOrigin + performance.now();
    const { reply } = await decodeStreamRequest({ id: 0, body });
    if (!('model' in reply)) throw new Error(`decoded with an error: ${'error' in reply && reply.error}`);
    expect(reply.receivedAt).toBeGreaterThanOrEqual(before);
    expect(columnsOf(receivedModel(reply.model))).toEqual(columnsOf(decodeBinaryPayload(received(bytes))));
    const failing = new ReadableStream<Uint8Array>({
      start: (controller) => controller.error(new Error('reset')),
    });
    expect((await decodeStreamRequest({ id: 1, body: failing })).reply).toEqual({ id: 1, error: 'reset' });
  });

  it('decodes in place where there are no workers, with the same codec', async () => {
    const bytes = payload();
    const { model, decodeMs } = await decodeOffMainThread(received(bytes));
    expect(decodeMs).toBeGreaterThanOrEqual(0);
    expect(columnsOf(model)).toEqual(columnsOf(decodeBinaryPayload(received(bytes))));
  });
});
