import {
  cyclogramColorsInput,
  cyclogramInput,
  saveCyclogramInput,
  setCyclogramColorInput,
} from '@takt/contracts';
import * as cyclogram from '../../domains/cyclogram';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** The cyclogram of a version (API: GET and POST cyclogram and cyclogram/color under versions/{id}). */
export const cyclogramRouter = router({
  get: spaceQuery('schedule.view', cyclogramInput, cyclogram.getCyclogram),
  save: spaceMutation('schedule.view', saveCyclogramInput, cyclogram.saveCyclogram),
  colors: spaceQuery('schedule.view', cyclogramColorsInput, (ctx, input) =>
    cyclogram.listColors(ctx, input.versionId),
  ),
  setColor: spaceMutation('schedule.edit', setCyclogramColorInput, cyclogram.setColor),
});
