// What the version templates domain offers the other domains and the transport: import it from here, never
// from a file inside (docs/architecture.md, "Boundaries").
export { applyVersionTemplate } from './apply';
export {
  createVersionTemplate,
  deleteVersionTemplate,
  getVersionTemplate,
  listVersionTemplates,
  updateVersionTemplate,
} from './service';
