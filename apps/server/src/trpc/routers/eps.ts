import {
  copyEpsNodeInput,
  createEpsNodeInput,
  createScheduleGroupInput,
  deleteEpsNodeInput,
  epsNodeInput,
  listScheduleGroupsInput,
  moveEpsNodeInput,
  moveScheduleGroupInput,
  moveScheduleToGroupInput,
  nodeInfoInput,
  scheduleGroupInput,
  spaceInput,
  updateEpsNodeInput,
  updateScheduleGroupInput,
} from '@takt/contracts';
import * as eps from '../../domains/eps';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const epsRouter = router({
  list: spaceQuery('structure.view', spaceInput, (ctx) => eps.listEps(ctx)),
  get: spaceQuery('structure.view', epsNodeInput, (ctx, input) => eps.getEpsNode(ctx, input.nodeId)),
  create: spaceMutation('structure.edit', createEpsNodeInput, eps.createEpsNode),
  update: spaceMutation('structure.edit', updateEpsNodeInput, eps.updateEpsNode),
  move: spaceMutation('structure.edit', moveEpsNodeInput, eps.moveEpsNode),
  copy: spaceMutation('structure.edit', copyEpsNodeInput, eps.copyEpsNode),
  delete: spaceMutation('structure.edit', deleteEpsNodeInput, (ctx, input) =>
    eps.deleteEpsNode(ctx, input.nodeId),
  ),
  info: spaceQuery('structure.view', nodeInfoInput, eps.nodeInfo),
});

export const scheduleGroupsRouter = router({
  list: spaceQuery('structure.view', listScheduleGroupsInput, (ctx, input) =>
    eps.listScheduleGroups(ctx, input.projectId),
  ),
  create: spaceMutation('structure.edit', createScheduleGroupInput, eps.createScheduleGroup),
  update: spaceMutation('structure.edit', updateScheduleGroupInput, eps.updateScheduleGroup),
  move: spaceMutation('structure.edit', moveScheduleGroupInput, eps.moveScheduleGroup),
  delete: spaceMutation('structure.edit', scheduleGroupInput, (ctx, input) =>
    eps.deleteScheduleGroup(ctx, input.groupId),
  ),
  moveSchedule: spaceMutation('structure.edit', moveScheduleToGroupInput, eps.moveScheduleToGroup),
});
