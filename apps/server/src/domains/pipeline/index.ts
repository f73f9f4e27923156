// What the pipeline domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { pipelineCyclogramSources } from './cyclogram';
export { generatePipeline, getPipeline } from './generate';
export {
  createPipe,
  deletePipe,
  generateLocations,
  saveLocations,
  updatePipe,
} from './settings';
