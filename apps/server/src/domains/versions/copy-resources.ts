import type pg from 'pg';

/**
 * Copies a version's assignments (with the by_volume links between them), daily work plans and resource
 * settings into the copy, over the `work_copy_map` of versionCopyData. Timesheets stay with the version
 * they were reported on.
 */
export async function versionCopyResources(
  client: pg.PoolClient,
  fromVersionId: string,
  toVersionId: string,
) {
  await client.query('DROP TABLE IF EXISTS assignment_copy_map');
  await client.query(
    `CREATE TEMP TABLE assignment_copy_map ON COMMIT DROP AS
     SELECT a.id AS old, gen_random_uuid() AS new FROM assignments a WHERE a."versionId" = $1`,
    [fromVersionId],
  );
  await client.query(
    `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", "approvedQuantity",
       "factQuantity", price, distribution, reserved, "lagMinutes", "windowMinutes", period, entries, "followsId")
     SELECT am.new, a."spaceId", $2, wm.new, a."resourceId", a."planQuantity", a."approvedQuantity", a."factQuantity",
       a.price, a.distribution, a.reserved, a."lagMinutes", a."windowMinutes", a.period, a.entries, fm.new
     FROM assignments a JOIN assignment_copy_map am ON am.old = a.id JOIN work_copy_map wm ON wm.old = a."workId"
     LEFT JOIN assignment_copy_map fm ON fm.old = a."followsId" WHERE a."versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await client.query(
    `INSERT INTO wdp_values ("spaceId", "versionId", "workId", date, "planVolume", "factVolume", "updatedById")
     SELECT v."spaceId", $2, m.new, v.date, v."planVolume", v."factVolume", v."updatedById"
     FROM wdp_values v JOIN work_copy_map m ON m.old = v."workId" WHERE v."versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await client.query(
    `INSERT INTO wdp_rows ("workId", "spaceId", "versionId", planning)
     SELECT m.new, r."spaceId", $2, r.planning FROM wdp_rows r JOIN work_copy_map m ON m.old = r."workId"
     WHERE r."versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await client.query(
    `INSERT INTO resource_settings ("versionId", "spaceId", scenario, variant, "autoStartFromWdp", "autoFinishFromWdp",
       "planCostAttributeId", "factCostAttributeId", leveling)
     SELECT $2, "spaceId", scenario, variant, "autoStartFromWdp", "autoFinishFromWdp", "planCostAttributeId",
       "factCostAttributeId", leveling FROM resource_settings WHERE "versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await client.query('DROP TABLE assignment_copy_map');
}
