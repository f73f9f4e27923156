import { Worker } from 'node:worker_threads';
import type { DocumentParts } from '@takt/schedule';
import type { EncodedPayload } from '../../files/payload-cache';
import type { EngineFailure, RowResults } from './rows';

/** The engine refused the project; `failure` names the works. */
export class CalculationFailed extends Error {
  constructor(readonly failure: EngineFailure) {
    super(failure.message);
  }
}

/**
 * The fields of `parts` the thread does not hold already (by reference: a kept document is never changed,
 * its edits and results are new arrays; the relations' columns one by one), all of them when it holds none. A version calculated again —
 * unchanged, after an edit, after its last calculation — sends only its new columns: not its 100,000 ids
 * and texts, which cost the main thread a copy of every string and the thread a new index of the ids.
 */
function partsToSend(held: DocumentParts | null, parts: DocumentParts): Partial<DocumentParts> {
  if (!held || held.versionId !== parts.versionId) return parts;
  const send = changedFields(held, parts) as Partial<DocumentParts>;
  // A calculation's document has new driving flags only: the other relation columns stay where they are.
  if (send.relations)
    send.relations = changedFields(held.relations, parts.relations) as DocumentParts['relations'];
  return send;
}

function changedFields<T extends object>(held: T, now: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const name of Object.keys(now) as (keyof T)[]) if (held[name] !== now[name]) changed[name] = now[name];
  return changed;
}

type Reply =
  | { id: number; ok: true; result: RowResults }
  | { id: number; ok: false; failure: EngineFailure | null; message: string }
  | { id: number; payload: EncodedPayload | null };

interface Pending {
  resolve: (result: RowResults) => void;
  reject: (error: Error) => void;
}

/** A calculation in the thread, and the payload of the calculated document when it was asked for. */
export interface ThreadCalculation {
  results: Promise<RowResults>;
  /**
   * The binary payload of the document with its results (`documentWithResults`), encoded and compressed
   * by the thread after it answered the results — while the caller writes them. Null when the thread
   * could not (the caller encodes it itself).
   */
  payload: Promise<EncodedPayload | null>;
}

/**
 * One long-lived worker thread that calculates big versions, so a 100k-work calculation never stalls
 * the requests the server is answering. Started on first use (loading the engine and the schedule
 * package there costs about a second, once), kept for the life of the process and held only while it
 * has work (it never keeps the process alive). Requests queue in the thread; a thread that dies fails
 * what it had and the next request starts a new one.
 */
class CalculationThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly payloads = new Map<number, (payload: EncodedPayload | null) => void>();
  private next = 1;
  /** The document the thread holds: the last one sent to it (it calculates them in order). */
  private held: DocumentParts | null = null;

  calculate(parts: DocumentParts, today: string, weights: Float64Array | null = null): Promise<RowResults> {
    return this.post(parts, today, weights, false).results;
  }

  /** `calculate`, and the payload of the calculated document encoded by the thread (`ThreadCalculation`). */
  calculateAndEncode(parts: DocumentParts, today: string, weights: Float64Array | null = null) {
    return this.post(parts, today, weights, true);
  }

  private post(
    parts: DocumentParts,
    today: string,
    weights: Float64Array | null,
    encode: boolean,
  ): ThreadCalculation {
    const worker = this.started();
    const id = this.next++;
    const send = partsToSend(this.held, parts);
    this.held = parts;
    const payload = encode
      ? new Promise<EncodedPayload | null>((resolve) => this.payloads.set(id, resolve))
      : Promise.resolve(null);
    const results = new Promise<RowResults>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, parts: send, whole: send === parts, today, weights, encode });
    });
    // A refused calculation has no payload.
    results.catch(() => this.payloadOf(id, null));
    return { results, payload };
  }

  private payloadOf(id: number, payload: EncodedPayload | null) {
    const waiting = this.payloads.get(id);
    this.payloads.delete(id);
    waiting?.(payload);
    this.release();
  }

  /** The thread keeps the process alive only while it owes answers. */
  private release() {
    if (this.pending.size === 0 && this.payloads.size === 0) this.worker?.unref();
  }

  /** Starts the thread ahead of the first calculation (a server with big versions does at start). */
  warm() {
    this.started();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if ('payload' in reply) {
        this.payloadOf(reply.id, reply.payload);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      this.release();
      if (reply.ok) waiting.resolve(reply.result);
      else if (reply.failure) waiting.reject(new CalculationFailed(reply.failure));
      else waiting.reject(new Error(`calculation failed: ${reply.message}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) {
        this.worker = null;
        this.held = null;
      }
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      for (const waiting of this.payloads.values()) waiting(null);
      this.payloads.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the calculation thread stopped (exit code ${code})`)));
    this.worker = worker;
    this.held = null;
    return worker;
  }
}

/** The process's calculation thread. */
export const calculationThread = new CalculationThread();

/** Starts the calculation thread ahead of the first big calculation (a server does at start). */
export const warmCalculationThread = () => calculationThread.warm();
