import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bimGeometryDecode } from '../geometry';
import { bimWorkerHandler } from './handler';
import type { BimWorkerReply } from './protocol';

const DATA = join(import.meta.dirname, '../../../../../shared/testdata/ifc');

describe('bimWorkerHandler', () => {
  it('posts progress, then the parsed model with a transferable geometry cache', async () => {
    const replies: BimWorkerReply[] = [];
    const transfers: unknown[][] = [];
    const handle = bimWorkerHandler((reply, transfer) => {
      replies.push(reply);
      transfers.push(transfer ?? []);
    });
    const bytes = new Uint8Array(readFileSync(join(DATA, 'IfcOpenHouse_IFC4.ifc')));
    // In Node the wasm sits beside web-ifc's script; in a browser the URL is what the bundler gave.
    await handle({ type: 'parse', id: 7, bytes, wasmUrl: null });
    const result = replies.at(-1)!;
    expect(replies.some((r) => r.type === 'progress' && r.phase === 'geometry')).toBe(true);
    if (result.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(result)}`);
    expect(result.id).toBe(7);
    expect(result.schema).toBe('IFC4');
    expect(result.elements.length).toBeGreaterThan(10);
    expect(bimGeometryDecode(result.geometry).elementCount).toBe(result.elements.length);
    expect(transfers.at(-1)).toEqual([result.geometry.buffer]);
  });

  it('answers a bad file with a reason instead of throwing', async () => {
    const replies: BimWorkerReply[] = [];
    const handle = bimWorkerHandler((reply) => replies.push(reply));
    await handle({ type: 'parse', id: 1, bytes: new TextEncoder().encode('PK zip'), wasmUrl: null });
    expect(replies.at(-1)).toMatchObject({ type: 'error', id: 1, reason: 'not_ifc' });
  });

  it('posts geometry chunks while streaming when asked (here after every mesh)', async () => {
    const replies: BimWorkerReply[] = [];
    const handle = bimWorkerHandler((reply) => replies.push(reply));
    const bytes = new Uint8Array(readFileSync(join(DATA, 'AC20-FZK-Haus.ifc')));
    await handle({ type: 'parse', id: 3, bytes, wasmUrl: null, chunks: { firstMs: 0, everyMs: 0 } });
    const chunks = replies.filter((r) => r.type === 'chunk');
    const result = replies.at(-1)!;
    if (result.type !== 'result') throw new Error('expected a result');
    expect(chunks.length).toBeGreaterThan(10);
    // Every chunk decodes on its own and comes before the result.
    const elements = chunks.map((c) => (c.type === 'chunk' ? bimGeometryDecode(c.geometry).elementCount : 0));
    expect(elements.every((n) => n > 0)).toBe(true);
    expect(elements.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(result.elements.length);
  });

  it('starts web-ifc on a warm request, before any file, and answers ready', async () => {
    const replies: BimWorkerReply[] = [];
    const handle = bimWorkerHandler((reply) => replies.push(reply));
    await handle({ type: 'warm', id: 4, wasmUrl: null });
    expect(replies).toEqual([{ type: 'ready', id: 4 }]);
    const bytes = new Uint8Array(readFileSync(join(DATA, 'IfcOpenHouse_IFC4.ifc')));
    await handle({ type: 'parse', id: 5, bytes, wasmUrl: null });
    expect(replies.at(-1)).toMatchObject({ type: 'result', id: 5, schema: 'IFC4' });
  });

  it('tries web-ifc again after it failed to start (the wasm not found)', async () => {
    const replies: BimWorkerReply[] = [];
    const handle = bimWorkerHandler((reply) => replies.push(reply));
    await handle({ type: 'warm', id: 1, wasmUrl: join(DATA, 'no-such-web-ifc.wasm') });
    expect(replies.at(-1)).toMatchObject({ type: 'error', id: 1, reason: 'failed' });
    const bytes = new Uint8Array(readFileSync(join(DATA, 'IfcOpenHouse_IFC4.ifc')));
    await handle({ type: 'parse', id: 2, bytes, wasmUrl: null });
    expect(replies.at(-1)).toMatchObject({ type: 'result', id: 2, schema: 'IFC4' });
  });
});
