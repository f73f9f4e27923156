import {
  cyclogramColorsInput,
  cyclogramInput,
  saveCyclogramInput,
  setCyclogramColorInput,
} from '@takt/contracts';
import * as cyclogram from '../../domains/cyclogram';
import { router, spaceProcedure } from '../trpc';

/** The cyclogram of a version (API: GET and POST cyclogram and cyclogram/color under versions/{id}). */
export const cyclogramRouter = router({
  get: spaceProcedure('schedule.view')
    .input(cyclogramInput)
    .query(({ ctx, input }) => cyclogram.getCyclogram(ctx, input)),
  save: spaceProcedure('schedule.view')
    .input(saveCyclogramInput)
    .mutation(({ ctx, input }) => cyclogram.saveCyclogram(ctx, input)),
  colors: spaceProcedure('schedule.view')
    .input(cyclogramColorsInput)
    .query(({ ctx, input }) => cyclogram.listColors(ctx, input.versionId)),
  setColor: spaceProcedure('schedule.edit')
    .input(setCyclogramColorInput)
    .mutation(({ ctx, input }) => cyclogram.setColor(ctx, input)),
});
