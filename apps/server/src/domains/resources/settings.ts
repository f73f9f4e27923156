import type { LevelingOptions } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { versionOf } from '../versions';

export interface ResourceSettingsDto {
  versionId: string;
  scenario: number;
  variant: 'actual_duration' | 'target_duration' | 'initial_duration' | 'base_intensity' | null;
  autoStartFromWdp: boolean;
  autoFinishFromWdp: boolean;
  planCostAttributeId: string | null;
  factCostAttributeId: string | null;
  leveling: LevelingOptions | null;
  /** 0 until the settings are first saved. */
  revision: number;
}

export const DEFAULT_LEVELING: LevelingOptions = { withinFloat: false, rule: 'lft', seed: 1, schedules: 200 };

export async function resourceSettingsOf(
  sql: Sql,
  spaceId: string,
  versionId: string,
): Promise<ResourceSettingsDto> {
  await versionOf(sql, spaceId, versionId);
  const { rows } = await sql.query<ResourceSettingsDto>(
    `SELECT "versionId", scenario, variant, "autoStartFromWdp", "autoFinishFromWdp", "planCostAttributeId",
       "factCostAttributeId", leveling, revision FROM resource_settings WHERE "versionId" = $1`,
    [versionId],
  );
  return (
    rows[0] ?? {
      versionId,
      scenario: 1,
      variant: null,
      autoStartFromWdp: false,
      autoFinishFromWdp: false,
      planCostAttributeId: null,
      factCostAttributeId: null,
      leveling: null,
      revision: 0,
    }
  );
}

export async function getResourceSettings(ctx: SpaceContext, versionId: string) {
  return resourceSettingsOf(ctx.db.pool, ctx.space.spaceId, versionId);
}

/** Saves a version's resource settings at their revision (0: never saved). Cost attributes hold money or numbers. */
export async function updateResourceSettings(
  ctx: SpaceContext,
  input: Partial<Omit<ResourceSettingsDto, 'versionId' | 'revision'>> & {
    versionId: string;
    revision: number;
  },
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, revision, ...fields } = input;
  await inTransaction(ctx.db.pool, async (client) => {
    const current = await resourceSettingsOf(client, spaceId, versionId);
    const attributeIds = [fields.planCostAttributeId, fields.factCostAttributeId].filter(
      (a): a is string => !!a,
    );
    if (attributeIds.length) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT a.id FROM attributes a JOIN versions v ON v.id = $3
         WHERE a."spaceId" = $1 AND a.id = ANY($2::uuid[]) AND a."valueType" IN ('money', 'number')
           AND (a."scheduleId" IS NULL OR a."scheduleId" = v."scheduleId")`,
        [spaceId, attributeIds, versionId],
      );
      const known = new Set(rows.map((r) => r.id));
      const issues = (['planCostAttributeId', 'factCostAttributeId'] as const)
        .filter((key) => fields[key] && !known.has(fields[key]!))
        .map((path) => ({ path, message: 'resources.validation.cost_attribute' }));
      if (issues.length) throw new AppError('ValidationError', {}, issues);
    }
    const next = { ...current, ...fields };
    await client.query(`SELECT 1 FROM resource_settings WHERE "versionId" = $1 FOR UPDATE`, [versionId]);
    const { rowCount } = await client.query(
      `INSERT INTO resource_settings ("versionId", "spaceId", scenario, variant, "autoStartFromWdp", "autoFinishFromWdp",
         "planCostAttributeId", "factCostAttributeId", leveling, revision)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, 1)
       ON CONFLICT ("versionId") DO UPDATE SET scenario = EXCLUDED.scenario, variant = EXCLUDED.variant,
         "autoStartFromWdp" = EXCLUDED."autoStartFromWdp", "autoFinishFromWdp" = EXCLUDED."autoFinishFromWdp",
         "planCostAttributeId" = EXCLUDED."planCostAttributeId", "factCostAttributeId" = EXCLUDED."factCostAttributeId",
         leveling = EXCLUDED.leveling, revision = resource_settings.revision + 1, "updatedAt" = now()
       WHERE resource_settings.revision = $10`,
      [
        versionId,
        spaceId,
        next.scenario,
        next.variant,
        next.autoStartFromWdp,
        next.autoFinishFromWdp,
        next.planCostAttributeId,
        next.factCostAttributeId,
        next.leveling === null ? null : JSON.stringify(next.leveling),
        revision,
      ],
    );
    // A first save at revision 0 inserts; any other answer than one row is a stale revision.
    if (!rowCount || (current.revision === 0 && revision !== 0)) throw new AppError('Conflict');
  });
  return resourceSettingsOf(ctx.db.pool, spaceId, versionId);
}
