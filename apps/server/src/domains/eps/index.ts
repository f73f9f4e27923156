// What the eps domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  copyEpsNode,
  createEpsNode,
  createScheduleGroup,
  deleteEpsNode,
  deleteScheduleGroup,
  getEpsNode,
  listEps,
  listScheduleGroups,
  moveEpsNode,
  moveScheduleGroup,
  moveScheduleToGroup,
  nodeInfo,
  updateEpsNode,
  updateScheduleGroup,
} from './service';
