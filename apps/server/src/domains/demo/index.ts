// What the demo domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { registerBimDemo } from './bim-demo';
export { registerScheduleDemo } from './filler';
export { generateLargeSchedule } from './large';
