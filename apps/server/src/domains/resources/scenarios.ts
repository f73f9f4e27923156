import {
  calendarWorkingMinutesBetween,
  type ScenarioAutoDates,
  type ScenarioNumber,
  type ScenarioVariant,
  scenarioCalculate,
} from '@takt/engine';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { iso, keyDate } from '../../db/time';
import { calculateVersion } from '../calculation';
import { UndoRecorder } from '../undo';
import { versionForEdit } from '../versions';
import { histogramWarm } from './histogram';
import { resourceSettingsOf } from './settings';
import { instantOf, versionCalendars } from './time';

interface ScenarioRow {
  workId: string;
  code: string | null;
  name: string;
  calendarId: string | null;
  durationMinutes: number;
  progress: number;
  start: string | null;
  approvedStart: string | null;
  approvedFinish: string | null;
  factStart: string | null;
  factFinish: string | null;
  planVolume: number | null;
  factVolume: number | null;
  wdpFact: number | null;
  labourPlan: number | null;
  labourFact: number | null;
  labourHours: number | null;
  costPlan: number | null;
  costFact: number | null;
  dailyPlan: { date: string; quantity: number }[] | null;
  revision: number;
}

/** Why a work keeps its values: no planned measure, no approved dates for a target, no daily plan, else the engine's reason. */
type SkipReason = 'no_plan' | 'no_target' | 'no_daily_plan' | 'invalid';

const AUTO_DATES: Record<string, ScenarioAutoDates> = {
  'false:false': 'none',
  'true:false': 'start',
  'false:true': 'finish',
  'true:true': 'both',
};

interface ScenarioRun {
  versionId: string;
  workIds?: string[];
  /** Only works in progress (remaining durations by intensity). */
  inProgressOnly?: boolean;
  /** The scenario, variant and automatic dates; absent: the version's resource settings. */
  scenario?: { scenario: ScenarioNumber; variant: ScenarioVariant | null; autoDates: ScenarioAutoDates };
  action?: string;
}

/**
 * Applies the version's calculation scenario (entities: 1 by progress, 6 by physical volume, 9 by labour,
 * 12 by cost; variants actual, initial or target duration or base intensity; start and finish from the
 * daily volume plan) to its works through the engine: each work's progress, status and remaining duration
 * follow from its measure's plan and fact. The target duration is the work's approved (baseline) duration.
 * Works that lack what the scenario needs (no planned volume, labour or cost) keep their values and are
 * listed. One undo action; the version is calculated again.
 */
export async function applyScenario(ctx: SpaceContext, input: { versionId: string; workIds?: string[] }) {
  return scenarioRun(ctx, input);
}

/**
 * calculate-remains-duration-by-intensity (API): for works in progress, the intensity reached so far
 * (actual volume per working day from the actual start to the data date) gives the remaining duration of the
 * rest of the volume — scenario 6 on the actual duration, whatever the version's scenario.
 */
export async function remainsByIntensity(
  ctx: SpaceContext,
  input: { versionId: string; workIds?: string[] },
) {
  return scenarioRun(ctx, {
    ...input,
    inProgressOnly: true,
    scenario: { scenario: 6, variant: 'actual_duration', autoDates: 'none' },
    action: 'resources.remains_by_intensity',
  });
}

async function scenarioRun(ctx: SpaceContext, input: ScenarioRun) {
  const spaceId = ctx.space.spaceId;
  const outcome = await inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const settings = await resourceSettingsOf(client, spaceId, input.versionId);
    const chosen = input.scenario ?? {
      scenario: settings.scenario as ScenarioNumber,
      variant: settings.variant as ScenarioVariant | null,
      autoDates: AUTO_DATES[`${settings.autoStartFromWdp}:${settings.autoFinishFromWdp}`] ?? 'none',
    };
    const { scenario, variant, autoDates } = chosen;
    const { rows: version } = await client.query<{ dataDate: string | null }>(
      `SELECT ${iso('"dataDate"')} AS "dataDate" FROM versions WHERE id = $1`,
      [input.versionId],
    );
    const dataDate = version[0]?.dataDate ?? `${keyDate()}T00:00`;
    const { rows } = await client.query<ScenarioRow>(
      `SELECT w.id AS "workId", w.code, w.name, w."calendarId", w."durationMinutes", w.progress,
         ${iso('coalesce(w."earlyStart", w."planStart")')} AS start,
         ${iso('w."approvedStart"')} AS "approvedStart", ${iso('w."approvedFinish"')} AS "approvedFinish",
         ${iso('w."factStart"')} AS "factStart", ${iso('w."factFinish"')} AS "factFinish",
         w."planVolume", w."factVolume",
         (SELECT sum(v."factVolume") FROM wdp_values v WHERE v."workId" = w.id)::float8 AS "wdpFact",
         (SELECT sum(a."planQuantity") FROM assignments a JOIN resources r ON r.id = a."resourceId"
           WHERE a."workId" = w.id AND r.kind = 'labour')::float8 AS "labourPlan",
         (SELECT sum(a."factQuantity") FROM assignments a JOIN resources r ON r.id = a."resourceId"
           WHERE a."workId" = w.id AND r.kind = 'labour')::float8 AS "labourFact",
         (SELECT sum(e.hours) FROM timesheet_entries e WHERE e."workId" = w.id AND e.status = 'approved')::float8
           AS "labourHours",
         (SELECT sum(CASE WHEN r.kind = 'distributed_price' THEN a."planQuantity"
             ELSE a."planQuantity" * coalesce(a.price, r.price) END)
           FROM assignments a JOIN resources r ON r.id = a."resourceId" WHERE a."workId" = w.id)::float8 AS "costPlan",
         (SELECT sum(CASE WHEN r.kind = 'distributed_price' THEN coalesce(a."factQuantity", 0)
             ELSE coalesce(a."factQuantity", 0) * coalesce(a.price, r.price) END)
           FROM assignments a JOIN resources r ON r.id = a."resourceId" WHERE a."workId" = w.id)::float8 AS "costFact",
         (SELECT json_agg(json_build_object('date', to_char(v.date, 'YYYY-MM-DD'), 'quantity', v."planVolume")
            ORDER BY v.date)
           FROM wdp_values v WHERE v."workId" = w.id AND v."planVolume" > 0) AS "dailyPlan",
         w.revision
       FROM works w WHERE w."versionId" = $1 AND w.type IN ('task', 'work')
         AND ($2::uuid[] IS NULL OR w.id = ANY($2::uuid[]))
         AND (NOT $3 OR (w."factStart" IS NOT NULL AND w."factFinish" IS NULL))
       ORDER BY w."sortKey", w.id FOR UPDATE OF w`,
      [input.versionId, input.workIds ?? null, input.inProgressOnly === true],
    );
    const calendars = await versionCalendars(client, spaceId, input.versionId);
    const changes: {
      workId: string;
      durationMinutes: number;
      progress: number;
      status: string;
      start: string | null;
      label: string;
      intensity: number | null;
    }[] = [];
    const skipped: { workId: string; label: string; reason: SkipReason; detail?: string }[] = [];
    for (const w of rows) {
      const calendar = calendars.of(w.calendarId);
      const measure =
        scenario === 6
          ? { plan: w.planVolume, fact: w.factVolume ?? w.wdpFact }
          : scenario === 9
            ? { plan: w.labourPlan, fact: w.labourFact ?? w.labourHours }
            : scenario === 12
              ? { plan: w.costPlan, fact: w.costFact }
              : { plan: null, fact: null };
      const target =
        w.approvedStart && w.approvedFinish
          ? calendarWorkingMinutesBetween(calendar, instantOf(w.approvedStart), instantOf(w.approvedFinish))
          : null;
      const label = w.code ? `${w.code} ${w.name}` : w.name;
      const missing: SkipReason | null =
        scenario !== 1 && !((measure.plan ?? 0) > 0)
          ? 'no_plan'
          : variant === 'target_duration' && target === null
            ? 'no_target'
            : autoDates !== 'none' && !(w.dailyPlan ?? []).length
              ? 'no_daily_plan'
              : null;
      if (missing) {
        skipped.push({ workId: w.workId, label, reason: missing });
        continue;
      }
      try {
        const result = scenarioCalculate(
          {
            initialDurationMinutes: w.durationMinutes,
            targetDurationMinutes: target,
            plannedStart: w.start,
            actualStart: w.factStart,
            actualFinish: w.factFinish,
            progressPercent: w.progress,
            plan: measure.plan,
            fact: measure.fact,
            dailyPlan: w.dailyPlan,
          },
          {
            scenario,
            variant,
            autoDates,
            calendar,
            dataDate,
          },
        );
        const percent = Math.round(result.progress * 10_000) / 100;
        // The calculation reads an in-progress work's remaining time as duration × (1 − progress).
        const durationMinutes =
          result.status === 'in_progress' && result.progress < 1
            ? Math.round(result.remainingMinutes / (1 - result.progress))
            : result.durationMinutes;
        changes.push({
          workId: w.workId,
          durationMinutes,
          progress: percent,
          status: result.status,
          start: result.start,
          label,
          intensity: result.intensity === null ? null : Math.round(result.intensity * 1000) / 1000,
        });
      } catch (error) {
        if ((error as Error).name !== 'EngineError') throw error;
        skipped.push({ workId: w.workId, label, reason: 'invalid', detail: (error as Error).message });
      }
    }
    if (changes.length) {
      const undo = new UndoRecorder(client);
      await undo.works(changes.map((c) => c.workId));
      await client.query(
        `UPDATE works w SET "durationMinutes" = x."durationMinutes", progress = x.progress,
           status = x.status::"WorkStatus",
           "startLimit" = CASE WHEN x.start IS NULL THEN w."startLimit" ELSE 'not_earlier'::"LimitType" END,
           "startLimitDate" = CASE WHEN x.start IS NULL THEN w."startLimitDate" ELSE x.start::timestamp END,
           revision = w.revision + 1, "updatedAt" = now()
         FROM json_to_recordset($1::json) AS x("workId" uuid, "durationMinutes" int, progress float8, status text,
           start text)
         WHERE w.id = x."workId"`,
        [JSON.stringify(changes)],
      );
      await undo.save(ctx, input.versionId, 'undo_wbs', input.action ?? `resources.scenario_${scenario}`);
    }
    return {
      scenario,
      dataDate,
      count: changes.length,
      works: changes.map(({ workId, label, durationMinutes, progress, intensity }) => ({
        workId,
        label,
        durationMinutes,
        progress,
        intensity,
      })),
      skipped,
    };
  });
  const calculation = outcome.count ? await calculateVersion(ctx, input.versionId, histogramWarm) : null;
  return { success: true as const, ...outcome, calculation };
}
