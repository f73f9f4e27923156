import { z } from 'zod';
import { id } from './api';
import { uploadedFile } from './interchange';
import { VALIDATION } from './messages';
import { revision } from './schedule';
import { requiredText } from './validation';

/**
 * Complex relations of directories (docs/product-rules.md, "Complex relations of directories"): directories in
 * an order (work type → trade → crew), a table of rows each naming one value per directory, and options — the
 * driver directory, the dependent ones, whether dependent values are overwritten or only filled when empty.
 * A relation assigned to schedules sets the dependent values of their works from the row of the work's driver
 * value: on recalculation of a version, and when the driver value of a work is edited.
 */
export const COMPLEX_RELATION_LIMITS = {
  /** Directories of one relation. */
  minDirectories: 2,
  maxDirectories: 8,
  /** Rows of one relation (an import larger than this is refused while it is read). */
  maxRows: 10_000,
  /** Rows saved by one call. */
  maxRowsPerSave: 1000,
  /** Schedules one relation is assigned to. */
  maxSchedules: 1000,
  /** Size of an imported file. */
  importMaxBytes: 16 * 1024 * 1024,
  /** Problems of a refused import named in the answer. */
  importMaxProblems: 20,
} as const;

/** Dependent values: overwritten by the row's, or set only where the work has none. */
export const COMPLEX_RELATION_MODES = ['overwrite', 'fill_empty'] as const;
export type ComplexRelationMode = (typeof COMPLEX_RELATION_MODES)[number];

const complexRelationId = id;
const directoryIds = z
  .array(id)
  .min(COMPLEX_RELATION_LIMITS.minDirectories, { message: VALIDATION.required })
  .max(COMPLEX_RELATION_LIMITS.maxDirectories, { message: VALIDATION.outOfRange })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'complex_relations.error.directory_twice' });

export const complexRelationsInput = z.object({ spaceId: id });
export const scheduleComplexRelationsInput = z.object({ spaceId: id, scheduleId: id });
export const complexRelationInput = z.object({ spaceId: id, complexRelationId });

export const createComplexRelationInput = z.object({
  spaceId: id,
  name: requiredText,
  /** The directories in their order (first to last). */
  directoryIds,
  /** The directory whose value drives the others (default: the first). */
  driverDirectoryId: id.optional(),
  /** The directories whose values follow (default: every one but the driver). */
  dependentDirectoryIds: z.array(id).max(COMPLEX_RELATION_LIMITS.maxDirectories).optional(),
  mode: z.enum(COMPLEX_RELATION_MODES).default('overwrite'),
});

export const updateComplexRelationOptionsInput = z.object({
  spaceId: id,
  complexRelationId,
  revision,
  name: requiredText.optional(),
  /**
   * The directories in a new order, or others: another set only while the relation has no rows, or with
   * `clearRows` (its rows are deleted); the same ones in another order keep the rows.
   */
  directoryIds: directoryIds.optional(),
  clearRows: z.boolean().optional(),
  driverDirectoryId: id.optional(),
  dependentDirectoryIds: z.array(id).max(COMPLEX_RELATION_LIMITS.maxDirectories).optional(),
  mode: z.enum(COMPLEX_RELATION_MODES).optional(),
});

export const assignComplexRelationInput = z.object({
  spaceId: id,
  complexRelationId,
  /** The schedules the relation applies to, all of them (an empty list: none). */
  scheduleIds: z.array(id).max(COMPLEX_RELATION_LIMITS.maxSchedules),
});

/** One row: a value (or none) for each directory of the relation, by directory id. */
const complexRelationRow = z.object({
  /** Absent: a new row. */
  complexRelationRowId: id.optional(),
  values: z.record(id, id.nullable()),
});

export const updateComplexRelationRowsInput = z.object({
  spaceId: id,
  complexRelationId,
  rows: z
    .array(complexRelationRow)
    .min(1, { message: VALIDATION.required })
    .max(COMPLEX_RELATION_LIMITS.maxRowsPerSave, { message: VALIDATION.outOfRange }),
});

export const deleteComplexRelationRowsInput = z.object({
  spaceId: id,
  complexRelationId,
  complexRelationRowIds: z
    .array(id)
    .min(1, { message: VALIDATION.required })
    .max(COMPLEX_RELATION_LIMITS.maxRows, { message: VALIDATION.outOfRange }),
});

export const dependentDirectoriesInput = z.object({
  spaceId: id,
  directoryId: id,
  /** Only the relations assigned to this schedule. */
  scheduleId: id.optional(),
});

export const complexRelationVersionInput = z.object({
  spaceId: id,
  versionId: id,
  /** Only this relation (default: every relation assigned to the version's schedule). */
  complexRelationId: id.optional(),
});

export const importComplexRelationRowsInput = z.object({
  spaceId: id,
  complexRelationId,
  file: uploadedFile,
  /** The relation's revision the user saw: another change since then is a conflict. */
  revision: z.number().int().optional(),
});
