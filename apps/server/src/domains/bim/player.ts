import {
  BIM_DEVIATION_LOOKS,
  BIM_PROFILE_DEFAULTS,
  BIM_UNLINKED_LOOK,
  type BimLook,
  BimPhase,
  type BimPlanKind,
  BimTimeline,
  bimDeviationOf,
} from '@takt/bim';
import { NO_TIME, timeFromIso } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { sqlMinutesOfTimestamp } from '../../db/time';
import type { WorkRowOf } from '../../db/work-row';
import { versionScope } from './links';
import { projectOf } from './models';
import { listProfiles } from './profiles';

/**
 * 4D playback data (API versions/{id}/3d/link/player, colors, deviation dates). Dates travel as
 * engine minutes since 2000-01-01 (negative before it; `NO_TIME`, −2³¹: none), the unit the client's timeline and scrubber use.
 */
const minutes = sqlMinutesOfTimestamp;

interface WorkDates {
  ids: string[];
  planStart: number[];
  planFinish: number[];
  approvedStart: number[];
  approvedFinish: number[];
  factStart: number[];
  factFinish: number[];
}

/**
 * Everything the client needs to play the version back: the linked works' dates for every plan kind,
 * the links per model as element index → work index → profile index, the profiles, the data date.
 */
export async function playerData(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  const scope = await versionScope(ctx.db.pool, spaceId, versionId);
  const profiles = await listProfiles(ctx.db.pool, spaceId, ctx.lang);
  const { rows: versionRows } = await ctx.db.pool.query<{ dataDate: number }>(
    `SELECT ${minutes('"dataDate"')} AS "dataDate" FROM versions WHERE id = $1`,
    [versionId],
  );
  const { rows: works } = await ctx.db.pool.query<WorkDates>(
    `SELECT coalesce(array_agg(w.id ORDER BY w.id), '{}') AS ids,
       coalesce(array_agg(${minutes('w."planStart"')} ORDER BY w.id), '{}') AS "planStart",
       coalesce(array_agg(${minutes('w."planFinish"')} ORDER BY w.id), '{}') AS "planFinish",
       coalesce(array_agg(${minutes('w."approvedStart"')} ORDER BY w.id), '{}') AS "approvedStart",
       coalesce(array_agg(${minutes('w."approvedFinish"')} ORDER BY w.id), '{}') AS "approvedFinish",
       coalesce(array_agg(${minutes('w."factStart"')} ORDER BY w.id), '{}') AS "factStart",
       coalesce(array_agg(${minutes('w."factFinish"')} ORDER BY w.id), '{}') AS "factFinish"
     FROM works w WHERE w."versionId" = $1 AND EXISTS (SELECT 1 FROM bim_links l WHERE l."workId" = w.id)`,
    [versionId],
  );
  const dates = works[0]!;
  const workIndex = new Map(dates.ids.map((id, i) => [id, i]));
  const profileIndex = new Map(profiles.map((p, i) => [p.id, i]));
  const defaultProfile = Math.max(
    0,
    profiles.findIndex((p) => p.kind === 'install'),
  );
  const { rows: links } = await ctx.db.pool.query<{
    modelId: string;
    element: number[];
    workId: string[];
    profileId: (string | null)[];
  }>(
    `SELECT l."modelId", array_agg(e.index) AS element, array_agg(l."workId") AS "workId",
       array_agg(l."profileId") AS "profileId"
     FROM bim_links l JOIN bim_elements e ON e."modelId" = l."modelId" AND e."globalId" = l."globalId"
     JOIN bim_models m ON m.id = l."modelId"
     WHERE l."versionId" = $1 AND l."spaceId" = $2 AND m."projectId" = $3
     GROUP BY l."modelId"`,
    [versionId, spaceId, scope.projectId],
  );
  return {
    versionId,
    projectId: scope.projectId,
    dataDate: versionRows[0]?.dataDate ?? NO_TIME,
    profiles,
    works: dates,
    models: links.map((l) => ({
      modelId: l.modelId,
      element: l.element,
      work: l.workId.map((w) => workIndex.get(w) ?? 0),
      profile: l.profileId.map((p) => (p ? (profileIndex.get(p) ?? defaultProfile) : defaultProfile)),
    })),
  };
}

type PlayerData = Awaited<ReturnType<typeof playerData>>;

function timelineOf(data: PlayerData, model: PlayerData['models'][number], count: number, kind: BimPlanKind) {
  const d = data.works;
  const clean = (a: number[]) => a.map((v) => (v === NO_TIME ? Number.NaN : v));
  const [start, finish] =
    kind === 'fact'
      ? [d.factStart, d.factFinish]
      : kind === 'approved_plan'
        ? [d.approvedStart, d.approvedFinish]
        : [d.planStart, d.planFinish];
  const links = model.element.map((element, i) => ({
    element,
    work: model.work[i]!,
    profile: model.profile[i]!,
  }));
  return new BimTimeline(count, links, { start: clean(start), finish: clean(finish) }, kind);
}

/**
 * API versions/{id}/3d/link/colors: every linked element's look at a date, by plan kind (appearance
 * profiles) or as plan-versus-fact deviation; elements without links take `unlinked`.
 */
export async function colorsAt(
  ctx: SpaceContext,
  input: {
    versionId: string;
    date: string;
    planKind?: BimPlanKind;
    mode?: 'appearance' | 'deviation';
    modelId?: string;
  },
) {
  const data = await playerData(ctx, input.versionId);
  const t = timeFromIso(input.date.length === 10 ? `${input.date}T23:59` : input.date);
  const kind = input.planKind ?? 'plan';
  const mode = input.mode ?? 'appearance';
  const models = [];
  for (const model of data.models) {
    if (input.modelId && model.modelId !== input.modelId) continue;
    const { rows } = await ctx.db.pool.query<{ globalIds: string[] }>(
      `SELECT array_agg("globalId" ORDER BY index) AS "globalIds" FROM bim_elements WHERE "modelId" = $1`,
      [model.modelId],
    );
    const globalIds = rows[0]?.globalIds ?? [];
    const elements: { globalId: string; phase: string; color: string | null; opacity: number }[] = [];
    const linked = [...new Set(model.element)].sort((a, b) => a - b);
    if (mode === 'deviation') {
      const plan = timelineOf(data, model, globalIds.length, kind === 'fact' ? 'plan' : kind);
      const fact = timelineOf(data, model, globalIds.length, 'fact');
      for (const e of linked) {
        const deviation = bimDeviationOf(plan, fact, e, t, 24 * 60);
        elements.push({ globalId: globalIds[e]!, phase: deviation, ...BIM_DEVIATION_LOOKS[deviation] });
      }
    } else {
      const timeline = timelineOf(data, model, globalIds.length, kind);
      for (const e of linked) {
        const phase = timeline.phaseOf(e, t);
        const looks = data.profiles[timeline.profileOf(e, t)]?.looks ?? BIM_PROFILE_DEFAULTS.install;
        const look: BimLook =
          phase === BimPhase.Before ? looks.before : phase === BimPhase.During ? looks.during : looks.after;
        elements.push({
          globalId: globalIds[e]!,
          phase: phase === BimPhase.Before ? 'before' : phase === BimPhase.During ? 'during' : 'after',
          ...look,
        });
      }
    }
    models.push({ modelId: model.modelId, elements });
  }
  return { date: input.date, planKind: kind, mode, unlinked: BIM_UNLINKED_LOOK, models };
}

/**
 * API versions/{id}/3d/link/deviation dates: per linked work its plan, approved and fact dates,
 * linked element count and the finish deviation in days (fact finish, or the data date for an
 * unfinished work past its planned finish, minus the planned finish; positive = late).
 */
export async function deviationDates(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionScope(ctx.db.pool, spaceId, versionId);
  const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`;
  // the planned, approved and actual dates of each work, as wall-clock text
  type Dates = `${'plan' | 'approved' | 'fact'}${'Start' | 'Finish'}`;
  const { rows } = await ctx.db.pool.query<
    WorkRowOf<'code' | 'name' | Dates> & { workId: string; elements: number; deviationDays: number | null }
  >(
    `SELECT w.id AS "workId", w.code, w.name, ${day('w."planStart"')} AS "planStart", ${day('w."planFinish"')} AS "planFinish",
       ${day('w."approvedStart"')} AS "approvedStart", ${day('w."approvedFinish"')} AS "approvedFinish",
       ${day('w."factStart"')} AS "factStart", ${day('w."factFinish"')} AS "factFinish",
       (SELECT count(*)::int FROM bim_links l WHERE l."workId" = w.id) AS elements,
       CASE
         WHEN w."planFinish" IS NULL THEN NULL
         WHEN w."factFinish" IS NOT NULL THEN (w."factFinish"::date - w."planFinish"::date)
         WHEN v."dataDate" IS NOT NULL AND v."dataDate" > w."planFinish" THEN (v."dataDate"::date - w."planFinish"::date)
         ELSE 0
       END AS "deviationDays"
     FROM works w JOIN versions v ON v.id = w."versionId"
     WHERE w."versionId" = $1 AND EXISTS (SELECT 1 FROM bim_links l WHERE l."workId" = w.id)
     ORDER BY w."planStart" NULLS LAST, w.code`,
    [versionId],
  );
  return rows;
}

/** API projects/{id}/3d/link: the project's schedule versions and how many links each has. */
export async function projectLinkSummary(ctx: SpaceContext, projectId: string) {
  const spaceId = ctx.space.spaceId;
  await projectOf(ctx.db.pool, spaceId, projectId);
  const { rows } = await ctx.db.pool.query<{
    scheduleId: string;
    scheduleName: string;
    versionId: string;
    versionName: string;
    actual: boolean;
    links: number;
  }>(
    `SELECT s.id AS "scheduleId", s.name AS "scheduleName", v.id AS "versionId", v.name AS "versionName", v.actual,
       (SELECT count(*)::int FROM bim_links l WHERE l."versionId" = v.id) AS links
     FROM eps_nodes s JOIN versions v ON v."scheduleId" = s.id
     WHERE s."parentId" = $1 AND s."spaceId" = $2 AND s.kind = 'schedule'
     ORDER BY s."sortKey", s.name, v.number`,
    [projectId, spaceId],
  );
  return rows;
}
