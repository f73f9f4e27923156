import { licenceIdInput, spaceInput, uploadLicenceInput } from '@takt/contracts';
import * as licences from '../../domains/licences';
import { licenceDeskProcedure, router } from '../trpc';

/**
 * Licences of a space: the list every member may read, uploads and deletions by its administrators. They
 * work whatever the licence (an expired one is renewed here), see `licenceDeskProcedure`.
 */
export const licencesRouter = router({
  list: licenceDeskProcedure('space.view')
    .input(spaceInput)
    .query(({ ctx }) => licences.listLicences(ctx)),
  upload: licenceDeskProcedure('space.manage')
    .input(uploadLicenceInput)
    .mutation(({ ctx, input }) => licences.uploadLicence(ctx, input)),
  delete: licenceDeskProcedure('space.manage')
    .input(licenceIdInput)
    .mutation(({ ctx, input }) => licences.deleteLicence(ctx, input)),
});
