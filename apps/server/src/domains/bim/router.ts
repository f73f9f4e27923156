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
import { router, spaceProcedure } from '../../trpc/trpc';
import { bimSeat } from '../access/modules';
import * as links from './links';
import * as models from './models';
import * as player from './player';
import * as primitives from './primitives';
import * as profiles from './profiles';
import * as rules from './rules';

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

/** IFC models of a project (spec §7 projects/{id}/3d …). */
const modelsRouter = router({
  list: view.input(bimProjectInput).query(({ ctx, input }) => models.listModels(ctx, input.projectId)),
  get: view.input(bimModelInput).query(({ ctx, input }) => models.getModel(ctx, input.modelId)),
  upload: edit.input(bimUploadInput).mutation(({ ctx, input }) => models.uploadModel(ctx, input)),
  update: edit.input(bimUpdateModelInput).mutation(({ ctx, input }) => models.updateModel(ctx, input)),
  delete: edit.input(bimModelInput).mutation(({ ctx, input }) => models.deleteModel(ctx, input.modelId)),
  /** The geometry cache as bytes (REST returns the file). */
  geometry: view.input(bimModelInput).query(({ ctx, input }) => models.modelGeometry(ctx, input.modelId)),
  elements: view.input(bimElementsInput).query(({ ctx, input }) => models.listElements(ctx, input)),
  elementColumns: view
    .input(bimModelInput)
    .query(({ ctx, input }) => models.elementColumns(ctx, input.modelId)),
  element: view
    .input(bimElementInput)
    .query(({ ctx, input }) => models.elementAttributes(ctx, input.modelId, input.globalId)),
  attributes: view
    .input(bimModelInput)
    .query(({ ctx, input }) => models.modelAttributeKeys(ctx, input.modelId)),
  pbs: view.input(bimProjectInput).query(({ ctx, input }) => models.projectPbs(ctx, input.projectId)),
  linkSummary: view
    .input(bimProjectInput)
    .query(({ ctx, input }) => player.projectLinkSummary(ctx, input.projectId)),
});

/** Element ↔ work links of a version (spec §7 versions/{id}/3d/link/{x}). */
const linksRouter = router({
  link: editMany.input(bimLinkInput).mutation(({ ctx, input }) => links.linkElements(ctx, input)),
  unlink: editMany.input(bimUnlinkInput).mutation(({ ctx, input }) => links.unlinkElements(ctx, input)),
  applyRules: edit.input(bimApplyRulesInput).mutation(({ ctx, input }) => links.applyRules(ctx, input)),
  fromProcessData: edit
    .input(bimProcessLinksInput)
    .mutation(({ ctx, input }) => links.linkFromProcessData(ctx, input)),
  relations: view.input(bimRelationsInput).query(({ ctx, input }) => links.linkRelations(ctx, input)),
  wbs: view.input(bimVersionInput).query(({ ctx, input }) => links.linkWbs(ctx, input.versionId)),
  nodeIds: view.input(bimNodeIdsInput).query(({ ctx, input }) => links.linkNodeIds(ctx, input)),
  worksOfElements: view
    .input(bimWorksOfElementsInput)
    .query(({ ctx, input }) => links.linkWorksOfElements(ctx, input)),
  player: view.input(bimVersionInput).query(({ ctx, input }) => player.playerData(ctx, input.versionId)),
  colors: view.input(bimColorsInput).query(({ ctx, input }) => player.colorsAt(ctx, input)),
  deviationDates: view
    .input(bimVersionInput)
    .query(({ ctx, input }) => player.deviationDates(ctx, input.versionId)),
});

/** Saved linking rules of a schedule (spec §7 schedules/{id}/3d/link). */
const rulesRouter = router({
  list: view.input(bimScheduleInput).query(({ ctx, input }) => rules.listRules(ctx, input.scheduleId)),
  create: edit.input(bimCreateRuleInput).mutation(({ ctx, input }) => rules.createRule(ctx, input)),
  update: edit.input(bimUpdateRuleInput).mutation(({ ctx, input }) => rules.updateRule(ctx, input)),
  delete: edit.input(bimRuleInput).mutation(({ ctx, input }) => rules.deleteRule(ctx, input.ruleId)),
});

/** BIM appearance profiles of the space and the user's view state (spec §7). */
const profilesRouter = router({
  list: view
    .input(spaceInput)
    .query(({ ctx }) => profiles.listProfiles(ctx.db.pool, ctx.space.spaceId, ctx.lang)),
  create: edit.input(bimCreateProfileInput).mutation(({ ctx, input }) => profiles.createProfile(ctx, input)),
  update: edit.input(bimUpdateProfileInput).mutation(({ ctx, input }) => profiles.updateProfile(ctx, input)),
  delete: edit
    .input(bimProfileInput)
    .mutation(({ ctx, input }) => profiles.deleteProfile(ctx, input.profileId)),
  state: view.input(bimProjectInput).query(({ ctx, input }) => profiles.getViewState(ctx, input.projectId)),
  setState: view.input(bimSetStateInput).mutation(({ ctx, input }) => profiles.setViewState(ctx, input)),
});

/** 3D primitives of an EPS node (spec §7 primitivesModels). */
const primitivesRouter = router({
  list: view.input(bimPrimitivesInput).query(({ ctx, input }) => primitives.listPrimitives(ctx, input.epsId)),
  create: edit
    .input(bimCreatePrimitiveInput)
    .mutation(({ ctx, input }) => primitives.createPrimitive(ctx, input)),
  update: edit
    .input(bimUpdatePrimitiveInput)
    .mutation(({ ctx, input }) => primitives.updatePrimitive(ctx, input)),
  delete: edit
    .input(bimPrimitiveInput)
    .mutation(({ ctx, input }) => primitives.deletePrimitive(ctx, input.primitiveId)),
});

export const bimRouter = router({
  models: modelsRouter,
  links: linksRouter,
  rules: rulesRouter,
  profiles: profilesRouter,
  primitives: primitivesRouter,
});
