import { sql } from 'kysely';
import type pg from 'pg';
import { RELATION_DATA_COLUMNS, WORK_DATA_COLUMNS } from '../../db/work-row';
import { createCopyMap, versionCopyResources, withCopyMap } from './copy-resources';

/** The columns of a work row besides its id: what a version copy copies and an undo snapshot keeps. */
export const WORK_COLUMNS = WORK_DATA_COLUMNS;

const COPIED = WORK_COLUMNS.filter((c) => c !== 'spaceId' && c !== 'versionId' && c !== 'parentId');

/**
 * Copies the works, relations, attribute values, directory values, assignments and daily plans of one version into another,
 * inside PostgreSQL (INSERT … SELECT over an id map): one round trip per table whatever the size.
 * Works keep their `originId`, which is how version comparison matches them. Links from other
 * schedules into the version are copied too; links to works outside it keep their predecessor.
 */
export async function versionCopyData(client: pg.PoolClient, fromVersionId: string, toVersionId: string) {
  const db = withCopyMap(client);
  await createCopyMap(client, 'work_copy_map', 'works', fromVersionId);
  const copied = await db
    .insertInto('works')
    .columns(['id', 'spaceId', 'versionId', 'parentId', ...COPIED])
    .expression(
      db
        .selectFrom('works as w')
        .innerJoin('work_copy_map as m', 'm.old', 'w.id')
        .leftJoin('work_copy_map as pm', 'pm.old', 'w.parentId')
        .select(['m.new as id', 'w.spaceId', sql.val(toVersionId).as('versionId'), 'pm.new as parentId'])
        .select(COPIED.map((c) => `w.${c}` as const))
        .where('w.versionId', '=', fromVersionId),
    )
    .executeTakeFirst();
  await db
    .insertInto('relations')
    .columns(['id', 'spaceId', ...RELATION_DATA_COLUMNS])
    .expression(
      db
        .selectFrom('relations as r')
        .innerJoin('work_copy_map as sm', 'sm.old', 'r.successorId')
        .leftJoin('work_copy_map as pm', 'pm.old', 'r.predecessorId')
        .select([
          sql<string>`gen_random_uuid()`.as('id'),
          'r.spaceId',
          sql.val(toVersionId).as('versionId'),
          (eb) => eb.fn.coalesce('pm.new', 'r.predecessorId').as('predecessorId'),
          'sm.new as successorId',
          'r.type',
          'r.lagMinutes',
          'r.code',
          'r.driving',
        ])
        .where('r.versionId', '=', fromVersionId),
    )
    .execute();
  await db
    .insertInto('attribute_values')
    .columns(['spaceId', 'workId', 'attributeId', 'value'])
    .expression(
      db
        .selectFrom('attribute_values as v')
        .innerJoin('work_copy_map as m', 'm.old', 'v.workId')
        .select(['v.spaceId', 'm.new as workId', 'v.attributeId', 'v.value']),
    )
    .execute();
  await db
    .insertInto('version_directory_values')
    .columns(['spaceId', 'versionId', 'valueId'])
    .expression(
      db
        .selectFrom('version_directory_values')
        .select(['spaceId', sql.val(toVersionId).as('versionId'), 'valueId'])
        .where('versionId', '=', fromVersionId),
    )
    .execute();
  await versionCopyResources(client, fromVersionId, toVersionId);
  await copyBimLinks(client, fromVersionId, toVersionId);
  await db.schema.dropTable('work_copy_map').execute();
  return Number(copied.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Copies a version's BIM links to its copy, over the temporary `work_copy_map` of versionCopyData (old
 * work ids to new ones).
 */
async function copyBimLinks(client: pg.PoolClient, fromVersionId: string, toVersionId: string) {
  const db = withCopyMap(client);
  await db
    .insertInto('bim_links')
    .columns([
      'id',
      'spaceId',
      'versionId',
      'workId',
      'modelId',
      'globalId',
      'profileId',
      'source',
      'createdAt',
    ])
    .expression(
      db
        .selectFrom('bim_links as l')
        .innerJoin('work_copy_map as m', 'm.old', 'l.workId')
        .innerJoin('bim_models as bm', 'bm.id', 'l.modelId')
        .select([
          sql<string>`gen_random_uuid()`.as('id'),
          'l.spaceId',
          sql.val(toVersionId).as('versionId'),
          'm.new as workId',
          'l.modelId',
          'l.globalId',
          'l.profileId',
          'l.source',
          'l.createdAt',
        ])
        .where('l.versionId', '=', fromVersionId)
        // a copy into a schedule of another project drops links to this project's models
        .where('bm.projectId', '=', (eb) =>
          eb
            .selectFrom('versions as v')
            .innerJoin('eps_nodes as s', 's.id', 'v.scheduleId')
            .select('s.parentId')
            .where('v.id', '=', toVersionId),
        ),
    )
    .execute();
}
