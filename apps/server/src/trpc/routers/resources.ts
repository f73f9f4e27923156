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
import { router, spaceProcedure } from '../trpc';

/** The resource directory of a space: specialties, executors and resources (screens and routes resources screen, API). */
export const resourcesRouter = router({
  list: spaceProcedure('resources.view')
    .input(listResourcesInput)
    .query(({ ctx, input }) => resources.listResources(ctx, input)),
  get: spaceProcedure('resources.view')
    .input(resourceInput)
    .query(({ ctx, input }) => resources.getResource(ctx, input.resourceId)),
  create: spaceProcedure('resources.edit')
    .input(createResourceInput)
    .mutation(({ ctx, input }) => resources.createResource(ctx, input)),
  update: spaceProcedure('resources.edit')
    .input(updateResourceInput)
    .mutation(({ ctx, input }) => resources.updateResource(ctx, input)),
  delete: spaceProcedure('resources.edit')
    .input(resourceInput)
    .mutation(({ ctx, input }) => resources.deleteResource(ctx, input.resourceId)),
  specialties: spaceProcedure('resources.view')
    .input(spaceInput)
    .query(({ ctx }) => resources.listSpecialties(ctx)),
  createSpecialty: spaceProcedure('resources.edit')
    .input(createSpecialtyInput)
    .mutation(({ ctx, input }) => resources.createSpecialty(ctx, input)),
  updateSpecialty: spaceProcedure('resources.edit')
    .input(updateSpecialtyInput)
    .mutation(({ ctx, input }) => resources.updateSpecialty(ctx, input)),
  deleteSpecialty: spaceProcedure('resources.edit')
    .input(specialtyInput)
    .mutation(({ ctx, input }) => resources.deleteSpecialty(ctx, input.specialtyId)),
  executors: spaceProcedure('resources.view')
    .input(spaceInput)
    .query(({ ctx }) => resources.listExecutors(ctx)),
  setUserSpecialties: spaceProcedure('resources.edit')
    .input(setUserSpecialtiesInput)
    .mutation(({ ctx, input }) => resources.setUserSpecialties(ctx, input)),
  settings: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => resources.getResourceSettings(ctx, input.versionId)),
  updateSettings: spaceProcedure('schedule.edit')
    .input(updateResourceSettingsInput)
    .mutation(({ ctx, input }) => resources.updateResourceSettings(ctx, input)),
  updateCosts: spaceProcedure('schedule.edit')
    .input(versionInput)
    .mutation(({ ctx, input }) => resources.updateCosts(ctx, input.versionId)),
  remainsByIntensity: spaceProcedure('schedule.edit')
    .input(versionWorksInput)
    .mutation(({ ctx, input }) => remainsByIntensity(ctx, input)),
  /** The version's calculation scenario applied to its works (API update/estimated-data). */
  applyScenario: spaceProcedure('schedule.edit')
    .input(versionWorksInput)
    .mutation(({ ctx, input }) => applyScenario(ctx, input)),
  histogram: spaceProcedure('schedule.view')
    .input(histogramInput)
    .query(({ ctx, input }) => versionHistogram(ctx, input)),
  /** A preview: nothing is written. */
  level: spaceProcedure('schedule.view')
    .input(levelInput)
    .query(({ ctx, input }) => levelPreview(ctx, input)),
  applyLeveling: spaceProcedure('schedule.edit')
    .input(applyLevelingInput)
    .mutation(({ ctx, input }) => levelApply(ctx, input)),
});

/** Assignments of resources to works of a version, and their distributions (API assignment, distributions). */
export const assignmentsRouter = router({
  list: spaceProcedure('schedule.view')
    .input(listAssignmentsInput)
    .query(({ ctx, input }) => resources.listAssignments(ctx, input)),
  create: spaceProcedure('schedule.edit')
    .input(createAssignmentInput)
    .mutation(({ ctx, input }) => resources.createAssignment(ctx, input)),
  update: spaceProcedure('schedule.edit')
    .input(updateAssignmentInput)
    .mutation(({ ctx, input }) => resources.updateAssignment(ctx, input)),
  delete: spaceProcedure('schedule.edit')
    .input(assignmentInput)
    .mutation(({ ctx, input }) => resources.deleteAssignment(ctx, input)),
  /** Per work: the resources, planned labour and cost (grid columns). */
  summary: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => resources.assignmentSummary(ctx, input.versionId)),
  assign: spaceProcedure('schedule.edit')
    .input(assignResourceInput)
    .mutation(({ ctx, input }) => resources.assignResource(ctx, input)),
  distributions: spaceProcedure('schedule.view')
    .input(distributionsByEpsInput)
    .query(({ ctx, input }) => distributionsByEps(ctx, input)),
  saveDistributions: spaceProcedure('schedule.edit')
    .input(saveDistributionsInput)
    .mutation(({ ctx, input }) => resources.saveDistributions(ctx, input)),
});
