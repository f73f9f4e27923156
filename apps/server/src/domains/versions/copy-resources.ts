import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * The builder of a version copy's connection, which also knows the copy's temporary map of old work ids to
 * new ones (`work_copy_map`, made by versionCopyData) that the other tables' copies join.
 */
export const withCopyMap = (client: pg.PoolClient) =>
  kyselyOf(client).withTables<{ work_copy_map: { old: string; new: string } }>();

/**
 * A temporary table `name` (dropped at commit) of the ids of a version's rows of `table`, each with a new
 * id for its copy: `old` (its key) to `new`.
 */
export async function createCopyMap(
  client: pg.PoolClient,
  name: 'work_copy_map' | 'assignment_copy_map',
  table: 'works' | 'assignments',
  versionId: string,
) {
  const db = kyselyOf(client);
  await db.schema.dropTable(name).ifExists().execute();
  await db.schema
    .createTable(name)
    .temporary()
    .onCommit('drop')
    .as(
      db
        .selectFrom(table)
        .select(['id as old', sql<string>`gen_random_uuid()`.as('new')])
        .where('versionId', '=', versionId),
    )
    .execute();
  await db.schema.alterTable(name).addPrimaryKeyConstraint(`${name}_pkey`, ['old']).execute();
}

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
  const db = withCopyMap(client).withTables<{ assignment_copy_map: { old: string; new: string } }>();
  const toVersion = sql.val(toVersionId).as('versionId');
  await createCopyMap(client, 'assignment_copy_map', 'assignments', fromVersionId);
  await db
    .insertInto('assignments')
    .columns([
      'id',
      'spaceId',
      'versionId',
      'workId',
      'resourceId',
      'planQuantity',
      'approvedQuantity',
      'factQuantity',
      'price',
      'distribution',
      'reserved',
      'lagMinutes',
      'windowMinutes',
      'period',
      'entries',
      'followsId',
    ])
    .expression(
      db
        .selectFrom('assignments as a')
        .innerJoin('assignment_copy_map as am', 'am.old', 'a.id')
        .innerJoin('work_copy_map as wm', 'wm.old', 'a.workId')
        .leftJoin('assignment_copy_map as fm', 'fm.old', 'a.followsId')
        .select([
          'am.new as id',
          'a.spaceId',
          toVersion,
          'wm.new as workId',
          'a.resourceId',
          'a.planQuantity',
          'a.approvedQuantity',
          'a.factQuantity',
          'a.price',
          'a.distribution',
          'a.reserved',
          'a.lagMinutes',
          'a.windowMinutes',
          'a.period',
          'a.entries',
          'fm.new as followsId',
        ])
        .where('a.versionId', '=', fromVersionId),
    )
    .execute();
  await db
    .insertInto('wdp_values')
    .columns(['spaceId', 'versionId', 'workId', 'date', 'planVolume', 'factVolume', 'updatedById'])
    .expression(
      db
        .selectFrom('wdp_values as v')
        .innerJoin('work_copy_map as m', 'm.old', 'v.workId')
        .select([
          'v.spaceId',
          toVersion,
          'm.new as workId',
          'v.date',
          'v.planVolume',
          'v.factVolume',
          'v.updatedById',
        ])
        .where('v.versionId', '=', fromVersionId),
    )
    .execute();
  await db
    .insertInto('wdp_rows')
    .columns(['workId', 'spaceId', 'versionId', 'planning'])
    .expression(
      db
        .selectFrom('wdp_rows as r')
        .innerJoin('work_copy_map as m', 'm.old', 'r.workId')
        .select(['m.new as workId', 'r.spaceId', toVersion, 'r.planning'])
        .where('r.versionId', '=', fromVersionId),
    )
    .execute();
  const settings = [
    'spaceId',
    'scenario',
    'variant',
    'autoStartFromWdp',
    'autoFinishFromWdp',
    'planCostAttributeId',
    'factCostAttributeId',
    'leveling',
  ] as const;
  await db
    .insertInto('resource_settings')
    .columns(['versionId', ...settings])
    .expression(
      db
        .selectFrom('resource_settings')
        .select([toVersion, ...settings])
        .where('versionId', '=', fromVersionId),
    )
    .execute();
  await db.schema.dropTable('assignment_copy_map').execute();
}
