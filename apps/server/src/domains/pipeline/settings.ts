import { randomUUID } from 'node:crypto';
import {
  type FieldIssue,
  PIPE_COLORS,
  PIPELINE_ISSUES,
  PIPELINE_LIMITS,
  type PipeDto,
  type PipelineLocationDto,
  type PipelineVersionDto,
  type PipeMode,
} from '@takt/contracts';
import { pipeDays } from '@takt/schedule';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError } from '../../errors';

/**
 * A project's pipeline settings (docs/product-rules.md, "Pipeline"): its locations as one ordered list,
 * its flows with their takt or rate, crew, buffer, target version and the flow each follows.
 */

export const issue = (path: string, message: string): AppError =>
  new AppError('ValidationError', {}, [{ path, message } satisfies FieldIssue]);

const ORDER_GAP = 1024;

/** The project (an EPS node of kind project in the caller's space), locked for a change when `lock`. */
export async function projectOf(on: Sql, spaceId: string, projectId: string, lock = false) {
  const node = await rowOrNotFound<{ id: string; name: string; kind: string }>(
    on,
    `SELECT id, name, kind FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [projectId, spaceId],
  );
  if (node.kind !== 'project') throw issue('projectId', PIPELINE_ISSUES.notProject);
  return node;
}

export async function locationsOf(on: Sql, projectId: string): Promise<PipelineLocationDto[]> {
  const { rows } = await on.query<PipelineLocationDto>(
    `SELECT id, name FROM pipeline_locations WHERE "projectId" = $1 ORDER BY "sortKey", id`,
    [projectId],
  );
  return rows;
}

interface PipeRow {
  id: string;
  name: string;
  code: string;
  color: number;
  versionId: string | null;
  locationIds: string[];
  mode: string;
  taktDays: number;
  ratePerDay: number | null;
  quantityPerLocation: number | null;
  unit: string | null;
  crew: string | null;
  crewResourceId: string | null;
  crewSize: number | null;
  bufferDays: number;
  afterPipeId: string | null;
  revision: number;
  sortKey: number;
}

const PIPE_COLUMNS = `id, name, code, color, "versionId", "locationIds", mode, "taktDays", "ratePerDay",
  "quantityPerLocation", unit, crew, "crewResourceId", "crewSize", "bufferDays", "afterPipeId", revision, "sortKey"`;

const pipeDto = (row: PipeRow): PipeDto => {
  const mode: PipeMode = row.mode === 'rate' ? 'rate' : 'takt';
  const { sortKey: _, ...rest } = row;
  return { ...rest, mode, days: pipeDays({ ...row, mode }) };
};

export async function pipesOf(on: Sql, projectId: string): Promise<PipeDto[]> {
  const { rows } = await on.query<PipeRow>(
    `SELECT ${PIPE_COLUMNS} FROM pipeline_pipes WHERE "projectId" = $1 ORDER BY "sortKey", id`,
    [projectId],
  );
  return rows.map(pipeDto);
}

/** The versions of the project's schedules, which its flows may go to. */
export async function projectVersions(
  on: Sql,
  spaceId: string,
  projectId: string,
): Promise<PipelineVersionDto[]> {
  const { rows } = await on.query<PipelineVersionDto>(
    `SELECT v.id, v.name, v."scheduleId", s.name AS "scheduleName", v.locked
       FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId"
      WHERE s."parentId" = $1 AND s."spaceId" = $2 AND s.kind = 'schedule'
      ORDER BY s."sortKey", s.name, v.number`,
    [projectId, spaceId],
  );
  return rows;
}

// ── locations ─────────────────────────────────────────────────────────────────────────────────

/**
 * Saves the project's locations as the whole ordered list: rows with an id are kept (renamed, moved),
 * rows without are added, locations left out are removed — and dropped from the flows that went through
 * them; the next generation removes their works.
 */
export async function saveLocations(
  ctx: SpaceContext,
  input: { projectId: string; locations: { id?: string; name: string }[] },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await projectOf(client, spaceId, input.projectId, true);
    const known = new Set((await locationsOf(client, input.projectId)).map((l) => l.id));
    const seen = new Set<string>();
    input.locations.forEach((location, index) => {
      if (!location.id) return;
      if (!known.has(location.id)) throw issue(`locations.${index}.id`, PIPELINE_ISSUES.locationUnknown);
      if (seen.has(location.id)) throw issue(`locations.${index}.id`, PIPELINE_ISSUES.duplicateLocation);
      seen.add(location.id);
    });
    const gone = [...known].filter((id) => !seen.has(id));
    if (gone.length) {
      await client.query(`DELETE FROM pipeline_locations WHERE id = ANY($1::uuid[])`, [gone]);
      await client.query(
        `UPDATE pipeline_pipes SET "locationIds" = ARRAY(SELECT x FROM unnest("locationIds") x WHERE x <> ALL($2::uuid[])),
           revision = revision + 1, "updatedAt" = now()
         WHERE "projectId" = $1 AND "locationIds" && $2::uuid[]`,
        [input.projectId, gone],
      );
    }
    const ids = input.locations.map((l) => l.id ?? randomUUID());
    await client.query(
      `INSERT INTO pipeline_locations (id, "spaceId", "projectId", name, "sortKey", "updatedAt")
       SELECT u.id, $1, $2, u.name, u.ord * ${ORDER_GAP}, now()
         FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS u(id, name, ord)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, "sortKey" = EXCLUDED."sortKey",
         revision = pipeline_locations.revision + CASE WHEN pipeline_locations.name <> EXCLUDED.name
           OR pipeline_locations."sortKey" <> EXCLUDED."sortKey" THEN 1 ELSE 0 END,
         "updatedAt" = now()`,
      [spaceId, input.projectId, ids, input.locations.map((l) => l.name)],
    );
  });
  return locationsOf(ctx.db.pool, input.projectId);
}

/** Appends `count` locations named "prefix from", "prefix from+1", … after the project's locations. */
export async function generateLocations(
  ctx: SpaceContext,
  input: { projectId: string; prefix: string; count: number; from: number },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await projectOf(client, spaceId, input.projectId, true);
    const { rows } = await client.query<{ count: number; last: number | null }>(
      `SELECT count(*)::int AS count, max("sortKey") AS last FROM pipeline_locations WHERE "projectId" = $1`,
      [input.projectId],
    );
    const { count, last } = rows[0]!;
    if (count + input.count > PIPELINE_LIMITS.locations)
      throw issue('count', PIPELINE_ISSUES.tooManyLocations);
    const names = Array.from({ length: input.count }, (_, i) =>
      `${input.prefix} ${input.from + i}`.slice(0, 64),
    );
    await client.query(
      `INSERT INTO pipeline_locations (id, "spaceId", "projectId", name, "sortKey", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, u.name, $4 + u.ord * ${ORDER_GAP}, now()
         FROM unnest($3::text[]) WITH ORDINALITY AS u(name, ord)`,
      [spaceId, input.projectId, names, last ?? 0],
    );
  });
  return locationsOf(ctx.db.pool, input.projectId);
}

// ── flows ─────────────────────────────────────────────────────────────────────────────────────

export interface PipeFields {
  name?: string;
  code?: string;
  color?: number;
  versionId?: string | null;
  locationIds?: string[];
  mode?: PipeMode;
  taktDays?: number;
  ratePerDay?: number | null;
  quantityPerLocation?: number | null;
  unit?: string | null;
  crew?: string | null;
  crewResourceId?: string | null;
  crewSize?: number | null;
  bufferDays?: number;
  afterPipeId?: string | null;
}

/** Refuses settings that do not hold together (each a translated issue at its field). */
async function checkPipe(on: Sql, spaceId: string, projectId: string, pipeId: string, pipe: PipeRow) {
  if (pipe.versionId) {
    const versions = await projectVersions(on, spaceId, projectId);
    if (!versions.some((v) => v.id === pipe.versionId))
      throw issue('versionId', PIPELINE_ISSUES.versionOutside);
  }
  const known = new Set((await locationsOf(on, projectId)).map((l) => l.id));
  const seen = new Set<string>();
  pipe.locationIds.forEach((id, index) => {
    if (!known.has(id)) throw issue(`locationIds.${index}`, PIPELINE_ISSUES.locationUnknown);
    if (seen.has(id)) throw issue(`locationIds.${index}`, PIPELINE_ISSUES.duplicateLocation);
    seen.add(id);
  });
  if (pipe.crewResourceId) {
    const { rows } = await on.query(`SELECT 1 FROM resources WHERE id = $1 AND "spaceId" = $2`, [
      pipe.crewResourceId,
      spaceId,
    ]);
    if (rows.length === 0) throw issue('crewResourceId', PIPELINE_ISSUES.crewUnknown);
  }
  if (pipe.mode === 'rate' && (!pipe.ratePerDay || !pipe.quantityPerLocation))
    throw issue(pipe.ratePerDay ? 'quantityPerLocation' : 'ratePerDay', PIPELINE_ISSUES.rateNeeded);
  if (pipe.afterPipeId) {
    const others = await pipesOf(on, projectId);
    const byId = new Map(others.map((p) => [p.id, p]));
    if (!byId.has(pipe.afterPipeId)) throw issue('afterPipeId', PIPELINE_ISSUES.loop);
    // following the chain of flows ahead must not come back to this one
    const seenFlows = new Set<string>([pipeId]);
    for (let at: string | null = pipe.afterPipeId; at; at = byId.get(at)?.afterPipeId ?? null) {
      if (seenFlows.has(at)) throw issue('afterPipeId', PIPELINE_ISSUES.loop);
      seenFlows.add(at);
    }
  }
}

const defined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * A new flow: by default through all the project's locations, after the last flow and into its version,
 * coded F and its number, in the next colour.
 */
export async function createPipe(ctx: SpaceContext, input: PipeFields & { projectId: string; name: string }) {
  const spaceId = ctx.space.spaceId;
  const { projectId, ...fields } = input;
  const id = randomUUID();
  await inTransaction(ctx.db.pool, async (client) => {
    await projectOf(client, spaceId, projectId, true);
    const pipes = await pipesOf(client, projectId);
    if (pipes.length >= PIPELINE_LIMITS.pipes) throw issue('name', PIPELINE_ISSUES.tooManyPipes);
    const last = pipes.at(-1);
    const { rows } = await client.query<{ last: number | null }>(
      `SELECT max("sortKey") AS last FROM pipeline_pipes WHERE "projectId" = $1`,
      [projectId],
    );
    const row: PipeRow = {
      id,
      code: `F${pipes.length + 1}`,
      color: PIPE_COLORS[pipes.length % PIPE_COLORS.length]!,
      versionId: last?.versionId ?? null,
      locationIds: (await locationsOf(client, projectId)).map((l) => l.id),
      mode: 'takt',
      taktDays: 1,
      ratePerDay: null,
      quantityPerLocation: null,
      unit: null,
      crew: null,
      crewResourceId: null,
      crewSize: null,
      bufferDays: 0,
      afterPipeId: last?.id ?? null,
      revision: 1,
      sortKey: (rows[0]?.last ?? 0) + ORDER_GAP,
      ...(defined(fields) as Partial<PipeRow> & { name: string }),
    };
    await checkPipe(client, spaceId, projectId, id, row);
    await client.query(
      `INSERT INTO pipeline_pipes (id, "spaceId", "projectId", name, code, color, "versionId", "locationIds", mode,
         "taktDays", "ratePerDay", "quantityPerLocation", unit, crew, "crewSize", "bufferDays", "afterPipeId",
         "crewResourceId", "sortKey", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now())`,
      [id, spaceId, projectId, ...pipeSettings(row), row.sortKey],
    );
  });
  return (await pipesOf(ctx.db.pool, projectId)).find((p) => p.id === id)!;
}

/** A flow's settings in the order the insert and the update write them (name … crewResourceId). */
const pipeSettings = (row: PipeRow) => [
  row.name,
  row.code,
  row.color,
  row.versionId,
  row.locationIds,
  row.mode,
  row.taktDays,
  row.ratePerDay,
  row.quantityPerLocation,
  row.unit,
  row.crew,
  row.crewSize,
  row.bufferDays,
  row.afterPipeId,
  row.crewResourceId,
];

async function pipeRow(on: Sql, spaceId: string, pipeId: string, lock = false) {
  return rowOrNotFound<PipeRow & { projectId: string }>(
    on,
    `SELECT ${PIPE_COLUMNS}, "projectId" FROM pipeline_pipes WHERE id = $1 AND "spaceId" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [pipeId, spaceId],
  );
}

/** Changes a flow's settings at its revision (a stale one is Conflict). */
export async function updatePipe(
  ctx: SpaceContext,
  input: PipeFields & { pipeId: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const { pipeId, revision, ...fields } = input;
  const projectId = await inTransaction(ctx.db.pool, async (client) => {
    const { projectId } = await pipeRow(client, spaceId, pipeId);
    await projectOf(client, spaceId, projectId, true);
    const current = await pipeRow(client, spaceId, pipeId, true);
    if (current.revision !== revision) throw new AppError('Conflict');
    const row: PipeRow = { ...current, ...(defined(fields) as Partial<PipeRow>) };
    await checkPipe(client, spaceId, projectId, pipeId, row);
    await client.query(
      `UPDATE pipeline_pipes SET name = $2, code = $3, color = $4, "versionId" = $5, "locationIds" = $6::uuid[],
         mode = $7, "taktDays" = $8, "ratePerDay" = $9, "quantityPerLocation" = $10, unit = $11, crew = $12,
         "crewSize" = $13, "bufferDays" = $14, "afterPipeId" = $15, "crewResourceId" = $16, revision = revision + 1,
         "updatedAt" = now()
       WHERE id = $1`,
      [pipeId, ...pipeSettings(row)],
    );
    return projectId;
  });
  return (await pipesOf(ctx.db.pool, projectId)).find((p) => p.id === pipeId)!;
}

/**
 * Removes a flow; the flows that followed it follow the one it followed. Its works stay until the next
 * generation removes them.
 */
export async function deletePipe(ctx: SpaceContext, input: { pipeId: string }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const pipe = await pipeRow(client, spaceId, input.pipeId);
    await projectOf(client, spaceId, pipe.projectId, true);
    await client.query(
      `UPDATE pipeline_pipes SET "afterPipeId" = $2, revision = revision + 1, "updatedAt" = now()
       WHERE "afterPipeId" = $1`,
      [pipe.id, pipe.afterPipeId],
    );
    await client.query(`DELETE FROM pipeline_pipes WHERE id = $1`, [pipe.id]);
  });
  return { success: true as const };
}
