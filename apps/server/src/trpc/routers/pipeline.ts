import {
  createPipeInput,
  generatePipelineLocationsInput,
  pipeInput,
  pipelineInput,
  savePipelineLocationsInput,
  updatePipeInput,
} from '@takt/contracts';
import * as pipeline from '../../domains/pipeline';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * The project pipeline (API pipeline/{project_id}, the project's pipes and locations, generate): seen by
 * whoever sees schedules; its settings and generation are edits of the project's schedules
 * (`schedule.edit`; locked versions refuse the generation as any edit does).
 */
export const pipelineRouter = router({
  get: spaceQuery('schedule.view', pipelineInput, pipeline.getPipeline),
  generate: spaceMutation('schedule.edit', pipelineInput, pipeline.generatePipeline),
  locations: router({
    list: spaceQuery('schedule.view', pipelineInput, (ctx, input) =>
      pipeline.getPipeline(ctx, input).then((p) => p.locations),
    ),
    save: spaceMutation('schedule.edit', savePipelineLocationsInput, pipeline.saveLocations),
    generate: spaceMutation('schedule.edit', generatePipelineLocationsInput, pipeline.generateLocations),
  }),
  pipes: router({
    list: spaceQuery('schedule.view', pipelineInput, (ctx, input) =>
      pipeline.getPipeline(ctx, input).then((p) => p.pipes),
    ),
    create: spaceMutation('schedule.edit', createPipeInput, pipeline.createPipe),
    update: spaceMutation('schedule.edit', updatePipeInput, pipeline.updatePipe),
    delete: spaceMutation('schedule.edit', pipeInput, pipeline.deletePipe),
  }),
});
