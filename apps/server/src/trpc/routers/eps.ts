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
import { router, spaceProcedure } from '../trpc';

export const epsRouter = router({
  list: spaceProcedure('structure.view')
    .input(spaceInput)
    .query(({ ctx }) => eps.listEps(ctx)),
  get: spaceProcedure('structure.view')
    .input(epsNodeInput)
    .query(({ ctx, input }) => eps.getEpsNode(ctx, input.nodeId)),
  create: spaceProcedure('structure.edit')
    .input(createEpsNodeInput)
    .mutation(({ ctx, input }) => eps.createEpsNode(ctx, input)),
  update: spaceProcedure('structure.edit')
    .input(updateEpsNodeInput)
    .mutation(({ ctx, input }) => eps.updateEpsNode(ctx, input)),
  move: spaceProcedure('structure.edit')
    .input(moveEpsNodeInput)
    .mutation(({ ctx, input }) => eps.moveEpsNode(ctx, input)),
  copy: spaceProcedure('structure.edit')
    .input(copyEpsNodeInput)
    .mutation(({ ctx, input }) => eps.copyEpsNode(ctx, input)),
  delete: spaceProcedure('structure.edit')
    .input(deleteEpsNodeInput)
    .mutation(({ ctx, input }) => eps.deleteEpsNode(ctx, input.nodeId)),
  info: spaceProcedure('structure.view')
    .input(nodeInfoInput)
    .query(({ ctx, input }) => eps.nodeInfo(ctx, input)),
});

export const scheduleGroupsRouter = router({
  list: spaceProcedure('structure.view')
    .input(listScheduleGroupsInput)
    .query(({ ctx, input }) => eps.listScheduleGroups(ctx, input.projectId)),
  create: spaceProcedure('structure.edit')
    .input(createScheduleGroupInput)
    .mutation(({ ctx, input }) => eps.createScheduleGroup(ctx, input)),
  update: spaceProcedure('structure.edit')
    .input(updateScheduleGroupInput)
    .mutation(({ ctx, input }) => eps.updateScheduleGroup(ctx, input)),
  move: spaceProcedure('structure.edit')
    .input(moveScheduleGroupInput)
    .mutation(({ ctx, input }) => eps.moveScheduleGroup(ctx, input)),
  delete: spaceProcedure('structure.edit')
    .input(scheduleGroupInput)
    .mutation(({ ctx, input }) => eps.deleteScheduleGroup(ctx, input.groupId)),
  moveSchedule: spaceProcedure('structure.edit')
    .input(moveScheduleToGroupInput)
    .mutation(({ ctx, input }) => eps.moveScheduleToGroup(ctx, input)),
});
