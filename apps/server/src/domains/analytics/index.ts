// What the analytics domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { scopeBreakdown, scopeVolumes } from './breakdown';
export { pruneAnalyticAnswers, setSlowAnswers, withFreshness } from './cache';
export { curveSettingsOf, deleteCurve, listCurves, saveCurve, saveCurveSettings } from './curves';
export { scopeDeadlines } from './deadlines';
export { exportDashboard } from './export';
export { homeOf } from './home';
export { scopeIndicators, versionIndicators } from './indicators';
export { deletePreset, listPresets, savePreset, setPresetActive } from './presets';
export { printDashboard } from './print';
export { scopeRanking } from './ranking';
export { analyticsRefreshed } from './refresh';
export { costOf } from './scope';
export {
  createScoreboard,
  deleteScoreboard,
  getScoreboard,
  listScoreboards,
  moveOnScoreboard,
  updateScoreboard,
} from './scoreboards';
export { scopeSeries } from './series';
