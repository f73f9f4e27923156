// What the works domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { applyEdit } from './edit';
export { wbsOrder } from './fields';
export { onWorksEdited } from './hooks';
export { getCodeNumbering, saveCodeNumbering } from './numbering';
export { ORDER_GAP, orderKeyAfter } from './order';
export {
  bulkUpdateWorks,
  createWork,
  deleteWorks,
  getWork,
  indentWork,
  listWorks,
  moveWork,
  outdentWork,
  planDetailRows,
  searchWorks,
  setWorkState,
  updateWork,
  workPlanDetails,
  workViewState,
} from './service';
