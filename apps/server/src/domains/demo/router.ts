import { largeDemoInput } from '@takt/contracts';
import { router, spaceProcedure } from '../../trpc/trpc';
import './filler';
import { generateLargeSchedule } from './large';

export const scheduleDemoRouter = router({
  /** The 100,000-work schedule for performance, generated on demand (a few seconds). */
  largeSchedule: spaceProcedure('structure.edit')
    .input(largeDemoInput)
    .mutation(({ ctx, input }) => generateLargeSchedule(ctx, input.works)),
});
