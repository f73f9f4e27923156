// What the works domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
import { onWorksChanged } from '../undo';
import { notifyNewAssignees } from './assignments';

export { applyEdit } from './edit';
export { wbsOrder } from './fields';
export { getCodeNumbering, saveCodeNumbering, takeWorkCode } from './numbering';
export { ORDER_GAP, orderKeyAfter } from './order';
export {
  bulkUpdateWorks,
  bulkUpdateWorksIn,
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

// Whoever a change of works makes executor or curator is told, whatever made the change.
onWorksChanged(notifyNewAssignees);
