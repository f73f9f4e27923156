// The schedule assistant (docs/product-rules.md, "Schedule assistant"): the schedule analysis of a
// version kept as a history of runs, and the space's thresholds. A run's `kind` leaves room for the
// decomposition of a work (its proposal and applying it) and for a language model's wording, which
// come later and keep their runs in the same history.
export { runScheduleAnalytics } from './analytics';
export { historyItem, historyList } from './history';
export { assistantSettingsOf, saveAssistantSettings } from './settings';
