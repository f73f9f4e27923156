import { randomUUID } from 'node:crypto';
import type { CalendarInput, RelationInput, WorkType } from '@takt/engine';
import type pg from 'pg';
import { insertProgramme, type ProgrammeWork } from './programme';
import residential from './residential.json' with { type: 'json' };

/**
 * The demo construction programme: a residential complex of 4 sections × 19 storeys. WBS: section →
 * underground part / storey / roof / facade; a storey → 6 trade groups (frame, walls, HVAC, plumbing,
 * electrical, finishing) → about 30 works. About 2,900 works with FS/SS links and lags, planned
 * volumes and crews, a 5-day calendar with Russian public holidays and a 6-day one for monolithic work,
 * and progress up to the data date (today). Calculated in memory by the engine before one bulk insert.
 */
const SECTIONS = 4;
const FLOORS = 19;
const DAY = 480;

/** A work of the programme: name, duration in days, unit (none for a work without volume), volume, crew and its size. */
type Leaf = [name: string, days: number, unit: string | null, volume: number, crew: string, size: number];
/** The programme's content is data (names, durations, volumes, crews), kept in the JSON file beside this one. */
const PROGRAMME = residential as {
  /** A storey's trade groups in order; `six`: works on the 6-day calendar (monolithic work). */
  trades: { group: string; six?: boolean; works: Leaf[] }[];
  underground: Leaf[];
  roof: Leaf[];
  facade: Leaf[];
  preparation: Leaf[];
  networks: Leaf[];
  landscaping: Leaf[];
};
const { trades: TRADES, underground: UNDERGROUND, roof: ROOF, facade: FACADE } = PROGRAMME;
const { preparation: PREPARATION, networks: NETWORKS, landscaping: LANDSCAPING } = PROGRAMME;

/** Russian public holidays (non-working days) of the years the programme spans. */
function russianHolidays(years: number[]): CalendarInput['exceptions'] {
  const days = [
    '01-01',
    '01-02',
    '01-03',
    '01-04',
    '01-05',
    '01-06',
    '01-07',
    '01-08',
    '02-23',
    '03-08',
    '05-01',
    '05-09',
    '06-12',
    '11-04',
  ];
  return years.flatMap((y) => days.map((d) => ({ date: `${y}-${d}`, intervals: [] })));
}

/** A working week of 8:00–17:00 with an hour's lunch on the first `days` days (Monday first). */
const workWeek = (days: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((d) =>
    d < days
      ? [
          { start: '08:00', finish: '12:00' },
          { start: '13:00', finish: '17:00' },
        ]
      : [],
  );
const WEEK5 = workWeek(5);
const WEEK6 = workWeek(6);

export async function fillResidentialDemo(client: pg.PoolClient, spaceId: string, executorIds: string[]) {
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 9, 1));
  const projectStart = `${start.toISOString().slice(0, 10)}T08:00`;
  const years = [0, 1, 2, 3].map((i) => start.getUTCFullYear() + i);
  const holidays = russianHolidays(years);

  // Calendars.
  const cal5 = randomUUID();
  const cal6 = randomUUID();
  await client.query(
    `INSERT INTO calendars (id, "spaceId", name, "isDefault", week, "updatedAt") VALUES
       ($1, $3, 'Пятидневка', true, $4, now()), ($2, $3, 'Шестидневка', false, $5, now())`,
    [cal5, cal6, spaceId, JSON.stringify(WEEK5), JSON.stringify(WEEK6)],
  );
  await client.query(
    `INSERT INTO calendar_exceptions (id, "spaceId", "calendarId", name, date, intervals)
     SELECT gen_random_uuid(), $1, c, 'Праздник', d::date, '[]' FROM unnest($2::text[]) AS d, unnest($3::uuid[]) AS c`,
    [spaceId, holidays!.map((h) => h.date), [cal5, cal6]],
  );

  // Directories and attributes: crews as a reference list, crew and its size as custom columns.
  const crews = [
    ...new Set(
      [
        ...TRADES.flatMap((t) => t.works),
        ...UNDERGROUND,
        ...ROOF,
        ...FACADE,
        ...PREPARATION,
        ...NETWORKS,
        ...LANDSCAPING,
      ].map((l) => l[4]),
    ),
  ];
  const directoryId = randomUUID();
  await client.query(
    `INSERT INTO directories (id, "spaceId", name, "updatedAt") VALUES ($1, $2, 'Бригады', now())`,
    [directoryId, spaceId],
  );
  await client.query(
    `INSERT INTO directory_values (id, "spaceId", "directoryId", code, name, "sortKey")
     SELECT gen_random_uuid(), $1, $2, 'БР-' || lpad(n::text, 2, '0'), c, n * 1024 FROM unnest($3::text[]) WITH ORDINALITY AS u(c, n)`,
    [spaceId, directoryId, crews],
  );
  const crewAttr = randomUUID();
  const sizeAttr = randomUUID();
  await client.query(
    `INSERT INTO attributes (id, "spaceId", name, "valueType", "directoryId", "sortKey", "updatedAt") VALUES
       ($1, $3, 'Бригада', 'string', $4, 1024, now()), ($2, $3, 'Численность, чел.', 'number', NULL, 2048, now())`,
    [crewAttr, sizeAttr, spaceId, directoryId],
  );

  // EPS: facility → project → schedule (in a group) → version.
  const facility = randomUUID();
  const project = randomUUID();
  const schedule = randomUUID();
  const group = randomUUID();
  await client.query(
    `INSERT INTO eps_nodes (id, "spaceId", "parentId", kind, name, code, "sortKey", "updatedAt") VALUES
       ($1, $4, NULL, 'facility', 'ЖК «Северный парк»', 'СП', 1024, now()),
       ($2, $4, $1, 'project', 'Жилой дом, корпус 1', 'СП-1', 1024, now()),
       ($3, $4, $2, 'schedule', 'Генеральный график', 'ГГ', 1024, now())`,
    [facility, project, schedule, spaceId],
  );
  await client.query(
    `INSERT INTO schedule_groups (id, "spaceId", "projectId", name, "sortKey", "updatedAt") VALUES ($1, $2, $3, 'Основные графики', 1024, now())`,
    [group, spaceId, project],
  );
  await client.query(`UPDATE eps_nodes SET "groupId" = $1 WHERE id = $2`, [group, schedule]);

  // WBS in memory.
  const works: ProgrammeWork[] = [];
  const relations: RelationInput[] = [];
  const childCount = new Map<string | null, number>();
  const codeOf = new Map<string | null, string>();
  const add = (parentId: string | null, name: string, type: WorkType, leaf?: Leaf, six = false) => {
    const id = randomUUID();
    const n = (childCount.get(parentId) ?? 0) + 1;
    childCount.set(parentId, n);
    const code = parentId ? `${codeOf.get(parentId)}.${n}` : `${n}`;
    codeOf.set(id, code);
    works.push({
      id,
      parentId,
      type,
      name,
      code,
      sortKey: n * 1024,
      durationMinutes: leaf ? leaf[1] * DAY : 0,
      calendarId: six ? cal6 : null,
      volume: leaf?.[2] ? leaf[3] : null,
      unit: leaf?.[2] ?? null,
      crew: leaf?.[4] ?? null,
      size: leaf?.[5] ?? null,
    });
    return id;
  };
  const link = (p: string, s: string, type: RelationInput['type'] = 'fs', lagDays = 0) => {
    relations.push({ id: randomUUID(), predecessorId: p, successorId: s, type, lagMinutes: lagDays * DAY });
  };
  const chain = (parent: string, leaves: Leaf[], six = false) => {
    const ids = leaves.map((l) => add(parent, l[0], 'task', l, six));
    for (let i = 1; i < ids.length; i++) link(ids[i - 1]!, ids[i]!);
    return ids;
  };

  const prep = add(null, 'Подготовительный период', 'sum');
  const prepIds = chain(prep, PREPARATION);
  const finishes: string[] = [];
  const facades: string[] = [];
  for (let s = 1; s <= SECTIONS; s++) {
    const section = add(null, `Секция ${s}`, 'sum');
    const under = add(section, 'Подземная часть', 'sum');
    const underIds = chain(under, UNDERGROUND, true);
    link(prepIds.at(-1)!, underIds[0]!, 'fs', (s - 1) * 15);
    let previousSlab: string = underIds[3]!;
    const floors: Record<string, string>[] = [];
    for (let f = 1; f <= FLOORS; f++) {
      const floor = add(section, `Этаж ${f}`, 'sum');
      const byName: Record<string, string> = {};
      for (const trade of TRADES) {
        const groupId = add(floor, trade.group, 'sum');
        trade.works.forEach((leaf, i) => {
          byName[leaf[0]] = add(groupId, leaf[0], 'task', leaf, trade.six);
          if (i > 0 && trade.group !== 'Отделка' && trade.group !== 'Стены и проёмы')
            link(byName[trade.works[i - 1]![0]]!, byName[leaf[0]]!);
        });
      }
      const b = byName;
      const frame = TRADES[0]!.works.map((l) => b[l[0]]!);
      link(previousSlab, frame[0]!, 'fs', 2);
      previousSlab = frame.at(-1)!;
      link(b['Кладка наружных стен']!, b['Кладка перегородок']!, 'ss', 2);
      link(b['Кладка наружных стен']!, b['Монтаж оконных блоков']!);
      link(b['Монтаж оконных блоков']!, b['Утепление фасада']!);
      for (const first of ['Монтаж стояков отопления', 'Монтаж стояков ВК', 'Монтаж кабельных лотков'])
        link(b['Кладка перегородок']!, b[first]!, 'ss', 3);
      for (const rough of ['Разводка отопления', 'Разводка ВК', 'Прокладка кабеля'])
        link(b[rough]!, b['Штукатурка стен']!);
      const finishing = TRADES[5]!.works.map((l) => b[l[0]]!);
      for (let i = 1; i < finishing.length; i++) link(finishing[i - 1]!, finishing[i]!);
      for (const late of ['Установка сантехприборов', 'Монтаж розеток и выключателей', 'Монтаж радиаторов'])
        link(b['Малярные работы']!, b[late]!);
      floors.push(b);
    }
    // Walls follow the frame two storeys behind.
    for (const [i, b] of floors.entries())
      link(
        floors[Math.min(i + 2, FLOORS - 1)]!['Бетонирование перекрытия']!,
        b['Кладка наружных стен']!,
        'fs',
        1,
      );
    const roof = add(section, 'Кровля', 'sum');
    const roofIds = chain(roof, ROOF);
    link(previousSlab, roofIds[0]!, 'fs', 3);
    const facade = add(section, 'Фасад', 'sum');
    const facadeIds = chain(facade, FACADE);
    link(floors.at(-1)!['Утепление фасада']!, facadeIds[0]!, 'fs');
    facades.push(facadeIds.at(-1)!);
    finishes.push(floors.at(-1)!.Уборка!, roofIds.at(-1)!);
  }
  const networks = add(null, 'Наружные инженерные сети', 'sum');
  const netIds = NETWORKS.map((l) => add(networks, l[0], 'task', l));
  for (const id of netIds) link(prepIds.at(-1)!, id, 'fs', 60);
  const land = add(null, 'Благоустройство', 'sum');
  const landIds = chain(land, LANDSCAPING);
  for (const id of [...netIds, ...facades]) link(id, landIds[0]!);
  const handover = add(null, 'Ввод в эксплуатацию', 'milestone_finish');
  for (const id of [...finishes, landIds.at(-1)!]) link(id, handover);

  const calendars: CalendarInput[] = [
    { id: cal5, week: WEEK5, exceptions: holidays },
    { id: cal6, week: WEEK6, exceptions: holidays },
  ];
  const inserted = await insertProgramme(client, spaceId, {
    scheduleId: schedule,
    calendars,
    defaultCalendarId: cal5,
    works,
    relations,
    projectStart,
    executorIds,
  });
  const { versionId } = inserted;
  const leaves = works.filter((w) => w.crew);
  await client.query(
    `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
     SELECT $1::uuid, u.w, $2::uuid, to_jsonb(u.crew) FROM unnest($4::uuid[], $5::text[]) AS u(w, crew)
     UNION ALL SELECT $1::uuid, u.w, $3::uuid, to_jsonb(u.size) FROM unnest($4::uuid[], $6::int[]) AS u(w, size)`,
    [
      spaceId,
      crewAttr,
      sizeAttr,
      leaves.map((w) => w.id),
      leaves.map((w) => w.crew),
      leaves.map((w) => w.size),
    ],
  );
  await client.query(
    `INSERT INTO version_directory_values ("spaceId", "versionId", "valueId")
     SELECT $1, $2, id FROM directory_values WHERE "directoryId" = $3`,
    [spaceId, versionId, directoryId],
  );
  return {
    ...inserted,
    facilityId: facility,
    scheduleId: schedule,
    calendarIds: { five: cal5, six: cal6 },
    relations: relations.length,
  };
}
