import { randomUUID } from 'node:crypto';
import type { CalendarInput, RelationInput } from '@takt/engine';
import type pg from 'pg';
import { insertProgramme, type ProgrammeWork } from './programme';

/**
 * The demo's second project: an underground car park beside the residential building, with its own
 * schedule — stages in sequence, two levels of monolithic frame, building services and fit-out — started
 * five months ago on the same calendars and crews, so portfolio screens and resource histograms show more
 * than one schedule.
 */
type Leaf = [name: string, days: number, unit: string | null, volume: number, crew: string, size: number];

const STAGES: { name: string; six?: boolean; works: Leaf[] }[] = [
  {
    name: 'Подготовительные работы',
    works: [
      ['Геодезическая разбивка осей', 3, null, 0, 'Геодезисты', 2],
      ['Ограждение котлована шпунтом', 15, 'т', 220, 'Монтажники', 6],
    ],
  },
  {
    name: 'Земляные работы',
    works: [
      ['Разработка котлована', 20, 'м³', 18_500, 'Механизаторы', 4],
      ['Водопонижение', 10, null, 0, 'Разнорабочие', 3],
    ],
  },
  {
    name: 'Фундаментная плита',
    six: true,
    works: [
      ['Бетонная подготовка', 4, 'м³', 260, 'Бетонщики-1', 6],
      ['Гидроизоляция плиты', 8, 'м²', 5200, 'Изолировщики', 6],
      ['Армирование плиты', 10, 'т', 190, 'Арматурщики-1', 10],
      ['Бетонирование плиты', 6, 'м³', 2600, 'Бетонщики-1', 8],
    ],
  },
  ...['Уровень −2', 'Уровень −1'].map((level) => ({
    name: level,
    six: true,
    works: [
      ['Армирование стен и колонн', 8, 'т', 85, 'Арматурщики-1', 8],
      ['Опалубка стен и колонн', 8, 'м²', 3400, 'Опалубщики-1', 8],
      ['Бетонирование стен и колонн', 5, 'м³', 780, 'Бетонщики-1', 6],
      ['Опалубка перекрытия', 8, 'м²', 5000, 'Опалубщики-1', 10],
      ['Армирование перекрытия', 8, 'т', 120, 'Арматурщики-1', 10],
      ['Бетонирование перекрытия', 5, 'м³', 1250, 'Бетонщики-1', 8],
    ] as Leaf[],
  })),
  {
    name: 'Инженерные системы',
    works: [
      ['Вентиляция и дымоудаление', 25, 'м²', 2800, 'Вентиляционщики', 5],
      ['Спринклерное пожаротушение', 20, 'м', 3600, 'Сантехники ВК', 4],
      ['Электроснабжение и освещение', 20, 'м', 9200, 'Электромонтажники', 5],
    ],
  },
  {
    name: 'Отделка и оборудование',
    works: [
      ['Полимерные полы', 15, 'м²', 9800, 'Отделочники-1', 8],
      ['Разметка машиномест', 4, 'м', 2400, 'Дорожники', 3],
      ['Въездные ворота и шлагбаумы', 5, 'шт', 4, 'Монтажники', 3],
    ],
  },
];

export async function fillParkingDemo(
  client: pg.PoolClient,
  spaceId: string,
  p: {
    facilityId: string;
    calendars: CalendarInput[];
    calendarIds: { five: string; six: string };
    executorIds: string[];
  },
) {
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 5, 1));
  const project = randomUUID();
  const schedule = randomUUID();
  await client.query(
    `INSERT INTO eps_nodes (id, "spaceId", "parentId", kind, name, code, "sortKey", "updatedAt") VALUES
       ($1, $4, $3, 'project', 'Подземный паркинг', 'СП-П', 2048, now()),
       ($2, $4, $1, 'schedule', 'График строительства паркинга', 'ГСП', 1024, now())`,
    [project, schedule, p.facilityId, spaceId],
  );

  const works: ProgrammeWork[] = [];
  const relations: RelationInput[] = [];
  const DAY = 480;
  let previous: string | null = null;
  STAGES.forEach((stage, s) => {
    const stageId = randomUUID();
    works.push({
      id: stageId,
      parentId: null,
      type: 'sum',
      name: stage.name,
      code: `${s + 1}`,
      sortKey: (s + 1) * 1024,
      durationMinutes: 0,
      calendarId: null,
      volume: null,
      unit: null,
      crew: null,
      size: null,
    });
    stage.works.forEach((leaf, i) => {
      const id = randomUUID();
      works.push({
        id,
        parentId: stageId,
        type: 'task',
        name: leaf[0],
        code: `${s + 1}.${i + 1}`,
        sortKey: (i + 1) * 1024,
        durationMinutes: leaf[1] * DAY,
        calendarId: stage.six ? p.calendarIds.six : null,
        volume: leaf[2] ? leaf[3] : null,
        unit: leaf[2],
        crew: leaf[4],
        size: leaf[5],
      });
      // Stages follow each other; inside a stage the works overlap a little (start-to-start with a lag).
      if (previous)
        relations.push({
          id: randomUUID(),
          predecessorId: previous,
          successorId: id,
          type: i === 0 ? 'fs' : 'ss',
          lagMinutes: i === 0 ? 0 : Math.ceil(works.at(-2)!.durationMinutes / 2 / DAY) * DAY,
        });
      previous = id;
    });
  });
  const handover = randomUUID();
  works.push({
    id: handover,
    parentId: null,
    type: 'milestone_finish',
    name: 'Ввод паркинга в эксплуатацию',
    code: `${STAGES.length + 1}`,
    sortKey: (STAGES.length + 1) * 1024,
    durationMinutes: 0,
    calendarId: null,
    volume: null,
    unit: null,
    crew: null,
    size: null,
  });
  relations.push({
    id: randomUUID(),
    predecessorId: previous!,
    successorId: handover,
    type: 'fs',
    lagMinutes: 0,
  });

  return insertProgramme(client, spaceId, {
    scheduleId: schedule,
    calendars: p.calendars,
    defaultCalendarId: p.calendarIds.five,
    works,
    relations,
    projectStart: `${start.toISOString().slice(0, 10)}T08:00`,
    executorIds: p.executorIds,
  });
}
