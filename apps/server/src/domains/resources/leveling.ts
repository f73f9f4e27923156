import type { LevelingOptions } from '@takt/contracts';
import { resourceLevel, timeToIso } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { calculateVersion } from '../calculation';
import { UndoRecorder } from '../undo';
import { versionForEdit, versionOf } from '../versions';
import { resourceProjectLoad, withEngine } from './engine-input';
import { histogramWarm } from './histogram';
import { DEFAULT_LEVELING, resourceSettingsOf } from './settings';

/**
 * The leveling preview: the engine's serial schedule generation with improvement passes, seeded,
 * over the version's current data; what moves, by how much and why (a resource short on a day, or a
 * predecessor that moved), and what could not be fitted. Nothing is written.
 */
export async function levelPreview(
  ctx: SpaceContext,
  input: { versionId: string; resourceIds?: string[]; options?: Partial<LevelingOptions> },
) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const settings = await resourceSettingsOf(ctx.db.pool, spaceId, input.versionId);
  const options = { ...DEFAULT_LEVELING, ...settings.leveling, ...input.options };
  const loaded = await resourceProjectLoad(ctx.db.pool, spaceId, input.versionId);
  const { rows: works } = await ctx.db.pool.query<{
    id: string;
    code: string | null;
    name: string;
    revision: number;
  }>(`SELECT id, code, name, revision FROM works WHERE "versionId" = $1`, [input.versionId]);
  const workInfo = new Map(works.map((w) => [w.id, w]));
  const label = (id: string) => loaded.labels.get(id) ?? id;
  const resourceLabel = (id: string) => {
    const info = loaded.resourceInfo.get(id);
    return info ? (info.code ? `${info.code} ${info.name}` : info.name) : id;
  };
  const known = new Set(loaded.resources.map((r) => r.id));
  const result = withEngine(loaded.labels, () =>
    resourceLevel(
      { project: loaded.project, resources: loaded.resources, assignments: loaded.assignments },
      {
        rule: options.rule,
        schedules: options.schedules,
        seed: options.seed,
        withinFloat: options.withinFloat,
        resourceIds: input.resourceIds?.filter((id) => known.has(id)) ?? null,
      },
    ),
  );
  return {
    options,
    schedules: result.schedules,
    projectFinish: timeToIso(result.projectFinish),
    originalProjectFinish: timeToIso(result.originalProjectFinish),
    resources: result.resourceIds.map((id) => ({ id, label: resourceLabel(id) })),
    moved: result.moved
      .filter((m) => workInfo.has(m.workId))
      .map((m) => ({
        workId: m.workId,
        label: label(m.workId),
        revision: workInfo.get(m.workId)!.revision,
        from: m.from,
        to: m.to,
        delayMinutes: m.delayMinutes,
        reasons: m.reasons.map((r) =>
          r.kind === 'resource'
            ? { ...r, label: resourceLabel(r.resourceId) }
            : { ...r, label: label(r.workId) },
        ),
      })),
    unresolved: result.unresolved.map((u) => ({
      ...u,
      label: label(u.workId),
      resourceLabel: resourceLabel(u.resourceId),
    })),
  };
}

/**
 * Applies a preview: each moved work starts not earlier than its leveled start (its own start limit is
 * replaced), as one undo action, and the version is calculated again so the leveled dates show.
 */
export async function levelApply(
  ctx: SpaceContext,
  input: { versionId: string; moves: { workId: string; revision: number; start: string }[] },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const ids = input.moves.map((m) => m.workId);
    const { rows } = await client.query<{ id: string; revision: number }>(
      `SELECT id, revision FROM works WHERE "versionId" = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
      [input.versionId, ids],
    );
    const revisions = new Map(rows.map((r) => [r.id, r.revision]));
    for (const move of input.moves) {
      const revision = revisions.get(move.workId);
      if (revision === undefined) throw new AppError('NotFound');
      if (revision !== move.revision) throw new AppError('Conflict');
    }
    const undo = new UndoRecorder(client);
    await undo.works(ids);
    await client.query(
      `UPDATE works w SET "startLimit" = 'not_earlier', "startLimitDate" = x.start::timestamp, revision = w.revision + 1,
         "updatedAt" = now()
       FROM json_to_recordset($1::json) AS x("workId" uuid, start text) WHERE w.id = x."workId"`,
      [
        JSON.stringify(
          input.moves.map((m) => ({
            workId: m.workId,
            start: m.start.length === 10 ? `${m.start}T00:00` : m.start,
          })),
        ),
      ],
    );
    await undo.save(ctx, input.versionId, 'undo_wbs', 'resources.level');
  });
  const calculation = await calculateVersion(ctx, input.versionId, histogramWarm);
  return { success: true as const, count: input.moves.length, calculation };
}
