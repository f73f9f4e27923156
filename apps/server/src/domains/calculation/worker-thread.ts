// The body of the calculation worker thread (started by `worker.mjs`): calculates the documents it is
// sent, one message at a time, and answers with the results moved rather than copied.
import { parentPort } from 'node:worker_threads';
import {
  columnsOfDocument,
  type DocumentParts,
  documentFrom,
  encodeBinaryPayload,
  type ScheduleDocument,
} from '@takt/schedule';
import { encodedPayloadOf } from '../../files/payload-cache';
import { IncrementalCalculation } from './incremental';
import { calculateRows, documentWithResults, engineFailureOf, transferables } from './rows';

interface Request {
  id: number;
  /** The whole document (`whole`), or the fields that differ from the one held (`CalculationThread`). */
  parts: Partial<DocumentParts>;
  whole: boolean;
  today: string;
  weights: Float64Array | null;
  /** Whether to answer the calculated document's payload too, after the results. */
  encode: boolean;
}

/** The document sent last, with what its rows imply (rebuilt only when its ids or hierarchy are new). */
let held: { parts: DocumentParts; document: ScheduleDocument } | null = null;

function documentOf(request: Request): ScheduleDocument {
  const changed = request.parts;
  if (held && !request.whole && changed.relations)
    // Only the relation columns that are new came (`partsToSend`).
    changed.relations = { ...held.parts.relations, ...changed.relations };
  const parts = (request.whole || !held ? changed : { ...held.parts, ...changed }) as DocumentParts;
  const sameRows = held && !request.whole && !('ids' in changed) && !('parent' in changed);
  const document = sameRows ? { ...held!.document, ...changed } : documentFrom(parts);
  held = { parts, document };
  return document;
}

/** The engine's calculation of the documents sent, kept from one to the next (`IncrementalCalculation`). */
const engine = new IncrementalCalculation();

/**
 * Encodes and compresses the calculated document's payload, while the main thread writes the results,
 * and moves it there (null when it fails: the main thread encodes it then).
 */
function answerPayload(id: number, document: ScheduleDocument) {
  try {
    const payload = encodedPayloadOf(encodeBinaryPayload(columnsOfDocument(document)));
    const buffers = [payload.data, payload.brotli]
      .filter((bytes) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
      .map((bytes) => bytes.buffer as ArrayBuffer);
    parentPort!.postMessage({ id, payload }, buffers);
  } catch {
    parentPort!.postMessage({ id, payload: null });
  }
}

parentPort!.on('message', (request: Request) => {
  const { id, today, weights } = request;
  try {
    const document = documentOf(request);
    const calculated = engine.calculate(document, today);
    const result = calculateRows(document, today, weights, calculated);
    // Made before the results move to the main thread (their arrays go with them). When nothing is to be
    // written the main thread keeps the payload it has served (`carryPayload`), or encodes it itself.
    const writes = result.changedRows.length > 0 || result.changedRelations.length > 0;
    const calculatedDocument = request.encode && writes ? documentWithResults(document, result) : null;
    parentPort!.postMessage({ id, ok: true, result }, transferables(result));
    if (calculatedDocument) answerPayload(id, calculatedDocument);
    else if (request.encode) parentPort!.postMessage({ id, payload: null });
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
