import { SUMMARY_ROLLED_UP_FIELDS, VALIDATION, type WorkFields } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type pg from 'pg';
import { anyOf } from '../../db/sql';
import { AppError } from '../../errors';

/**
 * Refuses an edit that sets a rolled-up field (duration, progress, status, volumes, unit) on a summary
 * with works under it: the roll-up would overwrite it at once, so saving it would only lose the user's
 * value silently (docs/product-rules.md, "Summary roll-ups"). One indexed probe (works by version and
 * parent), and none when the edit sets no such field.
 */
export async function refuseRolledUpEdit(
  client: pg.PoolClient,
  versionId: string,
  workIds: readonly string[],
  set: Partial<WorkFields>,
): Promise<void> {
  const fields = SUMMARY_ROLLED_UP_FIELDS.filter((field) => set[field] !== undefined);
  if (!fields.length || !workIds.length) return;
  const { rows } = await sql<{ one: number }>`
    SELECT 1 AS one FROM works s
    WHERE s."versionId" = ${versionId} AND s.id = ${anyOf(workIds, 'uuid')} AND s.type = 'sum'
      AND EXISTS (SELECT 1 FROM works c WHERE c."versionId" = ${versionId} AND c."parentId" = s.id
        AND c.type <> 'draft')
    LIMIT 1`.execute(kyselyOf(client));
  if (rows.length)
    throw new AppError(
      'ValidationError',
      {},
      fields.map((path) => ({ path, message: VALIDATION.summaryRolledUp })),
    );
}
