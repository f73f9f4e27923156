// The schedule assistant (docs/product-rules.md, "Schedule assistant"): the schedule analysis of a
// version kept as a history of runs, and the space's thresholds; the WBS decomposition of a work (the
// templates shipped with Takt and the space's own, a language model's proposal when one is configured,
// applying a proposal as one undoable change).
export { runScheduleAnalytics } from './analytics';
export { applyDecomposition, proposeDecomposition } from './decompose';
export { historyItem, historyList } from './history';
export { assistantSettingsOf, saveAssistantSettings } from './settings';
export { builtInTemplates, previewTemplate } from './template-preview';
export { createTemplate, deleteTemplate, spaceTemplates, updateTemplate } from './template-store';
