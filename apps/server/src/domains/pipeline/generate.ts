import { randomUUID } from 'node:crypto';
import type { PipeDto, PipelineCellDto, PipelineDto, PipelineGenerateDto } from '@takt/contracts';
import {
  type PipelineExistingRelation,
  type PipelineExistingWork,
  type PipelineWork,
  planPipeline,
} from '@takt/schedule';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { iso } from '../../db/time';
import { AppError } from '../../errors';
import { calculateVersion } from '../calculation';
import { UndoRecorder } from '../undo';
import { versionForEdit } from '../versions';
import { locationsOf, pipesOf, projectOf, projectVersions } from './settings';

/**
 * The pipeline's generation into the versions (docs/product-rules.md, "Pipeline"): the plan of
 * `planPipeline` written in one transaction — one undo action in each version it changed — and those
 * versions calculated afterwards, predecessors' versions first.
 */

/** The schedule attribute a generated work's location is written to; the cyclogram places works by it. */
export const LOCATION_ATTRIBUTE = 'Location';

const ORDER_GAP = 1024;

interface StoredWork extends PipelineExistingWork {
  planStart: string | null;
  planFinish: string | null;
  /** The crew resource the generation assigned to the work. */
  crewResourceId: string | null;
}

async function storedWorks(on: Sql, projectId: string): Promise<StoredWork[]> {
  const { rows } = await on.query<StoredWork>(
    `SELECT p."pipeId", p."locationId", p."versionId", p."workId", p."crewResourceId", w.name, w.code,
       w."durationMinutes",
       w."parentId", w."sortKey", ${iso('w."planStart"')} AS "planStart", ${iso('w."planFinish"')} AS "planFinish"
       FROM pipeline_works p JOIN works w ON w.id = p."workId"
      WHERE p."projectId" = $1`,
    [projectId],
  );
  return rows;
}

/** The pipeline of a project: its locations, flows, the versions they may go to, and each flow at each location. */
export async function getPipeline(ctx: SpaceContext, input: { projectId: string }): Promise<PipelineDto> {
  const spaceId = ctx.space.spaceId;
  const project = await projectOf(ctx.db.pool, spaceId, input.projectId);
  const [locations, pipes, versions, works] = await Promise.all([
    locationsOf(ctx.db.pool, project.id),
    pipesOf(ctx.db.pool, project.id),
    projectVersions(ctx.db.pool, spaceId, project.id),
    storedWorks(ctx.db.pool, project.id),
  ]);
  const plan = planPipeline({
    locations,
    flows: pipes.map((p) => ({ ...p, afterId: p.afterPipeId })),
    existingWorks: [],
    existingRelations: [],
    minutesPerDay: () => 480,
    newId: randomUUID,
  });
  const generated = new Map(works.map((w) => [`${w.pipeId}:${w.locationId ?? ''}`, w]));
  const byPipe = new Map(pipes.map((p) => [p.id, p]));
  const cells: PipelineCellDto[] = plan.timeline.map((slot) => {
    const work = generated.get(`${slot.pipeId}:${slot.locationId}`);
    const current = work && work.versionId === byPipe.get(slot.pipeId)?.versionId ? work : undefined;
    return {
      pipeId: slot.pipeId,
      locationId: slot.locationId,
      startDay: slot.start,
      finishDay: slot.finish,
      workId: current?.workId ?? null,
      planStart: current?.planStart ?? null,
      planFinish: current?.planFinish ?? null,
    };
  });
  return { projectId: project.id, projectName: project.name, locations, pipes, versions, cells };
}

/** Working minutes of a day in each version: its calendar's, else the space's default, else 8 hours. */
async function minutesPerDay(on: Sql, spaceId: string, versionIds: string[]) {
  const { rows } = await on.query<{ id: string; minutes: number }>(
    `SELECT v.id, round(60 * coalesce(c."hoursPerDay", (SELECT d."hoursPerDay" FROM calendars d
         WHERE d."spaceId" = v."spaceId" AND d."isDefault" LIMIT 1), 8))::int AS minutes
       FROM versions v LEFT JOIN calendars c ON c.id = v."calendarId"
      WHERE v.id = ANY($1::uuid[]) AND v."spaceId" = $2`,
    [versionIds, spaceId],
  );
  return new Map(rows.map((r) => [r.id, r.minutes]));
}

/** The schedule's location attribute (a text attribute of the schedule), made when it has none. */
async function locationAttribute(client: pg.PoolClient, spaceId: string, versionId: string) {
  const { rows } = await client.query<{ id: string }>(
    `SELECT a.id FROM attributes a JOIN versions v ON v."scheduleId" = a."scheduleId"
      WHERE v.id = $1 AND a.name = $2 AND a."valueType" = 'string' ORDER BY a."createdAt" LIMIT 1`,
    [versionId, LOCATION_ATTRIBUTE],
  );
  if (rows[0]) return rows[0].id;
  const made = await client.query<{ id: string }>(
    `INSERT INTO attributes (id, "spaceId", name, "valueType", "scheduleId", "sortKey", "updatedAt")
     SELECT gen_random_uuid(), $1, $2, 'string', v."scheduleId",
       coalesce((SELECT max("sortKey") + 1 FROM attributes WHERE "spaceId" = $1), 0), now()
       FROM versions v WHERE v.id = $3 RETURNING id`,
    [spaceId, LOCATION_ATTRIBUTE, versionId],
  );
  return made.rows[0]!.id;
}

/** The works under these (the subtree) and the relations that touch them. */
async function subtree(client: pg.PoolClient, ids: string[]) {
  const works = await client.query<{ id: string }>(
    `WITH RECURSIVE sub(id) AS (SELECT id FROM works WHERE id = ANY($1::uuid[])
       UNION SELECT w.id FROM works w JOIN sub ON w."parentId" = sub.id) SELECT id FROM sub`,
    [ids],
  );
  const all = works.rows.map((r) => r.id);
  const relations = await client.query<{ id: string }>(
    `SELECT id FROM relations WHERE "predecessorId" = ANY($1::uuid[]) OR "successorId" = ANY($1::uuid[])`,
    [all],
  );
  return { works: all, relations: relations.rows.map((r) => r.id) };
}

/** A crew's planned quantity on a work: man-hours of a labour resource over the work, else the crew size. */
function crewQuantity(kind: string, crewSize: number | null, minutes: number): number {
  const size = crewSize ?? 1;
  return kind === 'labour' ? Math.round(size * minutes * (100 / 60)) / 100 : size;
}

/**
 * Gives each flow's works at its locations an assignment of the flow's crew resource (its planned quantity
 * `crewQuantity`), takes the one an earlier generation assigned off when the flow's crew changed, and
 * records on the pipeline's work what it assigned. Works whose assignment changed are snapshot for the
 * undo first (those made in this generation go with their undo). Answers the works it changed.
 */
async function assignCrews(
  client: pg.PoolClient,
  spaceId: string,
  input: {
    pipes: readonly PipeDto[];
    works: readonly PipelineWork[];
    assigned: ReadonlyMap<string, string | null>;
    fresh: ReadonlySet<string>;
    recorder: (versionId: string) => UndoRecorder;
  },
): Promise<PipelineWork[]> {
  const byPipe = new Map(input.pipes.map((p) => [p.id, p]));
  const resourceIds = [...new Set(input.pipes.flatMap((p) => (p.crewResourceId ? [p.crewResourceId] : [])))];
  const kinds = new Map<string, string>();
  if (resourceIds.length) {
    const { rows } = await client.query<{ id: string; kind: string }>(
      `SELECT id, kind::text FROM resources WHERE id = ANY($1::uuid[]) AND "spaceId" = $2`,
      [resourceIds, spaceId],
    );
    for (const row of rows) kinds.set(row.id, row.kind);
  }
  const ids = input.works.map((w) => w.id);
  const { rows: current } = await client.query<{ workId: string; resourceId: string; planQuantity: number }>(
    `SELECT "workId", "resourceId", "planQuantity" FROM assignments WHERE "workId" = ANY($1::uuid[])`,
    [ids],
  );
  const quantityOf = new Map(current.map((a) => [`${a.workId}:${a.resourceId}`, a.planQuantity]));
  const changed: { work: PipelineWork; had: string | null; resourceId: string | null; quantity: number }[] =
    [];
  for (const work of input.works) {
    const pipe = byPipe.get(work.pipeId);
    const resourceId = pipe?.crewResourceId && kinds.has(pipe.crewResourceId) ? pipe.crewResourceId : null;
    const had = input.assigned.get(work.id) ?? null;
    const quantity = resourceId
      ? crewQuantity(kinds.get(resourceId)!, pipe!.crewSize, work.durationMinutes)
      : 0;
    const stored = resourceId ? quantityOf.get(`${work.id}:${resourceId}`) : undefined;
    if (had === resourceId && (!resourceId || stored === quantity)) continue;
    changed.push({ work, had, resourceId, quantity });
  }
  if (changed.length === 0) return [];
  for (const { work } of changed)
    if (!input.fresh.has(work.id))
      await input.recorder(work.versionId).workRows([work.id], ['assignments', 'pipeline_works']);
  const dropped = changed.filter((c) => c.had && c.had !== c.resourceId);
  if (dropped.length)
    await client.query(
      `DELETE FROM assignments a USING unnest($1::uuid[], $2::uuid[]) AS u(work, resource)
        WHERE a."workId" = u.work AND a."resourceId" = u.resource`,
      [dropped.map((c) => c.work.id), dropped.map((c) => c.had)],
    );
  const placed = changed.filter((c) => c.resourceId);
  if (placed.length)
    await client.query(
      `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity")
       SELECT gen_random_uuid(), $1, u.version, u.work, u.resource, u.quantity
         FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::float8[]) AS u(version, work, resource, quantity)
       ON CONFLICT ("workId", "resourceId") DO UPDATE SET "planQuantity" = EXCLUDED."planQuantity",
         revision = assignments.revision + 1, "updatedAt" = now()`,
      [
        spaceId,
        placed.map((c) => c.work.versionId),
        placed.map((c) => c.work.id),
        placed.map((c) => c.resourceId),
        placed.map((c) => c.quantity),
      ],
    );
  await client.query(
    `UPDATE pipeline_works p SET "crewResourceId" = u.resource
       FROM unnest($1::uuid[], $2::uuid[]) AS u(work, resource) WHERE p."workId" = u.work`,
    [changed.map((c) => c.work.id), changed.map((c) => c.resourceId)],
  );
  return changed.map((c) => c.work);
}

/**
 * Generates the project's pipeline: creates or aligns each flow's summary and works at its locations in
 * its target version, their relations, their location attribute; removes the works of flows and
 * locations gone. Locked versions refuse it (VersionLocked), as any edit.
 */
export async function generatePipeline(
  ctx: SpaceContext,
  input: { projectId: string },
): Promise<PipelineGenerateDto> {
  const spaceId = ctx.space.spaceId;
  const { projectId } = input;
  const { summary, order } = await inTransaction(ctx.db.pool, async (client) => {
    await projectOf(client, spaceId, projectId, true);
    const locations = await locationsOf(client, projectId);
    const pipes = await pipesOf(client, projectId);
    const existing = await storedWorks(client, projectId);
    const inProject = new Set((await projectVersions(client, spaceId, projectId)).map((v) => v.id));
    // flows into a version no longer of the project (its schedule moved away) have no works
    const flows = pipes.map((p) => ({
      ...p,
      versionId: p.versionId && inProject.has(p.versionId) ? p.versionId : null,
      afterId: p.afterPipeId,
    }));
    const touched = [
      ...new Set([
        ...flows.flatMap((f) => (f.versionId ? [f.versionId] : [])),
        ...existing.map((w) => w.versionId),
      ]),
    ];
    // versions locked for the edit in one order, so two generations never wait on each other
    for (const versionId of [...touched].sort()) await versionForEdit(client, spaceId, versionId);
    const minutes = await minutesPerDay(client, spaceId, touched);
    const ids = existing.map((w) => w.workId);
    const { rows: relations } = await client.query<PipelineExistingRelation>(
      `SELECT id, "predecessorId", "successorId", type, "lagMinutes", "pipelineLink" AS own FROM relations
        WHERE "predecessorId" = ANY($1::uuid[]) AND "successorId" = ANY($1::uuid[])`,
      [ids],
    );
    const plan = planPipeline({
      locations,
      flows,
      existingWorks: existing,
      existingRelations: relations,
      minutesPerDay: (versionId) => minutes.get(versionId) ?? 480,
      newId: randomUUID,
    });

    const recorders = new Map<string, UndoRecorder>();
    const recorder = (versionId: string) => {
      let undo = recorders.get(versionId);
      if (!undo) {
        undo = new UndoRecorder(client);
        recorders.set(versionId, undo);
      }
      return undo;
    };
    const versionOfWork = new Map(existing.map((w) => [w.workId, w.versionId]));
    const counts = new Map(touched.map((v) => [v, { created: 0, updated: 0, removed: 0, relations: 0 }]));

    // removed: the works of flows and locations gone, with what hangs under them and their links
    if (plan.remove.length) {
      const gone = await subtree(client, plan.remove);
      for (const id of plan.remove) {
        const versionId = versionOfWork.get(id)!;
        counts.get(versionId)!.removed++;
      }
      for (const [versionId] of counts) {
        const inVersion = await client.query<{ id: string }>(
          `SELECT id FROM works WHERE id = ANY($1::uuid[]) AND "versionId" = $2`,
          [gone.works, versionId],
        );
        if (inVersion.rows.length) await recorder(versionId).works(inVersion.rows.map((r) => r.id));
        const links = await client.query<{ id: string }>(
          `SELECT id FROM relations WHERE id = ANY($1::uuid[]) AND "versionId" = $2`,
          [gone.relations, versionId],
        );
        if (links.rows.length) await recorder(versionId).relations(links.rows.map((r) => r.id));
      }
      await client.query(`DELETE FROM works WHERE id = ANY($1::uuid[])`, [gone.works]);
    }
    if (plan.removeRelations.length) {
      const { rows } = await client.query<{ id: string; versionId: string }>(
        `SELECT id, "versionId" FROM relations WHERE id = ANY($1::uuid[])`,
        [plan.removeRelations],
      );
      for (const row of rows) await recorder(row.versionId).relations([row.id]);
      await client.query(`DELETE FROM relations WHERE id = ANY($1::uuid[])`, [plan.removeRelations]);
    }

    // updated: names, codes, durations, places of works the pipeline made before
    for (const work of plan.update) {
      await recorder(work.versionId).works([work.id]);
      counts.get(work.versionId)!.updated++;
    }
    if (plan.update.length) {
      await client.query(
        `UPDATE works w SET name = u.name, code = u.code, "durationMinutes" = CASE WHEN w.type = 'sum'
           THEN w."durationMinutes" ELSE u.minutes END, "parentId" = u.parent, "sortKey" = u.sort,
           revision = w.revision + 1, "updatedAt" = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::uuid[], $6::int[])
           AS u(id, name, code, minutes, parent, sort)
         WHERE w.id = u.id`,
        [
          plan.update.map((w) => w.id),
          plan.update.map((w) => w.name),
          plan.update.map((w) => w.code),
          plan.update.map((w) => w.durationMinutes),
          plan.update.map((w) => w.parentId),
          plan.update.map((w) => w.sortKey ?? 0),
        ],
      );
    }
    if (plan.updateRelations.length) {
      for (const r of plan.updateRelations) await recorder(r.versionId).relations([r.id]);
      await client.query(
        `UPDATE relations r SET "lagMinutes" = u.lag, revision = r.revision + 1, "updatedAt" = now()
           FROM unnest($1::uuid[], $2::int[]) AS u(id, lag) WHERE r.id = u.id`,
        [plan.updateRelations.map((r) => r.id), plan.updateRelations.map((r) => r.lagMinutes)],
      );
    }

    // created: summaries at the end of their version's top level, then the works under them
    const summaries = plan.create.filter((w) => w.parentId === null);
    const lastKey = new Map<string, number>();
    for (const work of summaries) {
      let last = lastKey.get(work.versionId);
      if (last === undefined) {
        const { rows } = await client.query<{ last: number | null }>(
          `SELECT max("sortKey") AS last FROM works WHERE "versionId" = $1 AND "parentId" IS NULL`,
          [work.versionId],
        );
        last = rows[0]?.last ?? 0;
      }
      work.sortKey = last + ORDER_GAP;
      lastKey.set(work.versionId, work.sortKey);
    }
    const created = [...summaries, ...plan.create.filter((w) => w.parentId !== null)];
    if (created.length) {
      await client.query(
        `INSERT INTO works (id, "spaceId", "versionId", "parentId", "originId", "sortKey", code, name, type,
           "durationMinutes")
         SELECT u.id, $1, u.version, u.parent, u.id, u.sort, u.code, u.name, u.type::"WorkType", u.minutes
           FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[])
             WITH ORDINALITY AS u(id, version, parent, sort, code, name, type, minutes, ord)
          ORDER BY u.ord`,
        [
          spaceId,
          created.map((w) => w.id),
          created.map((w) => w.versionId),
          created.map((w) => w.parentId),
          created.map((w) => w.sortKey ?? 0),
          created.map((w) => w.code),
          created.map((w) => w.name),
          created.map((w) => w.type),
          created.map((w) => w.durationMinutes),
        ],
      );
      await client.query(
        `INSERT INTO pipeline_works (id, "spaceId", "projectId", "pipeId", "locationId", "versionId", "workId")
         SELECT gen_random_uuid(), $1, $2, u.pipe, u.location, u.version, u.work
           FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::uuid[]) AS u(pipe, location, version, work)`,
        [
          spaceId,
          projectId,
          created.map((w) => w.pipeId),
          created.map((w) => w.locationId),
          created.map((w) => w.versionId),
          created.map((w) => w.id),
        ],
      );
      for (const work of created) {
        recorder(work.versionId).created('works', [work.id]);
        counts.get(work.versionId)!.created++;
      }
    }
    if (plan.createRelations.length) {
      const r = plan.createRelations;
      await client.query(
        `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes",
           "pipelineLink")
         SELECT u.id, $1, u.version, u.pred, u.succ, 'fs', u.lag, true
           FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::int[]) AS u(id, version, pred, succ, lag)`,
        [
          spaceId,
          r.map((x) => x.id),
          r.map((x) => x.versionId),
          r.map((x) => x.predecessorId),
          r.map((x) => x.successorId),
          r.map((x) => x.lagMinutes),
        ],
      );
      for (const relation of r) {
        recorder(relation.versionId).created('relations', [relation.id]);
        counts.get(relation.versionId)!.relations++;
      }
    }

    // the flows' crew resources, assigned to their works at the locations
    const crewed = await assignCrews(client, spaceId, {
      pipes,
      works: plan.works.filter((w) => w.locationId !== null),
      assigned: new Map(existing.map((w) => [w.workId, w.crewResourceId])),
      fresh: new Set(plan.create.map((w) => w.id)),
      recorder,
    });
    const updated = new Set(plan.update.map((w) => w.id));
    for (const work of crewed) if (!updated.has(work.id)) counts.get(work.versionId)!.updated++;

    // each work's location, as the cyclogram reads it: the schedule's location attribute
    const names = new Map(locations.map((l) => [l.id, l.name]));
    for (const versionId of touched) {
      const tasks = plan.works.filter((w) => w.versionId === versionId && w.locationId);
      if (tasks.length === 0) continue;
      const attributeId = await locationAttribute(client, spaceId, versionId);
      await client.query(
        `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
         SELECT $1, u.id, $2, to_jsonb(u.name) FROM unnest($3::uuid[], $4::text[]) AS u(id, name)
         ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = EXCLUDED.value`,
        [spaceId, attributeId, tasks.map((w) => w.id), tasks.map((w) => names.get(w.locationId!) ?? '')],
      );
    }

    for (const [versionId, undo] of recorders)
      await undo.save(ctx, versionId, 'undo_wbs', 'pipeline.generate');
    // predecessors' versions are calculated first: the order of the flows that go into them
    const flowOrder = plan.works.map((w) => w.versionId);
    const order = [...new Set([...flowOrder, ...touched])];
    return { summary: counts, order };
  });

  const versions: PipelineGenerateDto['versions'] = [];
  for (const versionId of order) {
    let calculated = false;
    if (ctx.space.abilities.has('schedule.calculate')) {
      try {
        await calculateVersion(ctx, versionId);
        calculated = true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    versions.push({ versionId, ...summary.get(versionId)!, calculated });
  }
  return { versions, pipeline: await getPipeline(ctx, { projectId }) };
}
