import type pg from 'pg';
import { versionCopyResources } from './copy-resources';

/** The columns of a work row besides its id: what a version copy copies and an undo snapshot keeps. */
export const WORK_COLUMNS = [
  'spaceId',
  'versionId',
  'parentId',
  'originId',
  'sortKey',
  'code',
  'name',
  'type',
  'durationMinutes',
  'calendarId',
  'planStart',
  'planFinish',
  'approvedStart',
  'approvedFinish',
  'factStart',
  'factFinish',
  'planVolume',
  'approvedVolume',
  'factVolume',
  'unit',
  'progress',
  'status',
  'executorId',
  'curatorId',
  'startLimit',
  'startLimitDate',
  'finishLimit',
  'finishLimitDate',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'totalFloat',
  'freeFloat',
  'critical',
];

const COPIED = WORK_COLUMNS.filter((c) => !['spaceId', 'versionId', 'parentId'].includes(c));

/**
 * Copies the works, relations, attribute values, directory values, assignments and daily plans of one version into another,
 * inside PostgreSQL (INSERT … SELECT over an id map): one round trip per table whatever the size.
 * Works keep their `originId`, which is how version comparison matches them. Links from other
 * schedules into the version are copied too; links to works outside it keep their predecessor.
 */
export async function versionCopyData(client: pg.PoolClient, fromVersionId: string, toVersionId: string) {
  await client.query('DROP TABLE IF EXISTS work_copy_map');
  await client.query(
    `CREATE TEMP TABLE work_copy_map ON COMMIT DROP AS
     SELECT id AS old, gen_random_uuid() AS new FROM works WHERE "versionId" = $1`,
    [fromVersionId],
  );
  await client.query('ALTER TABLE work_copy_map ADD PRIMARY KEY (old)');
  const cols = COPIED.map((c) => `"${c}"`).join(', ');
  const { rowCount } = await client.query(
    `INSERT INTO works (id, "spaceId", "versionId", "parentId", ${cols})
     SELECT m.new, w."spaceId", $2, pm.new, ${COPIED.map((c) => `w."${c}"`).join(', ')}
     FROM works w JOIN work_copy_map m ON m.old = w.id LEFT JOIN work_copy_map pm ON pm.old = w."parentId"
     WHERE w."versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await client.query(
    `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", code, driving)
     SELECT gen_random_uuid(), r."spaceId", $2, coalesce(pm.new, r."predecessorId"), sm.new, r.type, r."lagMinutes",
       r.code, r.driving
     FROM relations r JOIN work_copy_map sm ON sm.old = r."successorId"
     LEFT JOIN work_copy_map pm ON pm.old = r."predecessorId"
     WHERE r."versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await client.query(
    `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
     SELECT v."spaceId", m.new, v."attributeId", v.value FROM attribute_values v JOIN work_copy_map m ON m.old = v."workId"`,
  );
  await client.query(
    `INSERT INTO version_directory_values ("spaceId", "versionId", "valueId")
     SELECT "spaceId", $2, "valueId" FROM version_directory_values WHERE "versionId" = $1`,
    [fromVersionId, toVersionId],
  );
  await versionCopyResources(client, fromVersionId, toVersionId);
  await copyBimLinks(client, fromVersionId, toVersionId);
  await client.query('DROP TABLE work_copy_map');
  return rowCount ?? 0;
}

/**
 * Copies a version's BIM links to its copy, over the temporary `work_copy_map` of versionCopyData (old
 * work ids to new ones).
 */
async function copyBimLinks(client: pg.PoolClient, fromVersionId: string, toVersionId: string) {
  await client.query(
    `INSERT INTO bim_links (id, "spaceId", "versionId", "workId", "modelId", "globalId", "profileId", source, "createdAt")
     SELECT gen_random_uuid(), l."spaceId", $2, m.new, l."modelId", l."globalId", l."profileId", l.source, l."createdAt"
     FROM bim_links l JOIN work_copy_map m ON m.old = l."workId" JOIN bim_models bm ON bm.id = l."modelId"
     WHERE l."versionId" = $1
       -- a copy into a schedule of another project drops links to this project's models
       AND bm."projectId" = (SELECT s."parentId" FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" WHERE v.id = $2)`,
    [fromVersionId, toVersionId],
  );
}
