// The body of the calculation worker thread (started by `worker.mjs`): calculates the documents it is
// sent, one message at a time, and answers with the results moved rather than copied.
import { parentPort } from 'node:worker_threads';
import type { DocumentParts } from '@takt/schedule';
import { calculateParts, engineFailureOf, transferables } from './rows';

interface Request {
  id: number;
  parts: DocumentParts;
  today: string;
  weights: Float64Array | null;
}

parentPort!.on('message', ({ id, parts, today, weights }: Request) => {
  try {
    const result = calculateParts(parts, today, weights);
    parentPort!.postMessage({ id, ok: true, result }, transferables(result));
  } catch (error) {
    const failure = engineFailureOf(error);
    parentPort!.postMessage({
      id,
      ok: false,
      failure,
      message: failure ? failure.message : String((error as Error)?.stack ?? error),
    });
  }
});
