// What the print domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { printCount, printPdf, printPreview } from './job';
export { createPreset, deletePreset, getPreset, listPresets, updatePreset } from './presets';
export { createPrintSettings, getPrintSettings, updatePrintSettings } from './settings';
export { versionSource, wbsDepths } from './source';
