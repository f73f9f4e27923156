import {
  applyLevelingInput,
  assignmentInput,
  assignResourceInput,
  createAssignmentInput,
  createResourceInput,
  createSpecialtyInput,
  distributionsByEpsInput,
  histogramInput,
  levelInput,
  listAssignmentsInput,
  listResourcesInput,
  resourceInput,
  saveDistributionsInput,
  setUserSpecialtiesInput,
  spaceInput,
  specialtyInput,
  updateAssignmentInput,
  updateResourceInput,
  updateResourceSettingsInput,
  updateSpecialtyInput,
  versionInput,
  versionWorksInput,
} from '@takt/contracts';
import * as resources from '../../domains/resources';
import {
  applyScenario,
  distributionsByEps,
  levelApply,
  levelPreview,
  remainsByIntensity,
  versionHistogram,
} from '../../domains/resources';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** The resource directory of a space: specialties, executors and resources (screens and routes resources screen, API). */
export const resourcesRouter = router({
  list: spaceQuery('resources.view', listResourcesInput, resources.listResources),
  get: spaceQuery('resources.view', resourceInput, (ctx, input) =>
    resources.getResource(ctx, input.resourceId),
  ),
  create: spaceMutation('resources.edit', createResourceInput, resources.createResource),
  update: spaceMutation('resources.edit', updateResourceInput, resources.updateResource),
  delete: spaceMutation('resources.edit', resourceInput, (ctx, input) =>
    resources.deleteResource(ctx, input.resourceId),
  ),
  specialties: spaceQuery('resources.view', spaceInput, (ctx) => resources.listSpecialties(ctx)),
  createSpecialty: spaceMutation('resources.edit', createSpecialtyInput, resources.createSpecialty),
  updateSpecialty: spaceMutation('resources.edit', updateSpecialtyInput, resources.updateSpecialty),
  deleteSpecialty: spaceMutation('resources.edit', specialtyInput, (ctx, input) =>
    resources.deleteSpecialty(ctx, input.specialtyId),
  ),
  executors: spaceQuery('resources.view', spaceInput, (ctx) => resources.listExecutors(ctx)),
  setUserSpecialties: spaceMutation('resources.edit', setUserSpecialtiesInput, resources.setUserSpecialties),
  settings: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    resources.getResourceSettings(ctx, input.versionId),
  ),
  updateSettings: spaceMutation(
    'schedule.edit',
    updateResourceSettingsInput,
    resources.updateResourceSettings,
  ),
  updateCosts: spaceMutation('schedule.edit', versionInput, (ctx, input) =>
    resources.updateCosts(ctx, input.versionId),
  ),
  remainsByIntensity: spaceMutation('schedule.edit', versionWorksInput, remainsByIntensity),
  /** The version's calculation scenario applied to its works (API update/estimated-data). */
  applyScenario: spaceMutation('schedule.edit', versionWorksInput, applyScenario),
  histogram: spaceQuery('schedule.view', histogramInput, versionHistogram),
  /** A preview: nothing is written. */
  level: spaceQuery('schedule.view', levelInput, levelPreview),
  applyLeveling: spaceMutation('schedule.edit', applyLevelingInput, levelApply),
});

/** Assignments of resources to works of a version, and their distributions (API assignment, distributions). */
export const assignmentsRouter = router({
  list: spaceQuery('schedule.view', listAssignmentsInput, resources.listAssignments),
  create: spaceMutation('schedule.edit', createAssignmentInput, resources.createAssignment),
  update: spaceMutation('schedule.edit', updateAssignmentInput, resources.updateAssignment),
  delete: spaceMutation('schedule.edit', assignmentInput, resources.deleteAssignment),
  /** Per work: the resources, planned labour and cost (grid columns). */
  summary: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    resources.assignmentSummary(ctx, input.versionId),
  ),
  assign: spaceMutation('schedule.edit', assignResourceInput, resources.assignResource),
  distributions: spaceQuery('schedule.view', distributionsByEpsInput, distributionsByEps),
  saveDistributions: spaceMutation('schedule.edit', saveDistributionsInput, resources.saveDistributions),
});
