import type { BimLinkRuleInput } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { rowOrNotFound, type Sql, spaceRowOrNotFound } from '../../db/sql';
import { changedOrStale, deleteSpaceRow } from '../../errors';
import { checkProfile } from './links';

/** Saved linking rules of a schedule (API schedules/{id}/3d/link): applied to any of its versions. */
interface RuleRow {
  id: string;
  scheduleId: string;
  name: string;
  rule: BimLinkRuleInput;
  sortKey: number;
  revision: number;
}
const RULE_SELECT = 'id, "scheduleId", name, rule, "sortKey", revision';

async function scheduleOf(sql: Sql, spaceId: string, scheduleId: string) {
  await rowOrNotFound(sql, `SELECT 1 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 AND kind = 'schedule'`, [
    scheduleId,
    spaceId,
  ]);
}

const ruleRow = (sql: Sql, spaceId: string, ruleId: string) =>
  spaceRowOrNotFound<RuleRow>(sql, 'bim_link_rules', RULE_SELECT, spaceId, ruleId);

export async function listRules(ctx: SpaceContext, scheduleId: string) {
  const spaceId = ctx.space.spaceId;
  await scheduleOf(ctx.db.pool, spaceId, scheduleId);
  const { rows } = await ctx.db.pool.query<RuleRow>(
    `SELECT ${RULE_SELECT} FROM bim_link_rules WHERE "scheduleId" = $1 AND "spaceId" = $2 ORDER BY "sortKey", "createdAt"`,
    [scheduleId, spaceId],
  );
  return rows;
}

export async function createRule(
  ctx: SpaceContext,
  input: { scheduleId: string; name: string; rule: BimLinkRuleInput },
) {
  const spaceId = ctx.space.spaceId;
  await scheduleOf(ctx.db.pool, spaceId, input.scheduleId);
  await checkProfile(ctx.db.pool, spaceId, input.rule.profileId);
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `INSERT INTO bim_link_rules (id, "spaceId", "scheduleId", name, rule, "profileId", "sortKey")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5,
       (SELECT coalesce(max("sortKey"), 0) + 1024 FROM bim_link_rules WHERE "scheduleId" = $2))
     RETURNING id`,
    [spaceId, input.scheduleId, input.name, JSON.stringify(input.rule), input.rule.profileId ?? null],
  );
  return ruleRow(ctx.db.pool, spaceId, rows[0]!.id);
}

export async function updateRule(
  ctx: SpaceContext,
  input: { ruleId: string; revision: number; name?: string; rule?: BimLinkRuleInput },
) {
  const spaceId = ctx.space.spaceId;
  await checkProfile(ctx.db.pool, spaceId, input.rule?.profileId);
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE bim_link_rules SET name = coalesce($4, name), rule = coalesce($5::jsonb, rule),
       "profileId" = CASE WHEN $5::jsonb IS NULL THEN "profileId" ELSE $6::uuid END,
       revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
    [
      input.ruleId,
      spaceId,
      input.revision,
      input.name ?? null,
      input.rule ? JSON.stringify(input.rule) : null,
      input.rule?.profileId ?? null,
    ],
  );
  await changedOrStale(rowCount, () => ruleRow(ctx.db.pool, spaceId, input.ruleId));
  return ruleRow(ctx.db.pool, spaceId, input.ruleId);
}

export const deleteRule = (ctx: SpaceContext, ruleId: string) =>
  deleteSpaceRow(ctx.db.prisma.bimLinkRule, ctx.space.spaceId, ruleId);
