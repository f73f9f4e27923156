import type { CyclogramLocationSource, CyclogramTradeSource } from '@takt/contracts';
import type { Sql } from '../../db/sql';
import { LOCATION_ATTRIBUTE } from './generate';

/**
 * How the cyclogram places a version's pipeline works when its user chose nothing else: locations by the
 * schedule's location attribute the generation writes, trades by the flows' summaries (the top WBS
 * level). Null when no pipeline generated works into the version.
 */
export async function pipelineCyclogramSources(
  on: Sql,
  spaceId: string,
  versionId: string,
): Promise<{ locations: CyclogramLocationSource; trades: CyclogramTradeSource } | null> {
  const { rows } = await on.query<{ attributeId: string }>(
    `SELECT a.id AS "attributeId" FROM attributes a JOIN versions v ON v."scheduleId" = a."scheduleId"
      WHERE v.id = $1 AND v."spaceId" = $2 AND a.name = $3 AND a."valueType" = 'string'
        AND EXISTS (SELECT 1 FROM pipeline_works p WHERE p."versionId" = v.id AND p."locationId" IS NOT NULL)
      ORDER BY a."createdAt" LIMIT 1`,
    [versionId, spaceId, LOCATION_ATTRIBUTE],
  );
  if (!rows[0]) return null;
  return {
    locations: { kind: 'attribute', attributeId: rows[0].attributeId },
    trades: { kind: 'wbs', level: 1 },
  };
}
