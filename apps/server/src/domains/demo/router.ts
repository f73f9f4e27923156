import { largeDemoInput } from '@takt/contracts';
import { router, spaceProcedure } from '../../trpc/trpc';
import './filler';
import { registerBimDemo } from './bim-demo';
import { generateLargeSchedule } from './large';

// The demo model links to the programme the filler above creates, so it registers after it.
registerBimDemo();

export const scheduleDemoRouter = router({
  /** The 100,000-work schedule for performance, generated on demand (a few seconds). */
  largeSchedule: spaceProcedure('structure.edit')
    .input(largeDemoInput)
    .mutation(({ ctx, input }) => generateLargeSchedule(ctx, input.works)),
});
