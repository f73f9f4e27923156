import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { optionalText, requiredText } from './validation';

/**
 * The project pipeline (API pipeline/{project_id}, project pipes, docs/product-rules.md, "Pipeline"):
 * a project's locations in order, its flows ("pipes") through them with a takt or an output rate, a crew
 * and a buffer, each into a version of a schedule of the project; generating them makes or aligns the
 * works and relations of those versions.
 */
export const PIPELINE_LIMITS = {
  locations: 500,
  pipes: 50,
  /** Locations one "generate N locations" call adds. */
  generateLocations: 200,
  maxDays: 365,
} as const;

/** Messages of the pipeline's refusals (translated, area-pipeline). */
export const PIPELINE_ISSUES = {
  rateNeeded: 'pipeline.error.rate_needed',
  loop: 'pipeline.error.loop',
  versionOutside: 'pipeline.error.version_outside',
  locationUnknown: 'pipeline.error.location_unknown',
  tooManyLocations: 'pipeline.error.too_many_locations',
  tooManyPipes: 'pipeline.error.too_many_pipes',
  notProject: 'pipeline.error.not_project',
  duplicateLocation: 'pipeline.error.duplicate_location',
  crewUnknown: 'pipeline.error.crew_unknown',
} as const;

/** Colours of new flows, in turn (0xRRGGBB). */
export const PIPE_COLORS = [
  0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x17becf, 0xbcbd22,
] as const;

export const PIPE_MODES = ['takt', 'rate'] as const;
export type PipeMode = (typeof PIPE_MODES)[number];

const days = z
  .number({ message: VALIDATION.notANumber })
  .min(0, { message: VALIDATION.outOfRange })
  .max(PIPELINE_LIMITS.maxDays, { message: VALIDATION.outOfRange });
const positive = z
  .number({ message: VALIDATION.notANumber })
  .positive({ message: VALIDATION.outOfRange })
  .max(1e9, { message: VALIDATION.outOfRange });
const code = z
  .string()
  .trim()
  .min(1, { message: VALIDATION.required })
  .max(16, { message: VALIDATION.maxLength })
  .regex(/^[\p{L}\p{N}._-]+$/u, { message: VALIDATION.prohibitedCharacters });

export const pipelineInput = z.object({ spaceId: id, projectId: id });

/** A project's locations as a whole ordered list: kept by id, new ones without, those left out removed. */
export const savePipelineLocationsInput = pipelineInput.extend({
  locations: z
    .array(z.object({ id: id.optional(), name: requiredText }))
    .max(PIPELINE_LIMITS.locations, { message: PIPELINE_ISSUES.tooManyLocations }),
});

/** "Generate N locations named X 1..N": appended after the project's locations. */
export const generatePipelineLocationsInput = pipelineInput.extend({
  prefix: requiredText,
  count: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(1, { message: VALIDATION.outOfRange })
    .max(PIPELINE_LIMITS.generateLocations, { message: VALIDATION.outOfRange }),
  from: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(-1000, { message: VALIDATION.outOfRange })
    .max(100000, { message: VALIDATION.outOfRange })
    .default(1),
});

/** A flow's settings (the spec's "project pipe settings"). */
export const pipeFields = z.object({
  name: requiredText,
  /** Codes of its works: CODE (the summary), CODE.01, CODE.02, …; by default F and the flow's number. */
  code: code.optional(),
  color: z.number().int().min(0).max(0xffffff).optional(),
  versionId: id.nullable().optional(),
  locationIds: z
    .array(id)
    .max(PIPELINE_LIMITS.locations, { message: PIPELINE_ISSUES.tooManyLocations })
    .optional(),
  mode: z.enum(PIPE_MODES).optional(),
  taktDays: days.optional(),
  ratePerDay: positive.nullable().optional(),
  quantityPerLocation: positive.nullable().optional(),
  unit: optionalText.nullable().optional(),
  crew: optionalText.nullable().optional(),
  /** The crew as a resource of the space: the generated works are assigned it; `crew` stays the fallback text. */
  crewResourceId: id.nullable().optional(),
  crewSize: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(1, { message: VALIDATION.outOfRange })
    .max(10000, { message: VALIDATION.outOfRange })
    .nullable()
    .optional(),
  bufferDays: days.optional(),
  /** The flow this one follows through each location. */
  afterPipeId: id.nullable().optional(),
});

export const createPipeInput = pipelineInput.extend(pipeFields.shape);
export const updatePipeInput = pipeFields
  .partial()
  .extend({ spaceId: id, pipeId: id, revision: z.number().int().min(1) });
export const pipeInput = z.object({ spaceId: id, pipeId: id });

export interface PipelineLocationDto {
  id: string;
  name: string;
}

export interface PipeDto {
  id: string;
  name: string;
  code: string;
  color: number;
  versionId: string | null;
  locationIds: string[];
  mode: PipeMode;
  taktDays: number;
  ratePerDay: number | null;
  quantityPerLocation: number | null;
  unit: string | null;
  crew: string | null;
  crewResourceId: string | null;
  crewSize: number | null;
  bufferDays: number;
  afterPipeId: string | null;
  /** Working days at each location, from the takt or the rate. */
  days: number;
  revision: number;
}

/** A flow at a location: planned (working days from the pipeline's start) and, once generated, its work's dates. */
export interface PipelineCellDto {
  pipeId: string;
  locationId: string;
  startDay: number;
  finishDay: number;
  workId: string | null;
  /** ISO local date-times of the generated work after its version was calculated. */
  planStart: string | null;
  planFinish: string | null;
}

/** A version a flow may go to: the versions of the project's schedules. */
export interface PipelineVersionDto {
  id: string;
  name: string;
  scheduleId: string;
  scheduleName: string;
  locked: boolean;
}

export interface PipelineDto {
  projectId: string;
  projectName: string;
  locations: PipelineLocationDto[];
  pipes: PipeDto[];
  versions: PipelineVersionDto[];
  cells: PipelineCellDto[];
}

export interface PipelineGenerateDto {
  versions: {
    versionId: string;
    created: number;
    updated: number;
    removed: number;
    relations: number;
    calculated: boolean;
  }[];
  pipeline: PipelineDto;
}
