import {
  backupInput,
  backupScheduleInput,
  backupsInput,
  createBackupInput,
  createBackupScheduleInput,
  restoreBackupInput,
  spaceInput,
  updateBackupScheduleInput,
} from '@takt/contracts';
import * as backups from '../../domains/backups';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * Backups and backup jobs of a space (API space backups, backup jobs and project backups): space
 * administration, ability `space.manage`.
 */
export const backupsRouter = router({
  list: spaceQuery('space.manage', backupsInput, backups.listBackups),
  create: spaceMutation('space.manage', createBackupInput, backups.createBackup),
  delete: spaceMutation('space.manage', backupInput, (ctx, input) =>
    backups.deleteBackup(ctx, input.backupId),
  ),
  download: spaceQuery('space.manage', backupInput, (ctx, input) =>
    backups.downloadBackup(ctx, input.backupId),
  ),
  restore: spaceMutation('space.manage', restoreBackupInput, backups.restoreBackup),
  schedules: router({
    list: spaceQuery('space.manage', spaceInput, (ctx) => backups.listSchedules(ctx)),
    create: spaceMutation('space.manage', createBackupScheduleInput, (ctx, input) =>
      backups.createSchedule(ctx, input),
    ),
    update: spaceMutation('space.manage', updateBackupScheduleInput, backups.updateSchedule),
    delete: spaceMutation('space.manage', backupScheduleInput, backups.deleteSchedule),
  }),
});
