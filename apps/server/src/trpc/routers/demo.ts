import { largeDemoInput } from '@takt/contracts';
import { generateLargeSchedule, registerBimDemo, registerScheduleDemo } from '../../domains/demo';
import { registerEstimatesDemo } from '../../domains/estimates';
import { router, spaceMutation } from '../trpc';

// The demo model links to the programme of the schedule demo, so it registers after it.
registerScheduleDemo();
registerBimDemo();
// The demo estimates link to the programme's works too.
registerEstimatesDemo();

export const scheduleDemoRouter = router({
  /** The 100,000-work schedule for performance, generated on demand (a few seconds). */
  largeSchedule: spaceMutation('structure.edit', largeDemoInput, (ctx, input) =>
    generateLargeSchedule(ctx, input.works),
  ),
});
