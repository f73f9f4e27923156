// The body of the calculation worker thread (started by `worker.mjs`): calculates the documents it is
// sent, one message at a time, and answers with the results moved rather than copied.
import { parentPort } from 'node:worker_threads';
import { type DocumentParts, documentFrom, type ScheduleDocument } from '@takt/schedule';
import { calculateRows, engineFailureOf, transferables } from './rows';

interface Request {
  id: number;
  /** The whole document (`whole`), or the fields that differ from the one held (`CalculationThread`). */
  parts: Partial<DocumentParts>;
  whole: boolean;
  today: string;
  weights: Float64Array | null;
}

/** The document sent last, with what its rows imply (rebuilt only when its ids or hierarchy are new). */
let held: { parts: DocumentParts; document: ScheduleDocument } | null = null;

function documentOf(request: Request): ScheduleDocument {
  const changed = request.parts;
  const parts = (request.whole || !held ? changed : { ...held.parts, ...changed }) as DocumentParts;
  const sameRows = held && !request.whole && !('ids' in changed) && !('parent' in changed);
  const document = sameRows ? { ...held!.document, ...changed } : documentFrom(parts);
  held = { parts, document };
  return document;
}

parentPort!.on('message', (request: Request) => {
  const { id, today, weights } = request;
  try {
    const result = calculateRows(documentOf(request), today, weights);
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
