import {
  bimApplyRulesInput,
  bimColorsInput,
  bimCreatePrimitiveInput,
  bimCreateProfileInput,
  bimCreateRuleInput,
  bimElementInput,
  bimElementsInput,
  bimLinkInput,
  bimModelInput,
  bimNodeIdsInput,
  bimPrimitiveInput,
  bimPrimitivesInput,
  bimProcessLinksInput,
  bimProfileInput,
  bimProjectInput,
  bimRelationsInput,
  bimRuleInput,
  bimScheduleInput,
  bimSetStateInput,
  bimUnlinkInput,
  bimUpdateModelInput,
  bimUpdatePrimitiveInput,
  bimUpdateProfileInput,
  bimUpdateRuleInput,
  bimUploadInput,
  bimVersionInput,
  bimWorksOfElementsInput,
  spaceInput,
} from '@takt/contracts';
import * as bim from '../../domains/bim';
import { bimSeat, router, spaceProcedure } from '../trpc';

// Both tiers also need a BIM seat of the space's licence.
const view = spaceProcedure('bim.view').use(bimSeat);
const edit = spaceProcedure('bim.edit').use(bimSeat);
/**
 * Linking and unlinking name up to 100,000 elements and works per call (up to about 14 MB of JSON),
 * more than the default request body limit.
 */
const editMany = spaceProcedure('bim.edit')
  .meta({ access: 'space', ability: 'bim.edit', maxBodyBytes: 16 * 1024 * 1024 })
  .use(bimSeat);

/** IFC models of a project (API projects/{id}/3d …). */
const modelsRouter = router({
  list: view.input(bimProjectInput).query(({ ctx, input }) => bim.listModels(ctx, input.projectId)),
  get: view.input(bimModelInput).query(({ ctx, input }) => bim.getModel(ctx, input.modelId)),
  upload: edit.input(bimUploadInput).mutation(({ ctx, input }) => bim.uploadModel(ctx, input)),
  update: edit.input(bimUpdateModelInput).mutation(({ ctx, input }) => bim.updateModel(ctx, input)),
  delete: edit.input(bimModelInput).mutation(({ ctx, input }) => bim.deleteModel(ctx, input.modelId)),
  /** The geometry cache as bytes (REST returns the file). */
  geometry: view.input(bimModelInput).query(({ ctx, input }) => bim.modelGeometry(ctx, input.modelId)),
  elements: view.input(bimElementsInput).query(({ ctx, input }) => bim.listElements(ctx, input)),
  elementColumns: view.input(bimModelInput).query(({ ctx, input }) => bim.elementColumns(ctx, input.modelId)),
  element: view
    .input(bimElementInput)
    .query(({ ctx, input }) => bim.elementAttributes(ctx, input.modelId, input.globalId)),
  attributes: view.input(bimModelInput).query(({ ctx, input }) => bim.modelAttributeKeys(ctx, input.modelId)),
  pbs: view.input(bimProjectInput).query(({ ctx, input }) => bim.projectPbs(ctx, input.projectId)),
  linkSummary: view
    .input(bimProjectInput)
    .query(({ ctx, input }) => bim.projectLinkSummary(ctx, input.projectId)),
});

/** Element ↔ work links of a version (API versions/{id}/3d/link/{x}). */
const linksRouter = router({
  link: editMany.input(bimLinkInput).mutation(({ ctx, input }) => bim.linkElements(ctx, input)),
  unlink: editMany.input(bimUnlinkInput).mutation(({ ctx, input }) => bim.unlinkElements(ctx, input)),
  applyRules: edit.input(bimApplyRulesInput).mutation(({ ctx, input }) => bim.applyRules(ctx, input)),
  fromProcessData: edit
    .input(bimProcessLinksInput)
    .mutation(({ ctx, input }) => bim.linkFromProcessData(ctx, input)),
  relations: view.input(bimRelationsInput).query(({ ctx, input }) => bim.linkRelations(ctx, input)),
  wbs: view.input(bimVersionInput).query(({ ctx, input }) => bim.linkWbs(ctx, input.versionId)),
  nodeIds: view.input(bimNodeIdsInput).query(({ ctx, input }) => bim.linkNodeIds(ctx, input)),
  worksOfElements: view
    .input(bimWorksOfElementsInput)
    .query(({ ctx, input }) => bim.linkWorksOfElements(ctx, input)),
  player: view.input(bimVersionInput).query(({ ctx, input }) => bim.playerData(ctx, input.versionId)),
  colors: view.input(bimColorsInput).query(({ ctx, input }) => bim.colorsAt(ctx, input)),
  deviationDates: view
    .input(bimVersionInput)
    .query(({ ctx, input }) => bim.deviationDates(ctx, input.versionId)),
});

/** Saved linking rules of a schedule (API schedules/{id}/3d/link). */
const rulesRouter = router({
  list: view.input(bimScheduleInput).query(({ ctx, input }) => bim.listRules(ctx, input.scheduleId)),
  create: edit.input(bimCreateRuleInput).mutation(({ ctx, input }) => bim.createRule(ctx, input)),
  update: edit.input(bimUpdateRuleInput).mutation(({ ctx, input }) => bim.updateRule(ctx, input)),
  delete: edit.input(bimRuleInput).mutation(({ ctx, input }) => bim.deleteRule(ctx, input.ruleId)),
});

/** BIM appearance profiles of the space and the user's view state (API). */
const profilesRouter = router({
  list: view.input(spaceInput).query(({ ctx }) => bim.listProfiles(ctx.db.pool, ctx.space.spaceId, ctx.lang)),
  create: edit.input(bimCreateProfileInput).mutation(({ ctx, input }) => bim.createProfile(ctx, input)),
  update: edit.input(bimUpdateProfileInput).mutation(({ ctx, input }) => bim.updateProfile(ctx, input)),
  delete: edit.input(bimProfileInput).mutation(({ ctx, input }) => bim.deleteProfile(ctx, input.profileId)),
  state: view.input(bimProjectInput).query(({ ctx, input }) => bim.getViewState(ctx, input.projectId)),
  setState: view.input(bimSetStateInput).mutation(({ ctx, input }) => bim.setViewState(ctx, input)),
});

/** 3D primitives of an EPS node (API primitivesModels). */
const primitivesRouter = router({
  list: view.input(bimPrimitivesInput).query(({ ctx, input }) => bim.listPrimitives(ctx, input.epsId)),
  create: edit.input(bimCreatePrimitiveInput).mutation(({ ctx, input }) => bim.createPrimitive(ctx, input)),
  update: edit.input(bimUpdatePrimitiveInput).mutation(({ ctx, input }) => bim.updatePrimitive(ctx, input)),
  delete: edit
    .input(bimPrimitiveInput)
    .mutation(({ ctx, input }) => bim.deletePrimitive(ctx, input.primitiveId)),
});

export const bimRouter = router({
  models: modelsRouter,
  links: linksRouter,
  rules: rulesRouter,
  profiles: profilesRouter,
  primitives: primitivesRouter,
});
