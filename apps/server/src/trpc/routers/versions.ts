import {
  addDirectoryValuesToVersionInput,
  compareVersionsInput,
  copyVersionInput,
  createVersionInput,
  deleteVersionInput,
  liveVersionInput,
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
  liveUpdates,
  versionPayload,
  versionPayloadBinary,
} from '../../domains/versions';
import { router, spaceMutation, spaceProcedure, spaceQuery } from '../trpc';

export const versionsRouter = router({
  list: spaceQuery('schedule.view', scheduleInput, (ctx, input) =>
    versions.listVersions(ctx, input.scheduleId),
  ),
  get: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    versions.readVersion(ctx.db.pool, ctx.space.spaceId, input.versionId),
  ),
  create: spaceMutation('versions.manage', createVersionInput, versions.createVersion),
  update: spaceMutation('versions.manage', updateVersionInput, versions.updateVersion),
  copyTo: spaceMutation('versions.manage', copyVersionInput, versions.copyVersionTo),
  setActual: spaceMutation('versions.manage', versionInput, (ctx, input) =>
    versions.setActualVersion(ctx, input.versionId),
  ),
  setLocked: spaceMutation('versions.manage', setVersionLockedInput, (ctx, input) =>
    versions.setVersionLocked(ctx, input.versionId, input.locked),
  ),
  delete: spaceMutation('versions.manage', deleteVersionInput, (ctx, input) =>
    versions.deleteVersion(ctx, input.versionId),
  ),
  compare: spaceQuery('schedule.view', compareVersionsInput, compareVersions),
  exportComparison: spaceQuery('export', compareVersionsInput, exportComparison),
  /**
   * The changes of the version as they commit, in any process, over server-sent events (the browser's
   * open schedule applies them or loads the version again).
   */
  live: spaceProcedure('schedule.view')
    .input(liveVersionInput)
    .subscription(({ ctx, input, signal }) => liveUpdates(ctx, input, signal)),
  payload: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    versionPayload(ctx.db.pool, ctx.space.spaceId, input.versionId),
  ),
  /** The same payload in the binary format the grid loads (REST `…/payload-binary` returns the bytes). */
  payloadBinary: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) =>
      versionPayloadBinary(ctx.db.pool, ctx.payloads, ctx.space.spaceId, input.versionId),
    ),
  directoryValues: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    versionDirectoryValues(ctx, input.versionId),
  ),
  addDirectoryValues: spaceMutation('directories.edit', addDirectoryValuesToVersionInput, addValuesToVersion),
});
