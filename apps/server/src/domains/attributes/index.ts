// What the attributes domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
import { onVersionCalculated } from '../calculation';
import { onWorksChanged } from '../undo';
import { onActualVersionSet } from '../versions';
import { recalculateFormulas } from './calculate';
import { refreshLinksOfActualVersion, refreshLinksOfDonorVersion } from './links';

export { calculateFormulas, recalculateFormulas } from './calculate';
export { checkFormula, formulaNames } from './check';
export {
  createLinkedAttribute,
  deleteLinkedAttribute,
  listDonorAttributes,
  listLinkedAttributes,
  refreshLinkedAttribute,
  refreshLinksOfDonorVersion,
} from './links';
export {
  createAttribute,
  deleteAttribute,
  listAttributes,
  setAttributeAccess,
  updateAttribute,
} from './service';

// Formula values follow the works they are computed from: after an edit, the edited works (and the summaries
// rolled up above them); after a calculation, the works whose dates moved — in the same transaction, and only
// where the version's schedule has formula attributes (one cheap query otherwise).
onWorksChanged(async (client, change) => {
  await recalculateFormulas(client, change.spaceId, change.versionId, { workIds: change.workIds });
  // Then the schedules that copy from this one, when it is the donor's current version.
  await refreshLinksOfDonorVersion(client, change.spaceId, change.versionId);
});
onVersionCalculated(async (client, versionId, workIds) => {
  const { rows } = await client.query<{ spaceId: string }>(`SELECT "spaceId" FROM versions WHERE id = $1`, [
    versionId,
  ]);
  if (!rows[0]) return;
  await recalculateFormulas(client, rows[0].spaceId, versionId, { workIds });
  // The calculated dates (and the formulas over them) reach the schedules that copy from this one.
  await refreshLinksOfDonorVersion(client, rows[0].spaceId, versionId);
});
// A new actual version is the current one its schedule's links copy from and into.
onActualVersionSet(refreshLinksOfActualVersion);
