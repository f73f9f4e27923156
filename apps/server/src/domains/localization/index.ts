// What the localization domain offers the other domains and the transport: import it from here, never from a
// file inside (docs/architecture.md, "Boundaries").
export {
  localizationLanguages,
  localizationOverrides,
  localizationSet,
  overrideText,
  resetText,
} from './service';
