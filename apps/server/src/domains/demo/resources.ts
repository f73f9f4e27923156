import { randomUUID } from 'node:crypto';
import { NO_TIME } from '@takt/engine';
import type pg from 'pg';
import { unnestColumns } from '../../db/sql';
import { demoRandom, type InsertedProgramme } from './programme';

/**
 * The demo's resources and what they did: crews (labour, with hourly rates and a head count), machines
 * (machine-hours at a rate, a few of each) and materials (priced per unit), assigned to the programmes'
 * works with quantities from their volumes and crew sizes; facts in proportion to progress; daily plans and
 * timesheets over the fortnight around today; plan and fact costs in two money columns. Numbers come from a
 * seeded generator, so every demo space is the same, and everything is a handful of bulk statements.
 */

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2000, 0, 1);
/** Days of daily plans and timesheets on either side of today. */
const WINDOW_DAYS = 14;

/** A machine: its name, code, how many the site has, the rate of a machine-hour, and which crews' works use it. */
const MACHINES: { name: string; code: string; count: number; price: number; crews: RegExp; hours: number }[] =
  [
    {
      name: 'Башенный кран КБ-405',
      code: 'МХ-01',
      count: 4,
      price: 3200,
      crews: /^(Арматурщики|Опалубщики)/,
      hours: 8,
    },
    { name: 'Автобетононасос 36 м', code: 'МХ-02', count: 2, price: 4600, crews: /^Бетонщики/, hours: 6 },
    { name: 'Экскаватор 0,8 м³', code: 'МХ-03', count: 1, price: 2900, crews: /^Механизаторы/, hours: 8 },
    {
      name: 'Автокран 25 т',
      code: 'МХ-04',
      count: 1,
      price: 2600,
      crews: /^(Монтажники|Кровельщики)$/,
      hours: 4,
    },
  ];

/** A material: its name, code, unit, price per unit, and the crews whose works' volume (in that unit) it is. */
const MATERIALS: { name: string; code: string; unit: string; price: number; crews: RegExp }[] = [
  { name: 'Бетон B25', code: 'МТ-01', unit: 'м³', price: 6800, crews: /^Бетонщики/ },
  { name: 'Арматура А500С', code: 'МТ-02', unit: 'т', price: 78_000, crews: /^Арматурщики/ },
  { name: 'Кирпич керамический', code: 'МТ-03', unit: 'м³', price: 9800, crews: /^Каменщики/ },
  { name: 'Оконные блоки ПВХ', code: 'МТ-04', unit: 'шт', price: 21_000, crews: /^Монтажники окон$/ },
  {
    name: 'Утеплитель минераловатный',
    code: 'МТ-05',
    unit: 'м²',
    price: 950,
    crews: /^(Фасадчики|Изолировщики)$/,
  },
  { name: 'Кабель ВВГнг-LS', code: 'МТ-06', unit: 'м', price: 140, crews: /^Электромонтажники$/ },
  { name: 'Трубы полипропиленовые', code: 'МТ-07', unit: 'м', price: 310, crews: /^Сантехники/ },
];

/** Crews of monolithic work keep the 6-day week, like their works. */
const SIX_DAY_CREWS = /^(Арматурщики|Опалубщики|Бетонщики)/;

export interface DemoPeople {
  /** Executors (field staff) the works are given to, who fill in timesheets. */
  executorIds: string[];
  /** Who curates the executed works and decides on their timesheets (the space's creator); none: nobody. */
  curatorId: string | null;
}

export async function fillDemoResources(
  client: pg.PoolClient,
  spaceId: string,
  programmes: InsertedProgramme[],
  calendarIds: { five: string; six: string },
  people: DemoPeople,
): Promise<{ resources: number; assignments: number; wdpValues: number; timesheetEntries: number }> {
  const random = demoRandom(17);
  const crews = [...new Set(programmes.flatMap((p) => p.works.flatMap((w) => (w.crew ? [w.crew] : []))))];

  // Specialties: one per trade (a crew's name without its number).
  const trades = [...new Set(crews.map(tradeOf))];
  const { rows: specialties } = await client.query<{ id: string; name: string }>(
    `INSERT INTO specialties (id, "spaceId", name, "nameKey", code)
     SELECT gen_random_uuid(), $1, n, lower(n), 'СП-' || lpad(i::text, 2, '0') FROM unnest($2::text[]) WITH ORDINALITY AS u(n, i)
     ON CONFLICT ("spaceId", "nameKey") DO UPDATE SET name = EXCLUDED.name RETURNING id, name`,
    [spaceId, trades],
  );
  const specialtyOf = new Map(specialties.map((s) => [s.name, s.id]));

  // The directory: crews, machines, materials.
  type Row = {
    id: string;
    name: string;
    code: string;
    kind: 'labour' | 'cost' | 'volume';
    unit: string;
    price: number;
    unitsPerDay: number | null;
    calendarId: string | null;
    specialtyId: string | null;
  };
  const resources: Row[] = [];
  const crewResource = new Map<string, Row>();
  crews.forEach((crew, i) => {
    const size = Math.max(
      ...programmes.flatMap((p) => p.works.filter((w) => w.crew === crew).map((w) => w.size ?? 1)),
    );
    // Two brigades of the largest size seen: four sections at once then ask for more than that.
    const row: Row = {
      id: randomUUID(),
      name: crew,
      code: `БР-${String(i + 1).padStart(2, '0')}`,
      kind: 'labour',
      unit: 'чел·ч',
      price: 420 + Math.round(random() * 36) * 10,
      unitsPerDay: size * 8 * 2,
      calendarId: SIX_DAY_CREWS.test(crew) ? calendarIds.six : calendarIds.five,
      specialtyId: specialtyOf.get(tradeOf(crew)) ?? null,
    };
    resources.push(row);
    crewResource.set(crew, row);
  });
  const machines = MACHINES.map((m) => {
    const row: Row = {
      id: randomUUID(),
      name: m.name,
      code: m.code,
      kind: 'cost',
      unit: 'маш·ч',
      price: m.price,
      unitsPerDay: m.count * 8,
      calendarId: calendarIds.six,
      specialtyId: null,
    };
    resources.push(row);
    return { ...m, row };
  });
  const materials = MATERIALS.map((m) => {
    const row: Row = {
      id: randomUUID(),
      name: m.name,
      code: m.code,
      kind: 'volume',
      unit: m.unit,
      price: m.price,
      unitsPerDay: null,
      calendarId: null,
      specialtyId: null,
    };
    resources.push(row);
    return { ...m, row };
  });
  await client.query(
    `INSERT INTO resources (id, "spaceId", name, code, kind, unit, price, "unitsPerDay", "calendarId", "specialtyId",
       "sortKey", "updatedAt")
     SELECT u.id, $1, u.name, u.code, u.kind::"ResourceKind", u.unit, u.price, u.upd, u.cal, u.spec, u.n * 1024, now()
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::uuid[],
       $10::uuid[]) WITH ORDINALITY AS u(id, name, code, kind, unit, price, upd, cal, spec, n)`,
    [
      spaceId,
      ...unnestColumns(resources, [
        'id',
        'name',
        'code',
        'kind',
        'unit',
        'price',
        'unitsPerDay',
        'calendarId',
        'specialtyId',
      ]),
    ],
  );

  // Cost columns: what the assignments cost, planned and done.
  const planCostAttr = randomUUID();
  const factCostAttr = randomUUID();
  await client.query(
    `INSERT INTO attributes (id, "spaceId", name, "valueType", "sortKey", "updatedAt") VALUES
       ($1, $3, 'Стоимость план, ₽', 'money', 3072, now()), ($2, $3, 'Стоимость факт, ₽', 'money', 4096, now())`,
    [planCostAttr, factCostAttr, spaceId],
  );

  const a = {
    id: [] as string[],
    versionId: [] as string[],
    workId: [] as string[],
    resourceId: [] as string[],
    plan: [] as number[],
    fact: [] as (number | null)[],
  };
  const wdp = {
    versionId: [] as string[],
    workId: [] as string[],
    date: [] as string[],
    plan: [] as number[],
    fact: [] as (number | null)[],
  };
  const ts = {
    versionId: [] as string[],
    workId: [] as string[],
    userId: [] as string[],
    date: [] as string[],
    hours: [] as number[],
    status: [] as string[],
  };
  const costs = { workId: [] as string[], plan: [] as number[], fact: [] as number[] };

  for (const p of programmes) {
    const weekOf = new Map(p.calendars.map((c) => [c.id, c.week]));
    const holidays = new Set(p.calendars[0]?.exceptions?.map((e) => e.date) ?? []);
    const todayDay = Math.round((Date.parse(p.today) - EPOCH) / DAY_MS);
    const isWorking = (day: number, calendarId: string) => {
      const date = new Date(EPOCH + day * DAY_MS);
      const week = weekOf.get(calendarId);
      const weekday = (date.getUTCDay() + 6) % 7;
      return !!week?.[weekday]?.length && !holidays.has(date.toISOString().slice(0, 10));
    };
    const dayIso = (day: number) => new Date(EPOCH + day * DAY_MS).toISOString().slice(0, 10);
    const parentOf = new Map(p.works.map((w) => [w.id, w.parentId ?? null]));
    const planCost = new Map<string, number>();
    const factCost = new Map<string, number>();
    const addCost = (workId: string, plan: number, fact: number) => {
      for (let id: string | null | undefined = workId; id; id = parentOf.get(id)) {
        planCost.set(id, (planCost.get(id) ?? 0) + plan);
        factCost.set(id, (factCost.get(id) ?? 0) + fact);
      }
    };
    // Days of timesheets per executor: the works they ran on each past day of the window.
    const busy = new Map<string, string[]>();

    p.works.forEach((w, i) => {
      if (!w.crew || w.type === 'sum') return;
      const fact = p.facts[i]!;
      const share = fact.progress / 100;
      const days = w.durationMinutes / 480;
      const assign = (resource: Row, plan: number) => {
        if (plan <= 0) return;
        const rounded = Math.round(plan * 100) / 100;
        // What was done differs a little from the plan, as on a real site.
        const done = share > 0 ? Math.round(rounded * share * (0.92 + random() * 0.16) * 100) / 100 : null;
        a.id.push(randomUUID());
        a.versionId.push(p.versionId);
        a.workId.push(w.id);
        a.resourceId.push(resource.id);
        a.plan.push(rounded);
        a.fact.push(done);
        addCost(w.id, rounded * resource.price, (done ?? 0) * resource.price);
      };
      assign(crewResource.get(w.crew)!, days * 8 * (w.size ?? 1));
      for (const m of machines) if (m.crews.test(w.crew)) assign(m.row, days * m.hours);
      for (const m of materials)
        if (m.crews.test(w.crew) && w.unit === m.unit && w.volume) assign(m.row, w.volume);

      // Daily plans: the volume spread over the working days, facts on the days already past.
      const start = p.result.earlyStart[i]!;
      const finish = p.result.earlyFinish[i]!;
      if (start === NO_TIME || finish === NO_TIME) return;
      const first = Math.floor(start / 1440);
      const last = Math.floor((finish - 1) / 1440);
      if (last < todayDay - WINDOW_DAYS || first > todayDay + WINDOW_DAYS) return;
      const calendarId = w.calendarId ?? calendarIds.five;
      const working: number[] = [];
      for (let d = first; d <= last; d++) if (isWorking(d, calendarId)) working.push(d);
      if (!working.length) return;
      const executor = people.executorIds.length ? people.executorIds[i % people.executorIds.length]! : null;
      for (const d of working) {
        if (d < todayDay - WINDOW_DAYS || d > todayDay + WINDOW_DAYS) continue;
        if (w.volume) {
          const plan = Math.round((w.volume / working.length) * 100) / 100;
          wdp.versionId.push(p.versionId);
          wdp.workId.push(w.id);
          wdp.date.push(dayIso(d));
          wdp.plan.push(plan);
          wdp.fact.push(
            d < todayDay && fact.start !== NO_TIME
              ? Math.round(plan * (0.8 + random() * 0.35) * 100) / 100
              : null,
          );
        }
        if (executor && d < todayDay && d >= todayDay - WINDOW_DAYS && fact.start !== NO_TIME) {
          const key = `${executor}|${d}`;
          busy.set(key, [...(busy.get(key) ?? []), w.id]);
        }
      }
    });

    // Timesheets: each executor's day split over at most two of the works running that day; the older week
    // approved, the last days submitted, yesterday still a draft.
    for (const [key, workIds] of busy) {
      const [userId, dayText] = key.split('|') as [string, string];
      const d = Number(dayText);
      const chosen = workIds.slice(0, 2);
      const status = d < todayDay - 7 ? 'approved' : d < todayDay - 1 ? 'submitted' : 'draft';
      for (const workId of chosen) {
        ts.versionId.push(p.versionId);
        ts.workId.push(workId);
        ts.userId.push(userId);
        ts.date.push(dayIso(d));
        ts.hours.push(chosen.length === 1 ? 8 : 4);
        ts.status.push(status);
      }
    }
    for (const [workId, plan] of planCost) {
      costs.workId.push(workId);
      costs.plan.push(Math.round(plan * 100) / 100);
      costs.fact.push(Math.round((factCost.get(workId) ?? 0) * 100) / 100);
    }
  }

  await client.query(
    `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", "factQuantity", "updatedAt")
     SELECT u.id, $1, u.v, u.w, u.r, u.p, u.f, now()
     FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::float8[], $7::float8[]) AS u(id, v, w, r, p, f)`,
    [spaceId, a.id, a.versionId, a.workId, a.resourceId, a.plan, a.fact],
  );
  await client.query(
    `INSERT INTO wdp_values ("spaceId", "versionId", "workId", date, "planVolume", "factVolume")
     SELECT $1, u.v, u.w, u.d::date, u.p, u.f FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::float8[], $6::float8[])
       AS u(v, w, d, p, f)`,
    [spaceId, wdp.versionId, wdp.workId, wdp.date, wdp.plan, wdp.fact],
  );
  await client.query(
    `INSERT INTO wdp_rows ("workId", "spaceId", "versionId") SELECT DISTINCT u.w, $1::uuid, u.v
     FROM unnest($2::uuid[], $3::uuid[]) AS u(w, v)`,
    [spaceId, wdp.workId, wdp.versionId],
  );
  await client.query(
    `INSERT INTO timesheet_entries (id, "spaceId", "versionId", "workId", "userId", date, hours, status, "submittedAt",
       "decidedAt", "decidedById", "updatedAt")
     SELECT gen_random_uuid(), $1, u.v, u.w, u.u, u.d::date, u.h, u.s::"TimesheetStatus",
       CASE WHEN u.s <> 'draft' THEN u.d::date + interval '18 hours' END,
       CASE WHEN u.s = 'approved' THEN u.d::date + interval '2 days 10 hours' END,
       CASE WHEN u.s = 'approved' THEN $2::uuid END, now()
     FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::float8[], $8::text[]) AS u(v, w, u, d, h, s)`,
    [spaceId, people.curatorId, ts.versionId, ts.workId, ts.userId, ts.date, ts.hours, ts.status],
  );
  // The curator of the executed works is the one who decides on their timesheets.
  if (people.curatorId)
    await client.query(
      `UPDATE works SET "curatorId" = $1 WHERE "versionId" = ANY($2::uuid[]) AND "executorId" IS NOT NULL`,
      [people.curatorId, programmes.map((p) => p.versionId)],
    );
  await client.query(
    `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
     SELECT $1::uuid, u.w, $2::uuid, to_jsonb(u.p) FROM unnest($4::uuid[], $5::float8[]) AS u(w, p)
     UNION ALL SELECT $1::uuid, u.w, $3::uuid, to_jsonb(u.f) FROM unnest($4::uuid[], $6::float8[]) AS u(w, f)`,
    [spaceId, planCostAttr, factCostAttr, costs.workId, costs.plan, costs.fact],
  );
  await client.query(
    `INSERT INTO resource_settings ("versionId", "spaceId", scenario, "planCostAttributeId", "factCostAttributeId")
     SELECT v, $1, 1, $2, $3 FROM unnest($4::uuid[]) AS v`,
    [spaceId, planCostAttr, factCostAttr, programmes.map((p) => p.versionId)],
  );
  return {
    resources: resources.length,
    assignments: a.id.length,
    wdpValues: wdp.workId.length,
    timesheetEntries: ts.workId.length,
  };
}

/** A crew's trade: its name without the brigade number ("Бетонщики-1" → "Бетонщики"). */
function tradeOf(crew: string): string {
  return crew.replace(/-\d+$/, '').slice(0, 32);
}
