import type pg from 'pg';
import { AppError } from '../../errors';
import type { TemplateBody } from './body';

/**
 * Gives a new version what a template holds, inside the caller's transaction: the template's calendars
 * (those still in the space are reused, the others recreated), its attributes (the space's reused, the
 * source schedule's own found by name in the target schedule or created there), the codes added to the
 * version, the schedule's code numbering (when it has none), the scheduling options and the WBS with
 * its attribute values and relations, under new ids.
 */
export async function applyVersionTemplate(
  client: pg.PoolClient,
  spaceId: string,
  options: { templateId: string; versionId: string; scheduleId: string },
) {
  const { rows } = await client.query<{ body: TemplateBody }>(
    `SELECT body FROM version_templates WHERE id = $1 AND "spaceId" = $2`,
    [options.templateId, spaceId],
  );
  const body = rows[0]?.body;
  if (!body) throw new AppError('NotFound');
  if (body.v !== 1)
    throw new AppError('ValidationError', {}, [
      { path: 'templateId', message: 'validation.template_unreadable' },
    ]);

  const calendarMap = await mapCalendars(client, spaceId, body.calendars);
  const attributeMap = await mapAttributes(client, spaceId, options.scheduleId, body.attributes);

  await client.query(
    `UPDATE versions SET "calendarId" = $2, "scheduleOptions" = $3::jsonb, "updatedAt" = now() WHERE id = $1`,
    [
      options.versionId,
      body.calendarId ? (calendarMap.get(body.calendarId) ?? null) : null,
      body.scheduleOptions == null ? null : JSON.stringify(body.scheduleOptions),
    ],
  );
  await client.query(
    `INSERT INTO version_directory_values ("spaceId", "versionId", "valueId")
     SELECT $1, $2, d.id FROM directory_values d WHERE d.id = ANY($3::uuid[]) AND d."spaceId" = $1
     ON CONFLICT DO NOTHING`,
    [spaceId, options.versionId, body.directoryValueIds],
  );
  if (body.codeNumbering) {
    const n = body.codeNumbering;
    await client.query(
      `INSERT INTO code_numberings ("scheduleId", "spaceId", prefix, start, increment, width, next, "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $4, now()) ON CONFLICT ("scheduleId") DO NOTHING`,
      [options.scheduleId, spaceId, n.prefix, n.start, n.increment, n.width],
    );
  }
  if (body.works.length)
    await insertWorks(client, spaceId, options.versionId, body, calendarMap, attributeMap);
  return { works: body.works.length };
}

async function mapCalendars(client: pg.PoolClient, spaceId: string, calendars: TemplateBody['calendars']) {
  const map = new Map<string, string>();
  if (!calendars.length) return map;
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM calendars WHERE id = ANY($1::uuid[]) AND "spaceId" = $2`,
    [calendars.map((c) => c.id), spaceId],
  );
  const existing = new Set(rows.map((r) => r.id));
  for (const calendar of calendars) {
    if (existing.has(calendar.id)) {
      map.set(calendar.id, calendar.id);
      continue;
    }
    const created = await client.query<{ id: string }>(
      `INSERT INTO calendars (id, "spaceId", name, "isDefault", "allDay", "hoursPerDay", week, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, false, $3, $4, $5::jsonb, now()) RETURNING id`,
      [spaceId, calendar.name, calendar.allDay, calendar.hoursPerDay, JSON.stringify(calendar.week)],
    );
    const id = created.rows[0]!.id;
    await client.query(
      `INSERT INTO calendar_exceptions (id, "spaceId", "calendarId", name, date, until, intervals)
       SELECT gen_random_uuid(), $1, $2, e.name, e.date::date, e.until::date, e.intervals
         FROM jsonb_to_recordset($3::jsonb) AS e(name text, date text, until text, intervals jsonb)`,
      [spaceId, id, JSON.stringify(calendar.exceptions)],
    );
    map.set(calendar.id, id);
  }
  return map;
}

async function mapAttributes(
  client: pg.PoolClient,
  spaceId: string,
  scheduleId: string,
  attributes: TemplateBody['attributes'],
) {
  const map = new Map<string, string>();
  if (!attributes.length) return map;
  const { rows } = await client.query<{
    id: string;
    name: string;
    scheduleId: string | null;
    valueType: string;
  }>(
    `SELECT id, name, "scheduleId", "valueType"::text AS "valueType" FROM attributes
      WHERE "spaceId" = $1 AND (id = ANY($2::uuid[]) OR "scheduleId" = $3)`,
    [spaceId, attributes.map((a) => a.id), scheduleId],
  );
  const { rows: directories } = await client.query<{ id: string }>(
    `SELECT id FROM directories WHERE "spaceId" = $1 AND id = ANY($2::uuid[])`,
    [spaceId, attributes.map((a) => a.directoryId).filter((d): d is string => !!d)],
  );
  const liveDirectories = new Set(directories.map((d) => d.id));
  for (const attribute of attributes) {
    const same = rows.find(
      (r) => r.id === attribute.id && (r.scheduleId === null || r.scheduleId === scheduleId),
    );
    const byName = rows.find(
      (r) =>
        r.scheduleId === scheduleId &&
        r.valueType === attribute.valueType &&
        r.name.trim().toLowerCase() === attribute.name.trim().toLowerCase(),
    );
    const reused = same ?? byName;
    if (reused) {
      map.set(attribute.id, reused.id);
      continue;
    }
    const created = await client.query<{ id: string }>(
      `INSERT INTO attributes (id, "spaceId", name, "valueType", "scheduleId", "directoryId", formula, "sortKey", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3::"AttributeType", $4, $5, $6, $7, now()) RETURNING id`,
      [
        spaceId,
        attribute.name,
        attribute.valueType,
        scheduleId,
        attribute.directoryId && liveDirectories.has(attribute.directoryId) ? attribute.directoryId : null,
        attribute.formula,
        attribute.sortKey,
      ],
    );
    map.set(attribute.id, created.rows[0]!.id);
  }
  return map;
}

/** The template's works under new ids (each its own origin), their attribute values and relations. */
async function insertWorks(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  body: TemplateBody,
  calendarMap: Map<string, string>,
  attributeMap: Map<string, string>,
) {
  const ids = new Map(body.works.map((w) => [w.id, crypto.randomUUID()]));
  const works = body.works.map((w) => ({
    ...w,
    id: ids.get(w.id)!,
    parentId: w.parentId ? (ids.get(w.parentId) ?? null) : null,
    calendarId: w.calendarId ? (calendarMap.get(w.calendarId) ?? null) : null,
  }));
  await client.query(
    `INSERT INTO works (id, "spaceId", "versionId", "parentId", "originId", "sortKey", code, name, type,
                        "durationMinutes", "calendarId", unit, "planVolume")
     SELECT w.id, $1, $2, w."parentId", w.id, w."sortKey", w.code, w.name, w.type::"WorkType",
            w."durationMinutes", w."calendarId", w.unit, w."planVolume"
       FROM jsonb_to_recordset($3::jsonb) AS w(id uuid, "parentId" uuid, "sortKey" int, code text, name text,
            type text, "durationMinutes" int, "calendarId" uuid, unit text, "planVolume" float8)`,
    [spaceId, versionId, JSON.stringify(works)],
  );
  const values = body.values
    .filter((v) => ids.has(v.workId) && attributeMap.has(v.attributeId))
    .map((v) => ({
      workId: ids.get(v.workId),
      attributeId: attributeMap.get(v.attributeId),
      value: v.value,
    }));
  if (values.length)
    await client.query(
      `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
       SELECT $1, v."workId", v."attributeId", v.value
         FROM jsonb_to_recordset($2::jsonb) AS v("workId" uuid, "attributeId" uuid, value jsonb)
       ON CONFLICT DO NOTHING`,
      [spaceId, JSON.stringify(values)],
    );
  const relations = body.relations
    .filter((r) => ids.has(r.predecessorId) && ids.has(r.successorId))
    .map((r) => ({ ...r, predecessorId: ids.get(r.predecessorId), successorId: ids.get(r.successorId) }));
  if (relations.length)
    await client.query(
      `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes")
       SELECT gen_random_uuid(), $1, $2, r."predecessorId", r."successorId", r.type::"LinkType", r."lagMinutes"
         FROM jsonb_to_recordset($3::jsonb) AS r("predecessorId" uuid, "successorId" uuid, type text, "lagMinutes" int)`,
      [spaceId, versionId, JSON.stringify(relations)],
    );
}
