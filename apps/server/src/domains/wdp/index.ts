// What the wdp domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  editingWindow,
  limitForDp,
  listWdp,
  saveWdp,
  setWdpPlanning,
  updateVolumePlanAtDay,
  wdpOfVersion,
} from './service';
