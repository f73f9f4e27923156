import { localizationLanguageInput, overrideTextInput, resetTextInput, spaceInput } from '@takt/contracts';
import * as localization from '../../domains/localization';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** A space's own wording of interface texts: read by every member, changed by its administrators. */
export const localizationRouter = router({
  languages: spaceQuery('space.view', spaceInput, localization.localizationLanguages),
  overrides: spaceQuery('space.view', localizationLanguageInput, localization.localizationOverrides),
  set: spaceQuery('space.manage', localizationLanguageInput, localization.localizationSet),
  override: spaceMutation('space.manage', overrideTextInput, localization.overrideText),
  reset: spaceMutation('space.manage', resetTextInput, localization.resetText),
});
