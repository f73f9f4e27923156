import { Worker } from 'node:worker_threads';
import type { BimElement, BimGeoreference, BimOffset } from '@takt/bim';
import { BIM_LIMITS } from '@takt/contracts';
import type pg from 'pg';
import type { Services, SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError, changedOrStale } from '../../errors';
import type { FileResult } from '../../files/result';
import type { FileStorage } from '../../files/storage';
import { whereClause } from './where';

/**
 * IFC models of a project (API projects/{id}/3d upload, model, info, elements, attributes, pbs list).
 * An upload stores the file and queues a parse job; the job parses in a worker thread, stores the
 * geometry cache beside the IFC and the element list in the database, so opening a model never parses
 * the IFC again.
 */
export const BIM_PARSE_JOB = 'bim.parse';

const fileKey = (spaceId: string, modelId: string, name: 'model.ifc' | 'geometry.bin') =>
  `spaces/${spaceId}/bim/${modelId}/${name}`;

interface ModelRow {
  id: string;
  projectId: string;
  name: string;
  fileName: string;
  fileSize: string;
  schema: string | null;
  status: 'uploading' | 'completed' | 'error';
  phase: string | null;
  progress: number;
  error: { reason: string; message: string } | null;
  elementCount: number;
  geometrySize: string | null;
  parseMs: number | null;
  visible: boolean;
  /** Where the file puts itself on the map, and the user's move of the model (packages/bim placement.ts). */
  georeference: BimGeoreference | null;
  offset: BimOffset | null;
  sortKey: number;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}
const MODEL_SELECT = `id, "projectId", name, "fileName", "fileSize"::text AS "fileSize", schema, status, phase, progress,
  error, "elementCount", "geometrySize"::text AS "geometrySize", "parseMs", visible, georeference, "offset", "sortKey", revision, "createdAt", "updatedAt"`;

/** The API's model: the selected row with its byte counts as numbers and its timestamps as ISO text. */
function toModel(row: ModelRow) {
  return {
    ...row,
    fileSize: Number(row.fileSize),
    geometrySize: row.geometrySize === null ? null : Number(row.geometrySize),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The project node, scoped by space; NotFound unless it is a project of the caller's space. */
export async function projectOf(sql: Sql, spaceId: string, projectId: string) {
  return rowOrNotFound<{ id: string; name: string }>(
    sql,
    `SELECT id, name FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 AND kind = 'project'`,
    [projectId, spaceId],
  );
}

async function modelRow(sql: Sql, spaceId: string, modelId: string, lock = false): Promise<ModelRow> {
  return rowOrNotFound<ModelRow>(
    sql,
    `SELECT ${MODEL_SELECT} FROM bim_models WHERE id = $1 AND "spaceId" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [modelId, spaceId],
  );
}

/** A completed model (its elements and geometry exist); NotFound otherwise. */
export async function completedModel(sql: Sql, spaceId: string, modelId: string) {
  const row = await modelRow(sql, spaceId, modelId);
  if (row.status !== 'completed') throw new AppError('NotFound');
  return row;
}

export async function getModel(ctx: SpaceContext, modelId: string) {
  return toModel(await modelRow(ctx.db.pool, ctx.space.spaceId, modelId));
}

/** API projects/{id}/3d/info: the project's models in their order, with upload status and progress. */
export async function listModels(ctx: SpaceContext, projectId: string) {
  await projectOf(ctx.db.pool, ctx.space.spaceId, projectId);
  const { rows } = await ctx.db.pool.query<ModelRow>(
    `SELECT ${MODEL_SELECT} FROM bim_models WHERE "projectId" = $1 AND "spaceId" = $2 ORDER BY "sortKey", "createdAt"`,
    [projectId, ctx.space.spaceId],
  );
  return rows.map(toModel);
}

const IFC_MAGIC = 'ISO-10303-21';

/** A new model row (status uploading) last among the project's models; returns its id. */
export async function insertModelRow(
  sql: Sql,
  m: {
    spaceId: string;
    projectId: string;
    name: string;
    fileName: string;
    size: number;
    userId: string | null;
  },
) {
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO bim_models (id, "spaceId", "projectId", name, "fileName", "fileSize", "createdById", "sortKey")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6,
       (SELECT coalesce(max("sortKey"), 0) + 1024 FROM bim_models WHERE "projectId" = $2))
     RETURNING id`,
    [m.spaceId, m.projectId, m.name.slice(0, 255), m.fileName.slice(0, 255), m.size, m.userId],
  );
  return rows[0]!.id;
}

/** Stores the IFC file of a model. */
export function putModelFile(files: FileStorage, spaceId: string, modelId: string, data: Uint8Array) {
  return files.put(fileKey(spaceId, modelId, 'model.ifc'), data);
}

/** API projects/{id}/3d/upload: stores the IFC and queues its parsing; the model reports progress. */
export async function uploadModel(
  ctx: SpaceContext,
  input: { projectId: string; file: { name: string; type: string; data: Uint8Array }; name?: string },
) {
  const spaceId = ctx.space.spaceId;
  await projectOf(ctx.db.pool, spaceId, input.projectId);
  const { data } = input.file;
  if (data.byteLength > BIM_LIMITS.uploadMaxBytes) throw new AppError('FileTooLarge');
  const head = new TextDecoder().decode(data.subarray(0, 64)).replace(/^\uFEFF/, '');
  if (!head.startsWith(IFC_MAGIC)) throw new AppError('UnsupportedFileType');
  const fileName = (input.file.name || 'model.ifc').slice(0, 255);
  const name = input.name?.trim() || fileName.replace(/\.ifc$/i, '') || fileName;
  const modelId = await insertModelRow(ctx.db.pool, {
    spaceId,
    projectId: input.projectId,
    name,
    fileName,
    size: data.byteLength,
    userId: ctx.session.userId,
  });
  try {
    await ctx.files.put(fileKey(spaceId, modelId, 'model.ifc'), data);
  } catch (error) {
    await ctx.db.pool.query('DELETE FROM bim_models WHERE id = $1', [modelId]);
    throw error;
  }
  await ctx.jobs.send(BIM_PARSE_JOB, { modelId, spaceId });
  return getModel(ctx, modelId);
}

export async function updateModel(
  ctx: SpaceContext,
  input: { modelId: string; revision: number; name?: string; visible?: boolean; offset?: BimOffset | null },
) {
  // An offset given replaces the user's move (null takes it back); absent, the move is kept.
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE bim_models SET name = coalesce($4, name), visible = coalesce($5, visible),
       "offset" = CASE WHEN $6 THEN $7::jsonb ELSE "offset" END, revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
    [
      input.modelId,
      ctx.space.spaceId,
      input.revision,
      input.name ?? null,
      input.visible ?? null,
      input.offset !== undefined,
      input.offset ? JSON.stringify(input.offset) : null,
    ],
  );
  await changedOrStale(rowCount, () => modelRow(ctx.db.pool, ctx.space.spaceId, input.modelId));
  return getModel(ctx, input.modelId);
}

/** Deletes a model with its elements and links (cascade) and its files. */
export async function deleteModel(ctx: SpaceContext, modelId: string) {
  const spaceId = ctx.space.spaceId;
  await modelRow(ctx.db.pool, spaceId, modelId);
  await ctx.db.pool.query('DELETE FROM bim_models WHERE id = $1 AND "spaceId" = $2', [modelId, spaceId]);
  await ctx.files.deletePrefix(`spaces/${spaceId}/bim/${modelId}`);
  return { success: true };
}

/** API projects/{id}/3d/model: the geometry cache as bytes (the viewer decodes it zero-copy). */
export async function modelGeometry(ctx: SpaceContext, modelId: string): Promise<FileResult> {
  const spaceId = ctx.space.spaceId;
  const row = await completedModel(ctx.db.pool, spaceId, modelId);
  const data = await ctx.files.get(fileKey(spaceId, modelId, 'geometry.bin'));
  if (!data) throw new AppError('NotFound');
  // A model's geometry never changes after parsing: the revision-free URL may be cached.
  return {
    file: true,
    contentType: 'application/octet-stream',
    data,
    cacheControl: 'private, max-age=86400',
    fileName: `${row.name}.takt-geometry`,
  };
}

// ── Elements ───────────────────────────────────────────────────────────────────────────────────

interface ElementRow {
  index: number;
  globalId: string;
  expressId: number;
  ifcClass: string;
  name: string | null;
  typeName: string | null;
  storey: string | null;
  building: string | null;
}
const ELEMENT_SELECT = `e.index, e."globalId", e."expressId", e."ifcClass", e.name, e."typeName", e.storey, e.building`;

/**
 * API projects/{id}/3d/elements: a page of a model's elements (filter by storey, class, text, or
 * "not linked in this version"), plus `ids` — every GlobalId in cache order when no filter is given,
 * which is what the viewer needs to name what it draws.
 */
export async function listElements(
  ctx: SpaceContext,
  input: {
    modelId: string;
    storey?: string;
    ifcClass?: string;
    search?: string;
    unlinkedInVersionId?: string;
    offset?: number;
    limit?: number;
  },
) {
  const spaceId = ctx.space.spaceId;
  await completedModel(ctx.db.pool, spaceId, input.modelId);
  const where = whereClause(['e."modelId" = $1', 'e."spaceId" = $2'], [input.modelId, spaceId]);
  if (input.storey !== undefined) where.add(`e.storey IS NOT DISTINCT FROM nullif($?, '')`, input.storey);
  if (input.ifcClass) where.add('e."ifcClass" = $?', input.ifcClass);
  if (input.search)
    where.add('(e.name ILIKE $? OR e."globalId" ILIKE $?)', `%${input.search.replace(/[\\%_]/g, '\\$&')}%`);
  if (input.unlinkedInVersionId)
    where.add(
      `NOT EXISTS (SELECT 1 FROM bim_links l WHERE l."versionId" = $? AND l."modelId" = e."modelId"
         AND l."globalId" = e."globalId")`,
      input.unlinkedInVersionId,
    );
  const limit = input.limit ?? 500;
  const offset = input.offset ?? 0;
  const { rows } = await ctx.db.pool.query<ElementRow & { total: number }>(
    `SELECT ${ELEMENT_SELECT}, count(*) OVER ()::int AS total FROM bim_elements e
     WHERE ${where.sql()} ORDER BY e.index LIMIT ${limit} OFFSET ${offset}`,
    where.params,
  );
  return { total: rows[0]?.total ?? 0, elements: rows.map(({ total: _, ...row }) => row) };
}

/** Every element of a model in cache order, as columns (the viewer's names for what it draws). */
export async function elementColumns(ctx: SpaceContext, modelId: string) {
  const spaceId = ctx.space.spaceId;
  await completedModel(ctx.db.pool, spaceId, modelId);
  const { rows } = await ctx.db.pool.query<{
    globalIds: string[];
    classes: string[];
    names: (string | null)[];
    storeys: (string | null)[];
  }>(
    `SELECT coalesce(array_agg("globalId" ORDER BY index), '{}') AS "globalIds",
       coalesce(array_agg("ifcClass" ORDER BY index), '{}') AS classes,
       coalesce(array_agg(name ORDER BY index), '{}') AS names,
       coalesce(array_agg(storey ORDER BY index), '{}') AS storeys
     FROM bim_elements WHERE "modelId" = $1 AND "spaceId" = $2`,
    [modelId, spaceId],
  );
  return rows[0]!;
}

/** API projects/{id}/3d/attributes with an element: its class, names, property and quantity sets. */
export async function elementAttributes(ctx: SpaceContext, modelId: string, globalId: string) {
  const spaceId = ctx.space.spaceId;
  await completedModel(ctx.db.pool, spaceId, modelId);
  return rowOrNotFound<ElementRow & { properties: unknown; quantities: unknown }>(
    ctx.db.pool,
    `SELECT ${ELEMENT_SELECT}, e.properties, e.quantities FROM bim_elements e
     WHERE e."modelId" = $1 AND e."spaceId" = $2 AND e."globalId" = $3 ORDER BY e.index LIMIT 1`,
    [modelId, spaceId, globalId],
  );
}

/**
 * API projects/{id}/3d/attributes without an element: what the rule dialog offers — the model's
 * storeys, buildings and classes with counts, and every property (set, name) with a few sample values.
 */
export async function modelAttributeKeys(ctx: SpaceContext, modelId: string) {
  const spaceId = ctx.space.spaceId;
  await completedModel(ctx.db.pool, spaceId, modelId);
  const count = async (column: 'storey' | 'building' | 'ifcClass') => {
    const { rows } = await ctx.db.pool.query<{ value: string | null; count: number }>(
      `SELECT "${column}" AS value, count(*)::int AS count FROM bim_elements
       WHERE "modelId" = $1 AND "spaceId" = $2 GROUP BY 1 ORDER BY min(index)`,
      [modelId, spaceId],
    );
    return rows;
  };
  const { rows: properties } = await ctx.db.pool.query<{ set: string; name: string; values: string[] }>(
    `SELECT s.key AS set, p.key AS name, (array_agg(DISTINCT p.value #>> '{}'))[1:8] AS values
     FROM bim_elements e, jsonb_each(e.properties) s, jsonb_each(s.value) p
     WHERE e."modelId" = $1 AND e."spaceId" = $2 GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 2000`,
    [modelId, spaceId],
  );
  return {
    storeys: await count('storey'),
    buildings: await count('building'),
    classes: await count('ifcClass'),
    properties,
  };
}

/** API projects/{id}/3d/pbs list: the product breakdown (spatial tree) of every completed model. */
export async function projectPbs(ctx: SpaceContext, projectId: string) {
  await projectOf(ctx.db.pool, ctx.space.spaceId, projectId);
  const { rows } = await ctx.db.pool.query<{ id: string; name: string; spatial: unknown }>(
    `SELECT id, name, spatial FROM bim_models
     WHERE "projectId" = $1 AND "spaceId" = $2 AND status = 'completed' ORDER BY "sortKey", "createdAt"`,
    [projectId, ctx.space.spaceId],
  );
  return rows.map((r) => ({ modelId: r.id, name: r.name, tree: r.spatial ?? [] }));
}

// ── Parsing job ────────────────────────────────────────────────────────────────────────────────

type WorkerMessage =
  | { type: 'progress'; phase: string; done: number; total: number }
  | {
      type: 'result';
      schema: string;
      elements: BimElement[];
      spatial: unknown;
      processLinks: unknown;
      georeference: BimGeoreference | null;
      geometry: Uint8Array;
      parseMs: number;
    }
  | { type: 'error'; reason: string; message: string };

/** Overall progress per phase: opening, geometry, properties, then saving. */
const PHASE_SPAN: Record<string, [number, number]> = {
  open: [0, 5],
  geometry: [5, 70],
  properties: [70, 90],
  done: [90, 90],
};

export type ParsedIfc = Extract<WorkerMessage, { type: 'result' }>;

/** Parses IFC bytes in a worker thread (the bytes are transferred, not copied). */
export function parseIfcInWorker(bytes: Uint8Array, onProgress: (phase: string, percent: number) => void) {
  return new Promise<Extract<WorkerMessage, { type: 'result' }>>((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url));
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') {
        const [from, to] = PHASE_SPAN[message.phase] ?? [0, 0];
        onProgress(
          message.phase,
          Math.round(from + ((to - from) * message.done) / Math.max(1, message.total)),
        );
        return;
      }
      void worker.terminate();
      if (message.type === 'result') resolve(message);
      else reject(new ParseFailed(message.reason, message.message));
    });
    worker.once('error', reject);
    worker.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
  });
}

class ParseFailed extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

async function insertElements(
  client: pg.PoolClient,
  spaceId: string,
  modelId: string,
  elements: BimElement[],
) {
  const CHUNK = 10_000;
  for (let from = 0; from < elements.length; from += CHUNK) {
    const part = elements.slice(from, from + CHUNK);
    await client.query(
      `INSERT INTO bim_elements ("modelId", index, "spaceId", "globalId", "expressId", "ifcClass", name, "typeName",
         storey, building, properties, quantities)
       SELECT $1, u.i, $2, u.g, u.x, u.c, u.n, u.t, u.s, u.b, u.p::jsonb, u.q::jsonb
       FROM unnest($3::int[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::text[], $12::text[]) AS u(i, g, x, c, n, t, s, b, p, q)`,
      [
        modelId,
        spaceId,
        part.map((_, i) => from + i),
        part.map((e) => e.globalId.slice(0, 64)),
        part.map((e) => e.expressId),
        part.map((e) => e.ifcClass.slice(0, 64)),
        part.map((e) => e.name),
        part.map((e) => e.typeName),
        part.map((e) => e.storey),
        part.map((e) => e.building),
        part.map((e) => JSON.stringify(e.properties)),
        part.map((e) => JSON.stringify(e.quantities)),
      ],
    );
  }
}

/** Stores a parsed model: its geometry cache file, its elements, and the model row as completed. */
export async function storeParsedModel(
  client: pg.PoolClient,
  files: FileStorage,
  spaceId: string,
  modelId: string,
  model: ParsedIfc,
) {
  await files.put(fileKey(spaceId, modelId, 'geometry.bin'), model.geometry);
  await client.query('DELETE FROM bim_elements WHERE "modelId" = $1', [modelId]);
  await insertElements(client, spaceId, modelId, model.elements);
  await client.query(
    `UPDATE bim_models SET status = 'completed', phase = NULL, progress = 100, schema = $2, "elementCount" = $3,
       "geometrySize" = $4, spatial = $5, "processLinks" = $6, "parseMs" = $7, georeference = $8, error = NULL,
       "updatedAt" = now()
     WHERE id = $1`,
    [
      modelId,
      model.schema,
      model.elements.length,
      model.geometry.byteLength,
      JSON.stringify(model.spatial),
      JSON.stringify(model.processLinks),
      model.parseMs,
      model.georeference ? JSON.stringify(model.georeference) : null,
    ],
  );
}

/**
 * The parse job: reads the stored IFC, parses it in a worker thread (progress written at most a few
 * times a second), then stores the geometry cache and writes the elements and the model in one
 * transaction. A bad file ends in status `error` with the reason; a repeated job redoes it cleanly.
 */
export async function runModelParse(services: Services, data: { modelId: string; spaceId: string }) {
  const { pool } = services.db;
  const { modelId, spaceId } = data;
  const { rows } = await pool.query<{ status: string }>(
    'SELECT status FROM bim_models WHERE id = $1 AND "spaceId" = $2',
    [modelId, spaceId],
  );
  if (!rows[0] || rows[0].status === 'completed') return;
  // A retried job starts over.
  await pool.query(`UPDATE bim_models SET status = 'uploading', error = NULL WHERE id = $1`, [modelId]);
  const setProgress = (phase: string, progress: number) =>
    pool.query(
      `UPDATE bim_models SET phase = $2, progress = $3, "updatedAt" = now() WHERE id = $1 AND status = 'uploading'`,
      [modelId, phase, progress],
    );
  const fail = (reason: string, message: string) =>
    pool.query(
      `UPDATE bim_models SET status = 'error', phase = NULL, error = $2, "updatedAt" = now() WHERE id = $1`,
      [modelId, JSON.stringify({ reason, message: message.slice(0, 1000) })],
    );
  try {
    const bytes = await services.files.get(fileKey(spaceId, modelId, 'model.ifc'));
    if (!bytes) {
      await fail('missing_file', 'the uploaded file is missing');
      return;
    }
    await setProgress('open', 0);
    let pending: Promise<unknown> = Promise.resolve();
    const model = await parseIfcInWorker(new Uint8Array(bytes), (phase, percent) => {
      pending = pending.then(() => setProgress(phase, percent));
    });
    await pending;
    await setProgress('saving', 90);
    await inTransaction(pool, (client) => storeParsedModel(client, services.files, spaceId, modelId, model));
    services.log.info('bim model parsed', {
      modelId,
      elements: model.elements.length,
      parseMs: model.parseMs,
    });
  } catch (error) {
    if (error instanceof ParseFailed) {
      await fail(error.reason, error.message);
      return;
    }
    await fail('failed', (error as Error).message);
    throw error;
  }
}
