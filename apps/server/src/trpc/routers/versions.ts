import {
  addDirectoryValuesToVersionInput,
  compareVersionsInput,
  copyVersionInput,
  createVersionInput,
  deleteVersionInput,
  scheduleInput,
  setVersionLockedInput,
  updateVersionInput,
  versionInput,
} from '@takt/contracts';
import { addValuesToVersion, versionDirectoryValues } from '../../domains/directories';
import * as versions from '../../domains/versions';
import {
  compareVersions,
  exportComparison,
  versionPayload,
  versionPayloadBinary,
} from '../../domains/versions';
import { router, spaceProcedure } from '../trpc';

export const versionsRouter = router({
  list: spaceProcedure('schedule.view')
    .input(scheduleInput)
    .query(({ ctx, input }) => versions.listVersions(ctx, input.scheduleId)),
  get: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => versions.readVersion(ctx.db.pool, ctx.space.spaceId, input.versionId)),
  create: spaceProcedure('versions.manage')
    .input(createVersionInput)
    .mutation(({ ctx, input }) => versions.createVersion(ctx, input)),
  update: spaceProcedure('versions.manage')
    .input(updateVersionInput)
    .mutation(({ ctx, input }) => versions.updateVersion(ctx, input)),
  copyTo: spaceProcedure('versions.manage')
    .input(copyVersionInput)
    .mutation(({ ctx, input }) => versions.copyVersionTo(ctx, input)),
  setActual: spaceProcedure('versions.manage')
    .input(versionInput)
    .mutation(({ ctx, input }) => versions.setActualVersion(ctx, input.versionId)),
  setLocked: spaceProcedure('versions.manage')
    .input(setVersionLockedInput)
    .mutation(({ ctx, input }) => versions.setVersionLocked(ctx, input.versionId, input.locked)),
  delete: spaceProcedure('versions.manage')
    .input(deleteVersionInput)
    .mutation(({ ctx, input }) => versions.deleteVersion(ctx, input.versionId)),
  compare: spaceProcedure('schedule.view')
    .input(compareVersionsInput)
    .query(({ ctx, input }) => compareVersions(ctx, input)),
  exportComparison: spaceProcedure('export')
    .input(compareVersionsInput)
    .query(({ ctx, input }) => exportComparison(ctx, input)),
  payload: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => versionPayload(ctx.db.pool, ctx.space.spaceId, input.versionId)),
  /** The same payload in the binary format the grid loads (REST `…/payload-binary` returns the bytes). */
  payloadBinary: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) =>
      versionPayloadBinary(ctx.db.pool, ctx.payloads, ctx.space.spaceId, input.versionId),
    ),
  directoryValues: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => versionDirectoryValues(ctx, input.versionId)),
  addDirectoryValues: spaceProcedure('directories.edit')
    .input(addDirectoryValuesToVersionInput)
    .mutation(({ ctx, input }) => addValuesToVersion(ctx, input)),
});
