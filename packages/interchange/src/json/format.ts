/**
 * JSON: the interchange model as is (`{ "takt": 1, "project": IxProject }`) — lossless, for scripts and
 * round trips. `toEngineJson` writes the engine's own input format (`EngineFile`, what `takt-engine
 * calc` reads).
 */

import { toEngineProject } from '../calculation/to-engine.js';
import { InterchangeError } from '../common/errors.js';
import { type ByteSource, chunksOf, TextDecoderAuto } from '../common/input.js';
import type { IxProject } from '../common/model.js';
import { validateProject } from '../common/validate.js';

export function writeJson(p: IxProject): string {
  return `${JSON.stringify({ takt: 1, project: p }, null, 2)}\n`;
}

export function toEngineJson(p: IxProject): string {
  const { project, options } = toEngineProject(p);
  return `${JSON.stringify({ ...project, options }, null, 2)}\n`;
}

export async function readJson(source: ByteSource): Promise<IxProject> {
  const decoder = new TextDecoderAuto('utf-8');
  let text = '';
  for await (const c of chunksOf(source)) text += decoder.decode(c);
  text += decoder.decode(new Uint8Array(0), true);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new InterchangeError('syntax', `invalid JSON: ${(e as Error).message}`);
  }
  const project = (data as { project?: IxProject }).project;
  if (
    !project ||
    typeof project !== 'object' ||
    !Array.isArray(project.activities) ||
    !Array.isArray(project.relations)
  )
    throw new InterchangeError('syntax', 'not a Takt interchange JSON file', { element: 'project' });
  for (const key of ['calendars', 'wbs', 'resources', 'assignments', 'warnings'] as const)
    if (!Array.isArray(project[key]))
      throw new InterchangeError('syntax', `${key} must be an array`, { element: 'project', field: key });
  validateProject(project);
  return project;
}
