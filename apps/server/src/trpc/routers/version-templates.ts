import {
  createVersionTemplateInput,
  spaceInput,
  updateVersionTemplateInput,
  versionTemplateInput,
} from '@takt/contracts';
import * as templates from '../../domains/version-templates';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * Version templates of the space (API version templates): listed to everyone who sees schedules (the
 * new-schedule dialog offers them), saved from a version, renamed and deleted by those who manage versions.
 */
export const versionTemplatesRouter = router({
  list: spaceQuery('schedule.view', spaceInput, templates.listVersionTemplates),
  get: spaceQuery('schedule.view', versionTemplateInput, templates.getVersionTemplate),
  create: spaceMutation('versions.manage', createVersionTemplateInput, templates.createVersionTemplate),
  update: spaceMutation('versions.manage', updateVersionTemplateInput, templates.updateVersionTemplate),
  delete: spaceMutation('versions.manage', versionTemplateInput, templates.deleteVersionTemplate),
});
