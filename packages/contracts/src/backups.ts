import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters } from './validation';

/**
 * Backups of a space or of a project (docs/product-rules.md, "Backups"): archives taken by hand or by a backup
 * job on a periodicity, restored over what they were taken of or as a new space or project.
 */
export const BACKUP_LIMITS = {
  /** Backups a job keeps at most (its retention). */
  keepMax: 100,
  /** Backup jobs a space may have. */
  schedulesPerSpace: 20,
  cronMaxLength: 100,
} as const;

/** The spec's schedule periodicities; `2weekly` and `Fortnightly` both mean every other week. */
export const BACKUP_PERIODICITIES = ['daily', 'weekly', '2weekly', 'Fortnightly', 'monthly', 'cron'] as const;
export type BackupPeriodicity = (typeof BACKUP_PERIODICITIES)[number];

export const BACKUP_SCOPES = ['space', 'project'] as const;
export type BackupScope = (typeof BACKUP_SCOPES)[number];

/** Restore over the space or project the backup was taken of, or as a new one beside it. */
export const RESTORE_MODES = ['replace', 'new'] as const;
export type RestoreMode = (typeof RESTORE_MODES)[number];

export const BACKUP_VALIDATION = {
  cron: 'backups.validation.cron',
  projectRequired: 'backups.validation.project_required',
} as const;

/** A backup of the space (no project) or of one project of it. */
export const createBackupInput = z.object({ spaceId: id, projectId: id.optional() });
/** The space's backups, or one project's. */
export const backupsInput = z.object({ spaceId: id, projectId: id.optional(), backupJobId: id.optional() });
export const backupInput = z.object({ spaceId: id, backupId: id });

const newName = z
  .string()
  .trim()
  .min(1, { message: VALIDATION.required })
  .max(32, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

export const restoreBackupInput = z.object({
  spaceId: id,
  backupId: id,
  mode: z.enum(RESTORE_MODES),
  /** The new space's or project's name (mode `new`; default: the backed-up one's). */
  name: newName.optional(),
});

const scheduleFields = z.object({
  periodicity: z.enum(BACKUP_PERIODICITIES),
  /** Time of day in UTC, "HH:MM" (all but cron). */
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: VALIDATION.required })
    .default('02:00'),
  /** 0 Sunday … 6 Saturday (weekly, two-weekly). */
  weekday: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(0, { message: VALIDATION.outOfRange })
    .max(6, { message: VALIDATION.outOfRange })
    .default(1),
  /** 1 … 28 (monthly). */
  dayOfMonth: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(1, { message: VALIDATION.outOfRange })
    .max(28, { message: VALIDATION.outOfRange })
    .default(1),
  /** Five fields, minute to weekday, in UTC (periodicity cron). */
  cron: z.string().trim().max(BACKUP_LIMITS.cronMaxLength, { message: VALIDATION.maxLength }).optional(),
  /** How many of its latest backups the job keeps. */
  keep: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(1, { message: VALIDATION.outOfRange })
    .max(BACKUP_LIMITS.keepMax, { message: VALIDATION.outOfRange })
    .default(7),
  enabled: z.boolean().default(true),
});

const cronGiven = (v: { periodicity: BackupPeriodicity; cron?: string }) =>
  v.periodicity !== 'cron' || !!v.cron;

export const createBackupScheduleInput = scheduleFields
  .extend({ spaceId: id, projectId: id.optional() })
  .refine(cronGiven, { message: BACKUP_VALIDATION.cron, path: ['cron'] });
/** A backup job's revision as read: a change or deletion made on an older one is refused (409 Conflict). */
const revision = z
  .number({ message: VALIDATION.notANumber })
  .int({ message: VALIDATION.notAnInteger })
  .min(1, { message: VALIDATION.outOfRange });
export const updateBackupScheduleInput = scheduleFields
  .extend({ spaceId: id, backupJobId: id, revision })
  .refine(cronGiven, { message: BACKUP_VALIDATION.cron, path: ['cron'] });
/** Deleting: the revision when the caller has one (the app always sends it; the spec's DELETE has none). */
export const backupScheduleInput = z.object({ spaceId: id, backupJobId: id, revision: revision.optional() });
