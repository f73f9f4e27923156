import { BIM_PROFILE_DEFAULTS, BIM_PROFILE_KINDS, type BimProfileKind } from '@takt/bim';
import type { BimLooksInput, BimViewStateInput } from '@takt/contracts';
import { translate } from '@takt/i18n';
import type { SpaceContext } from '../../context';
import { type Sql, spaceRowOrNotFound } from '../../db/sql';
import { AppError, changedOrStale, deleteSpaceRow, rethrowNameTaken } from '../../errors';
import { projectOf } from './models';

/** BIM appearance profiles of a space and each user's view state per project (API "BIM appearance profiles and state"). */
export interface BimProfileDto {
  id: string;
  name: string;
  kind: BimProfileKind;
  looks: BimLooksInput;
  sortKey: number;
  revision: number;
}

const PROFILE_SELECT = 'id, name, kind, looks, "sortKey", revision';
const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * The space's profiles in order. A space starts with one profile per kind (named in the caller's
 * language), created on first use, so links and playback always have a profile to refer to.
 */
export async function listProfiles(
  sql: Sql,
  spaceId: string,
  lang: SpaceContext['lang'],
): Promise<BimProfileDto[]> {
  const read = () =>
    sql.query<BimProfileDto>(
      `SELECT ${PROFILE_SELECT} FROM bim_profiles WHERE "spaceId" = $1 ORDER BY "sortKey", name`,
      [spaceId],
    );
  const { rows } = await read();
  if (rows.length) return rows;
  const names = BIM_PROFILE_KINDS.map((k) => translate(lang, `bim.profile.${k}`));
  await sql.query(
    `INSERT INTO bim_profiles (id, "spaceId", name, "nameKey", kind, looks, "sortKey")
     SELECT gen_random_uuid(), $1, u.n, lower(u.n), u.k, u.l::jsonb, u.s
     FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS u(n, k, l, s)
     ON CONFLICT ("spaceId", "nameKey") DO NOTHING`,
    [
      spaceId,
      names,
      [...BIM_PROFILE_KINDS],
      BIM_PROFILE_KINDS.map((k) => JSON.stringify(BIM_PROFILE_DEFAULTS[k])),
      BIM_PROFILE_KINDS.map((_, i) => (i + 1) * 1024),
    ],
  );
  return (await read()).rows;
}

const profileRow = (sql: Sql, spaceId: string, profileId: string) =>
  spaceRowOrNotFound<BimProfileDto>(sql, 'bim_profiles', PROFILE_SELECT, spaceId, profileId);

const nameTaken = rethrowNameTaken('bim.error.profile_name_taken');

export async function createProfile(
  ctx: SpaceContext,
  input: { name: string; kind: BimProfileKind; looks: BimLooksInput },
) {
  const spaceId = ctx.space.spaceId;
  await listProfiles(ctx.db.pool, spaceId, ctx.lang);
  const { rows } = await ctx.db.pool
    .query<{ id: string }>(
      `INSERT INTO bim_profiles (id, "spaceId", name, "nameKey", kind, looks, "sortKey")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5,
         (SELECT coalesce(max("sortKey"), 0) + 1024 FROM bim_profiles WHERE "spaceId" = $1))
       RETURNING id`,
      [spaceId, input.name.trim(), nameKey(input.name), input.kind, JSON.stringify(input.looks)],
    )
    .catch(nameTaken);
  return profileRow(ctx.db.pool, spaceId, rows[0]!.id);
}

export async function updateProfile(
  ctx: SpaceContext,
  input: { profileId: string; revision: number; name?: string; kind?: BimProfileKind; looks?: BimLooksInput },
) {
  const spaceId = ctx.space.spaceId;
  const { rowCount } = await ctx.db.pool
    .query(
      `UPDATE bim_profiles SET name = coalesce($4, name), "nameKey" = coalesce($5, "nameKey"), kind = coalesce($6, kind),
         looks = coalesce($7::jsonb, looks), revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
      [
        input.profileId,
        spaceId,
        input.revision,
        input.name?.trim() ?? null,
        input.name ? nameKey(input.name) : null,
        input.kind ?? null,
        input.looks ? JSON.stringify(input.looks) : null,
      ],
    )
    .catch(nameTaken);
  await changedOrStale(rowCount, () => profileRow(ctx.db.pool, spaceId, input.profileId));
  return profileRow(ctx.db.pool, spaceId, input.profileId);
}

/** Deletes a profile; its links fall back to the default (install) look. */
export const deleteProfile = (ctx: SpaceContext, profileId: string) =>
  deleteSpaceRow(ctx.db.prisma.bimProfile, ctx.space.spaceId, profileId);

// ── View state ─────────────────────────────────────────────────────────────────────────────────

export async function getViewState(ctx: SpaceContext, projectId: string) {
  const spaceId = ctx.space.spaceId;
  await projectOf(ctx.db.pool, spaceId, projectId);
  const row = await ctx.db.prisma.bimViewState.findFirst({
    where: { userId: ctx.session.userId, projectId, spaceId },
  });
  return { state: (row?.state ?? {}) as BimViewStateInput, revision: row?.revision ?? 0 };
}

/** Saves the view state; with `revision` given, a stale save is a Conflict. */
export async function setViewState(
  ctx: SpaceContext,
  input: { projectId: string; state: BimViewStateInput; revision?: number },
) {
  const spaceId = ctx.space.spaceId;
  await projectOf(ctx.db.pool, spaceId, input.projectId);
  const { rows } = await ctx.db.pool.query<{ revision: number }>(
    `INSERT INTO bim_view_states ("userId", "projectId", "spaceId", state) VALUES ($1, $2, $3, $4)
     ON CONFLICT ("userId", "projectId") DO UPDATE SET state = bim_view_states.state || excluded.state,
       revision = bim_view_states.revision + 1, "updatedAt" = now()
       WHERE $5::int IS NULL OR bim_view_states.revision = $5
     RETURNING revision`,
    [ctx.session.userId, input.projectId, spaceId, JSON.stringify(input.state), input.revision ?? null],
  );
  if (!rows[0]) throw new AppError('Conflict');
  return getViewState(ctx, input.projectId);
}
