import { SCHEDULE_LIMITS } from '@takt/contracts';
import type { CalculateOptions, EngineProject } from '@takt/engine';
import { engineInput, type ScheduleDocument, workLabel } from '@takt/schedule';
import type { Sql } from '../../db/sql';
import { keyDate } from '../../db/time';
import { versionDocument } from '../versions';

export interface LoadedProject {
  /** The version's document, as the browser loads it. */
  document: ScheduleDocument;
  project: EngineProject;
  /** The version's scheduling options (an imported file's own), the engine's defaults when it has none. */
  options: CalculateOptions;
  /** Works of the version (external predecessors excluded), by engine input index. */
  ownWorkCount: number;
  /** The stored id of each engine relation, by engine relation index. */
  relationIds: string[];
  labels: Map<string, string>;
}

/**
 * The engine input of a document (`@takt/schedule`'s one mapping, which the browser's what-if uses too),
 * with the stored relation ids in engine order and the works' labels for messages.
 */
function projectOfDocument(document: ScheduleDocument, relationIdsByRow: readonly string[]): LoadedProject {
  const input = engineInput(document, keyDate());
  const labels = new Map<string, string>();
  for (let i = 0; i < document.count; i++) labels.set(document.ids[i]!, workLabel(document, i));
  return {
    document,
    project: input.project,
    options: input.options,
    ownWorkCount: input.ownWorkCount,
    relationIds: Array.from(input.relationRows, (k) => relationIdsByRow[k]!),
    labels,
  };
}

/**
 * Reads a version into the engine's plain-data input: its document (`versionDocument`, the one the
 * payloads carry, kept by the process while it holds) mapped by `@takt/schedule` — calendars with the
 * default one, works with durations, constraints, actuals and what remains, relations, the dated
 * predecessors of other schedules held at their own start, the project start and the version's
 * scheduling options.
 */
export async function projectLoad(sql: Sql, spaceId: string, versionId: string): Promise<LoadedProject> {
  const { document, relationIds } = await versionDocument(sql, spaceId, versionId);
  return projectOfDocument(document, relationIds);
}

export const useWorker = (workCount: number) => workCount > SCHEDULE_LIMITS.workerThresholdWorks;
