import { largeDemoInput } from '@takt/contracts';
import { generateLargeSchedule, registerBimDemo, registerScheduleDemo } from '../../domains/demo';
import { router, spaceProcedure } from '../trpc';

// The demo model links to the programme of the schedule demo, so it registers after it.
registerScheduleDemo();
registerBimDemo();

export const scheduleDemoRouter = router({
  /** The 100,000-work schedule for performance, generated on demand (a few seconds). */
  largeSchedule: spaceProcedure('structure.edit')
    .input(largeDemoInput)
    .mutation(({ ctx, input }) => generateLargeSchedule(ctx, input.works)),
});
