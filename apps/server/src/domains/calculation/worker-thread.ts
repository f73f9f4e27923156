// The body of the calculation worker thread (started by `worker.mjs`): calculates the documents it is
// sent, one message at a time, and answers with the results moved rather than copied.
import { parentPort } from 'node:worker_threads';
import {
  type Calculated,
  calculateDocument,
  type DocumentParts,
  documentFrom,
  ENGINE_INPUT_FIELDS,
  ENGINE_INPUT_RELATION_FIELDS,
  firstPlannedStart,
  hasDate,
  type ScheduleDocument,
} from '@takt/schedule';
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
  if (held && !request.whole && changed.relations)
    // Only the relation columns that are new came (`partsToSend`).
    changed.relations = { ...held.parts.relations, ...changed.relations };
  const parts = (request.whole || !held ? changed : { ...held.parts, ...changed }) as DocumentParts;
  const sameRows = held && !request.whole && !('ids' in changed) && !('parent' in changed);
  const document = sameRows ? { ...held!.document, ...changed } : documentFrom(parts);
  held = { parts, document };
  return document;
}

/** The engine's calculation of the document calculated last, with what its input was made of. */
let last: { made: unknown[]; calculated: Calculated } | null = null;

/**
 * The engine's calculation of `doc`: the last one when its input is made of the same (the same arrays of
 * `ENGINE_INPUT_FIELDS`, the same earliest planned start where that is the project start, the same day),
 * as when a version is calculated again with nothing changed (its document then differs only in results).
 */
function calculationOf(doc: ScheduleDocument, today: string): Calculated {
  const firstPlan = hasDate(doc.scheduling.projectStart) ? null : firstPlannedStart(doc);
  const made = [
    today,
    firstPlan,
    ...ENGINE_INPUT_FIELDS.map((name) => doc[name]),
    ...ENGINE_INPUT_RELATION_FIELDS.map((name) => doc.relations[name]),
  ];
  if (last?.made.every((value, i) => value === made[i])) return last.calculated;
  const calculated = calculateDocument(doc, today);
  last = { made, calculated };
  return calculated;
}

parentPort!.on('message', (request: Request) => {
  const { id, today, weights } = request;
  try {
    const document = documentOf(request);
    const result = calculateRows(document, today, weights, calculationOf(document, today));
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
