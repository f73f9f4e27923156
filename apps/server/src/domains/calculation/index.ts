// What the calculation domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { projectLoad } from './project';
export { documentWithResults, type RowResults } from './rows';
export {
  calculateAndWrite,
  calculateVersion,
  calculationLease,
  calculationStatus,
  onVersionCalculated,
  recoverInterruptedCalculations,
  rollUpAndWrite,
  rollUpStoredSummaries,
} from './service';
export { rollUpSummariesAbove } from './stored-rollups';
export { warmCalculationThread } from './thread';
export { versionProgressWeighting } from './weights';
