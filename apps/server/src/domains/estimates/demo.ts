import type pg from 'pg';
import type { Context } from '../../context';
import { inTransaction } from '../../db/sql';
import { registerDemoFiller } from '../spaces';
import { feedVersion, linkByRules } from './compliance';
import { ensureEstimating, measureIndex, measuresOf, unitKey } from './directories';
import { estimateRow, refigure } from './tree';

/**
 * The demo building's estimates: three local estimates (site preparation, general construction, landscaping)
 * rolled up into a summary estimate by chapters, linked to the demo programme's works by compliance rules —
 * by volume code (the works' WBS codes) and by WBS paths like the BIM link rules — and fed into them, so that
 * the works carry planned costs and labour and the analytics show the cost S-curve.
 */

/** A line: code, name, unit, quantity, unit cost (labour, machines, materials), man-hours a unit, volume code. */
type DemoLine = [string, string, string, number, number, number, number, number, string?];
interface DemoSection {
  code: string;
  name: string;
  lines: DemoLine[];
  /** a coefficient of the section's lines: name, target, value */
  coefficient?: [string, 'all' | 'labour', number];
}
interface DemoEstimate {
  code: string;
  name: string;
  chapter: number;
  sections: DemoSection[];
  /** rules of kind `rule`: a line code prefix → the works at a WBS path ("*" for any section) */
  paths?: [string, string[]][];
}

const PREPARATION: DemoEstimate = {
  code: 'ЛС 01-01-01',
  name: 'Подготовка территории строительства',
  chapter: 1,
  sections: [
    {
      code: '1',
      name: 'Временные здания и сооружения',
      lines: [
        [
          'ГЭСН08-01-002-01',
          'Устройство временного ограждения площадки',
          'м',
          640,
          420,
          60,
          2850,
          0.9,
          '1.1',
        ],
        [
          'ГЭСН27-04-001-04',
          'Устройство временных дорог из железобетонных плит',
          '100 м2',
          24,
          14800,
          9200,
          168000,
          52,
          '1.2',
        ],
        [
          'ГЭСН09-03-001-01',
          'Установка мобильных зданий бытового городка',
          'шт',
          24,
          6200,
          8400,
          0,
          14,
          '1.3',
        ],
        ['ГЭСН08-02-141-01', 'Прокладка временных кабельных линий', 'м', 800, 180, 40, 950, 0.4, '1.4'],
      ],
    },
  ],
};

const BUILDING: DemoEstimate = {
  code: 'ЛС 02-01-01',
  name: 'Общестроительные работы. Корпус 1',
  chapter: 2,
  sections: [
    {
      code: '1',
      name: 'Земляные работы',
      lines: [
        [
          'ГЭСН01-01-003-02',
          'Разработка грунта в котлованах экскаваторами, группа грунтов 2',
          '1000 м3',
          20.8,
          5200,
          48600,
          0,
          96,
        ],
        ['ГЭСН01-01-033-02', 'Засыпка котлованов бульдозерами', '1000 м3', 7.2, 1800, 15400, 0, 24],
      ],
    },
    {
      code: '2',
      name: 'Фундаменты',
      coefficient: ['Зимнее удорожание', 'all', 1.025],
      lines: [
        [
          'ГЭСН06-01-001-16',
          'Устройство железобетонных фундаментных плит',
          '100 м3',
          39.2,
          98500,
          21700,
          612000,
          1020,
        ],
        ['ФСБЦ-08.4.03.02-0005', 'Арматура класса А500С диаметром 16 мм', 'т', 256, 0, 0, 78500, 0],
      ],
    },
    {
      code: '3',
      name: 'Кровля',
      lines: [
        [
          'ГЭСН12-01-002-09',
          'Устройство плоских кровель из наплавляемых материалов',
          '100 м2',
          25.6,
          9800,
          650,
          61200,
          38,
        ],
      ],
    },
    {
      code: '4',
      name: 'Фасад',
      lines: [
        [
          'ГЭСН15-01-090-01',
          'Облицовка фасадов керамогранитом по подсистеме',
          'м2',
          21600,
          1150,
          45,
          3400,
          2.1,
        ],
      ],
    },
  ],
  paths: [
    ['ГЭСН01-01-003', ['*', 'Подземная часть', 'Разработка котлована']],
    ['ГЭСН01-01-033', ['*', 'Подземная часть', 'Обратная засыпка']],
    ['ГЭСН06-01-001', ['*', 'Подземная часть', 'Бетонирование фундаментной плиты']],
    ['ФСБЦ-08.4.03', ['*', 'Подземная часть', 'Армирование фундаментной плиты']],
    ['ГЭСН12-01-002', ['*', 'Кровля', 'Устройство кровельного ковра']],
    ['ГЭСН15-01-090', ['*', 'Фасад', 'Облицовка фасада']],
  ],
};

const LANDSCAPING: DemoEstimate = {
  code: 'ЛС 07-01-01',
  name: 'Благоустройство и озеленение',
  chapter: 7,
  sections: [
    {
      code: '1',
      name: 'Благоустройство',
      lines: [
        [
          'ГЭСН01-01-036-01',
          'Вертикальная планировка механизированным способом',
          '1000 м2',
          9,
          2100,
          11800,
          0,
          7,
          '7.1',
        ],
        [
          'ГЭСН27-06-020-01',
          'Устройство асфальтобетонных покрытий проездов',
          '100 м2',
          42,
          7600,
          5200,
          52000,
          26,
          '7.2',
        ],
        [
          'ГЭСН47-01-046-06',
          'Устройство детских и спортивных площадок',
          '100 м2',
          12,
          18500,
          2400,
          96000,
          64,
          '7.3',
        ],
        ['ГЭСН47-01-046-03', 'Устройство газонов', '100 м2', 36, 6200, 900, 8400, 22, '7.4'],
      ],
    },
  ],
};

async function insertEstimate(
  client: pg.PoolClient,
  spaceId: string,
  nodeId: string,
  kind: 'loc' | 'ssr',
  code: string,
  name: string,
) {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO estimates (id, "spaceId", "nodeId", "originId", kind, code, name, "priceLevel")
     SELECT g.id, $1, $2, g.id, $3, $4, $5, date_trunc('quarter', now())::date FROM (SELECT gen_random_uuid() AS id) g
     RETURNING id`,
    [spaceId, nodeId, kind, code, name],
  );
  return rows[0]!.id;
}

async function insertLocal(client: pg.PoolClient, spaceId: string, nodeId: string, e: DemoEstimate) {
  const measures = measureIndex(await measuresOf(client, spaceId));
  const id = await insertEstimate(client, spaceId, nodeId, 'loc', e.code, e.name);
  for (const [i, section] of e.sections.entries()) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO estimate_sections (id, "spaceId", "estimateId", "sortKey", code, name)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5) RETURNING id`,
      [spaceId, id, (i + 1) * 1024, section.code, section.name],
    );
    const sectionId = rows[0]!.id;
    const lines = section.lines;
    const col = (k: number) => lines.map((l) => l[k] ?? null);
    await client.query(
      `WITH t AS (SELECT gen_random_uuid() AS id, * FROM unnest($5::text[], $6::text[], $7::text[], $8::uuid[],
           $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[], $14::text[])
           WITH ORDINALITY AS u(code, name, unit, measure, q, l, m, mat, h, v, n))
       INSERT INTO estimate_lines (id, "spaceId", "estimateId", "sectionId", "originId", "sortKey", number, code, name,
         unit, "measureId", quantity, "unitLabour", "unitMachines", "unitMaterials", "labourHoursPerUnit", "volumeCode")
       SELECT t.id, $1, $2, $3, t.id, t.n * 1024, $4 || '.' || t.n, t.code, t.name, t.unit, t.measure,
         t.q, t.l, t.m, t.mat, t.h, t.v FROM t`,
      [
        spaceId,
        id,
        sectionId,
        section.code,
        col(0),
        col(1),
        col(2),
        lines.map((l) => measures.get(unitKey(l[2]))?.id ?? null),
        col(3),
        col(4),
        col(5),
        col(6),
        col(7),
        col(8),
      ],
    );
    if (section.coefficient)
      await client.query(
        `INSERT INTO cost_coefficients (id, "spaceId", "estimateId", "sectionId", "sortKey", name, target, value)
         VALUES (gen_random_uuid(), $1, $2, $3, 1024, $4, $5, $6)`,
        [spaceId, id, sectionId, ...section.coefficient],
      );
  }
  const rules: [string, string, unknown][] = e.paths
    ? e.paths.map(([prefix, path]) => [
        'rule',
        path.at(-1)!,
        { line: { codePrefix: prefix }, target: { kind: 'wbs', path } },
      ])
    : [['volume_code', 'По кодам объёмов', {}]];
  await client.query(
    `INSERT INTO compliance_rules (id, "spaceId", "estimateId", kind, name, rule, "sortKey")
     SELECT gen_random_uuid(), $1, $2, t.kind::"ComplianceRuleKind", t.name, t.rule::jsonb, t.n * 1024
     FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(kind, name, rule, n)`,
    [spaceId, id, rules.map((r) => r[0]), rules.map((r) => r[1]), rules.map((r) => JSON.stringify(r[2]))],
  );
  return id;
}

export async function fillEstimatesDemo(ctx: Context, spaceId: string) {
  const { pool } = ctx.db;
  const { rows } = await pool.query<{ projectId: string; versionId: string }>(
    `SELECT s."parentId" AS "projectId", v.id AS "versionId"
     FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" JOIN eps_nodes pr ON pr.id = s."parentId" AND pr.kind = 'project'
     WHERE v."spaceId" = $1 AND v.actual
       AND EXISTS (SELECT 1 FROM works w WHERE w."versionId" = v.id AND w."parentId" IS NULL AND w.name = 'Секция 1')
     ORDER BY v."createdAt" LIMIT 1`,
    [spaceId],
  );
  const target = rows[0];
  if (!target) return;
  const { rowCount } = await pool.query('SELECT 1 FROM estimates WHERE "nodeId" = $1 LIMIT 1', [
    target.projectId,
  ]);
  if (rowCount) return;
  await inTransaction(pool, async (client) => {
    await ensureEstimating(client, spaceId);
    const locals: [number, string][] = [];
    for (const e of [PREPARATION, BUILDING, LANDSCAPING]) {
      const id = await insertLocal(client, spaceId, target.projectId, e);
      await refigure(client, spaceId, id);
      await linkByRules(client, spaceId, 'ru', await estimateRow(client, spaceId, id), target.versionId);
      locals.push([e.chapter, id]);
    }
    const ssr = await insertEstimate(
      client,
      spaceId,
      target.projectId,
      'ssr',
      'ССР',
      'Сводный сметный расчёт. Корпус 1',
    );
    const chapters = {
      1: 'Подготовка территории строительства',
      2: 'Основные объекты строительства',
      7: 'Благоустройство и озеленение территории',
    };
    for (const [chapter, source] of locals) {
      const { rows: made } = await client.query<{ id: string }>(
        `INSERT INTO estimate_sections (id, "spaceId", "estimateId", "sortKey", code, name, chapter)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $3 / 1024) RETURNING id`,
        [spaceId, ssr, chapter * 1024, String(chapter), chapters[chapter as keyof typeof chapters]],
      );
      await client.query(
        `INSERT INTO estimate_lines (id, "spaceId", "estimateId", "sectionId", "originId", "sortKey", code, name, quantity, "sourceEstimateId")
         SELECT g.id, $1, $2, $3, g.id, 1024, e.code, e.name, 1, e.id FROM estimates e, (SELECT gen_random_uuid() AS id) g
         WHERE e.id = $4`,
        [spaceId, ssr, made[0]!.id, source],
      );
    }
    await client.query(
      `INSERT INTO cost_coefficients (id, "spaceId", "estimateId", "sortKey", name, kind, target, value)
       VALUES (gen_random_uuid(), $1, $2, 1024, 'Непредвиденные работы и затраты 2%', 'coefficient', 'all', 1.02)`,
      [spaceId, ssr],
    );
    await refigure(client, spaceId, ssr);
    await feedVersion(client, { spaceId, lang: 'ru' }, target.versionId);
    // an upload rule for sheets laid out like the estimates Takt writes
    await client.query(
      `INSERT INTO import_settings (id, "spaceId", target, name, "nameKey", "rowsToSkip", columns, options, "updatedAt")
       VALUES (gen_random_uuid(), $1, 'estimate', $2::text, lower($2::text), 0, $3::jsonb, $4::jsonb, now())
       ON CONFLICT DO NOTHING`,
      [
        spaceId,
        'Локальная смета (Excel)',
        JSON.stringify({ A: 'number', B: 'code', C: 'name', D: 'unit', E: 'quantity', F: 'unitCost' }),
        JSON.stringify({ header: true, sheet: null, delimiter: null, encoding: 'auto' }),
      ],
    );
  });
}

/** Called by the demo seed after the schedule filler, so the programme exists when the estimates link to it. */
export function registerEstimatesDemo() {
  registerDemoFiller('estimates', fillEstimatesDemo);
}
