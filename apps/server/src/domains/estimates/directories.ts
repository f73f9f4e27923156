import type { PdcResourceKindId } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { keyDate } from '../../db/time';
import { AppError, changedOrStale, deletedOrNotFound } from '../../errors';

/**
 * The directories of estimating: the space's settings, its measures (units with conversions) and the pdc price
 * catalogue. A space gets its settings and the default measures on its first use of estimating.
 */

/** The default measures: code, symbols, names; a derived unit names its base and factor (1 unit = factor base). */
const DEFAULT_MEASURES: [string, string, string, string, string, string?, number?][] = [
  ['m', 'm', 'м', 'metre', 'метр'],
  ['100m', '100 m', '100 м', '100 metres', '100 метров', 'm', 100],
  ['km', 'km', 'км', 'kilometre', 'километр', 'm', 1000],
  ['m2', 'm²', 'м²', 'square metre', 'квадратный метр'],
  ['100m2', '100 m²', '100 м²', '100 square metres', '100 квадратных метров', 'm2', 100],
  ['1000m2', '1000 m²', '1000 м²', '1000 square metres', '1000 квадратных метров', 'm2', 1000],
  ['m3', 'm³', 'м³', 'cubic metre', 'кубический метр'],
  ['100m3', '100 m³', '100 м³', '100 cubic metres', '100 кубических метров', 'm3', 100],
  ['1000m3', '1000 m³', '1000 м³', '1000 cubic metres', '1000 кубических метров', 'm3', 1000],
  ['t', 't', 'т', 'tonne', 'тонна'],
  ['kg', 'kg', 'кг', 'kilogram', 'килограмм', 't', 0.001],
  ['pcs', 'pcs', 'шт', 'piece', 'штука'],
  ['100pcs', '100 pcs', '100 шт', '100 pieces', '100 штук', 'pcs', 100],
  ['set', 'set', 'компл', 'set', 'комплект'],
  ['h', 'man-h', 'чел.-ч', 'man-hour', 'человеко-час'],
  ['mach-h', 'mach-h', 'маш.-ч', 'machine-hour', 'машино-час'],
  ['l', 'l', 'л', 'litre', 'литр'],
  ['kwh', 'kWh', 'кВт·ч', 'kilowatt-hour', 'киловатт-час'],
];

/** Makes the space's settings and default measures on the first use of estimating (later calls do nothing). */
export async function ensureEstimating(sql: Sql, spaceId: string): Promise<void> {
  const made = await sql.query(
    `INSERT INTO estimate_settings ("spaceId") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "spaceId"`,
    [spaceId],
  );
  if (!made.rowCount) return;
  const rows = DEFAULT_MEASURES.map(([code, symbolEn, symbolRu, nameEn, nameRu, base, factor], i) => ({
    code,
    symbolEn,
    symbolRu,
    nameEn,
    nameRu,
    base: base ?? null,
    factor: factor ?? 1,
    sortKey: (i + 1) * 1024,
  }));
  const column = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  await sql.query(
    `INSERT INTO measures (id, "spaceId", code, "symbolEn", "symbolRu", "nameEn", "nameRu", factor, "sortKey")
     SELECT gen_random_uuid(), $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::float8[], $8::int[])
     ON CONFLICT ("spaceId", code) DO NOTHING`,
    [
      spaceId,
      column('code'),
      column('symbolEn'),
      column('symbolRu'),
      column('nameEn'),
      column('nameRu'),
      column('factor'),
      column('sortKey'),
    ],
  );
  await sql.query(
    `UPDATE measures m SET "baseId" = b.id FROM unnest($2::text[], $3::text[]) AS d(code, base)
     JOIN measures b ON b."spaceId" = $1 AND b.code = d.base
     WHERE m."spaceId" = $1 AND m.code = d.code AND d.base IS NOT NULL`,
    [spaceId, column('code'), column('base')],
  );
}

// ── settings ─────────────────────────────────────────────────────────────────────────────────────
export interface EstimateSettingsDto {
  currency: string;
  region: string;
  revision: number;
}

export async function getSettings(ctx: SpaceContext): Promise<EstimateSettingsDto> {
  await ensureEstimating(ctx.db.pool, ctx.space.spaceId);
  return rowOrNotFound<EstimateSettingsDto>(
    ctx.db.pool,
    `SELECT currency, region, revision FROM estimate_settings WHERE "spaceId" = $1`,
    [ctx.space.spaceId],
  );
}

export async function updateSettings(
  ctx: SpaceContext,
  input: { revision: number; currency?: string; region?: string },
) {
  await ensureEstimating(ctx.db.pool, ctx.space.spaceId);
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE estimate_settings SET currency = coalesce($3, currency), region = coalesce($4, region),
       revision = revision + 1, "updatedAt" = now()
     WHERE "spaceId" = $1 AND revision = $2`,
    [ctx.space.spaceId, input.revision, input.currency ?? null, input.region ?? null],
  );
  if (!rowCount) throw new AppError('Conflict');
  return getSettings(ctx);
}

// ── measures ─────────────────────────────────────────────────────────────────────────────────────
export interface MeasureDto {
  id: string;
  code: string;
  symbolEn: string;
  symbolRu: string;
  nameEn: string;
  nameRu: string;
  baseId: string | null;
  factor: number;
  revision: number;
}
const MEASURE_SELECT = `id, code, "symbolEn", "symbolRu", "nameEn", "nameRu", "baseId", factor, revision`;

export async function listMeasures(ctx: SpaceContext): Promise<MeasureDto[]> {
  await ensureEstimating(ctx.db.pool, ctx.space.spaceId);
  return measuresOf(ctx.db.pool, ctx.space.spaceId);
}

export async function measuresOf(sql: Sql, spaceId: string): Promise<MeasureDto[]> {
  const { rows } = await sql.query<MeasureDto>(
    `SELECT ${MEASURE_SELECT} FROM measures WHERE "spaceId" = $1 ORDER BY "sortKey", code`,
    [spaceId],
  );
  return rows;
}

const measureOf = (sql: Sql, spaceId: string, id: string) =>
  rowOrNotFound<MeasureDto>(sql, `SELECT ${MEASURE_SELECT} FROM measures WHERE id = $1 AND "spaceId" = $2`, [
    id,
    spaceId,
  ]);

const codeTaken = (path: string) =>
  new AppError('ValidationError', {}, [{ path, message: 'estimates.validation.code_taken' }]);
const isUnique = (error: unknown) => (error as { code?: string }).code === '23505';

/** A measure's base must be a base unit itself (one level of conversion), of this space, and not the measure. */
async function checkBase(sql: Sql, spaceId: string, baseId: string | null | undefined, selfId?: string) {
  if (!baseId) return;
  const refuse = () =>
    new AppError('ValidationError', {}, [
      { path: 'baseMeasureId', message: 'estimates.validation.measure_base' },
    ]);
  if (baseId === selfId) throw refuse();
  const { rows } = await sql.query<{ baseId: string | null }>(
    `SELECT "baseId" FROM measures WHERE id = $1 AND "spaceId" = $2`,
    [baseId, spaceId],
  );
  if (!rows[0] || rows[0].baseId) throw refuse();
  if (selfId) {
    const derived = await sql.query(`SELECT 1 FROM measures WHERE "baseId" = $1 LIMIT 1`, [selfId]);
    if (derived.rowCount) throw refuse();
  }
}

interface MeasureFields {
  code?: string;
  symbolEn?: string;
  symbolRu?: string;
  nameEn?: string;
  nameRu?: string;
  baseMeasureId?: string | null;
  factor?: number;
}

export async function createMeasure(
  ctx: SpaceContext,
  input: Required<Omit<MeasureFields, 'baseMeasureId' | 'factor'>> & MeasureFields,
) {
  const spaceId = ctx.space.spaceId;
  await ensureEstimating(ctx.db.pool, spaceId);
  await checkBase(ctx.db.pool, spaceId, input.baseMeasureId);
  try {
    const { rows } = await ctx.db.pool.query<{ id: string }>(
      `INSERT INTO measures (id, "spaceId", code, "symbolEn", "symbolRu", "nameEn", "nameRu", "baseId", factor, "sortKey")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8,
         (SELECT coalesce(max("sortKey"), 0) + 1024 FROM measures WHERE "spaceId" = $1))
       RETURNING id`,
      [
        spaceId,
        input.code,
        input.symbolEn,
        input.symbolRu,
        input.nameEn,
        input.nameRu,
        input.baseMeasureId ?? null,
        input.baseMeasureId ? (input.factor ?? 1) : 1,
      ],
    );
    return measureOf(ctx.db.pool, spaceId, rows[0]!.id);
  } catch (error) {
    if (isUnique(error)) throw codeTaken('code');
    throw error;
  }
}

export async function updateMeasure(
  ctx: SpaceContext,
  input: MeasureFields & { measureId: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  await checkBase(ctx.db.pool, spaceId, input.baseMeasureId, input.measureId);
  try {
    const { rowCount } = await ctx.db.pool.query(
      `UPDATE measures SET code = coalesce($4, code), "symbolEn" = coalesce($5, "symbolEn"),
         "symbolRu" = coalesce($6, "symbolRu"), "nameEn" = coalesce($7, "nameEn"), "nameRu" = coalesce($8, "nameRu"),
         "baseId" = CASE WHEN $9::boolean THEN $10::uuid ELSE "baseId" END,
         factor = CASE WHEN (CASE WHEN $9::boolean THEN $10::uuid ELSE "baseId" END) IS NULL THEN 1
                       ELSE coalesce($11, factor) END,
         revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
      [
        input.measureId,
        spaceId,
        input.revision,
        input.code ?? null,
        input.symbolEn ?? null,
        input.symbolRu ?? null,
        input.nameEn ?? null,
        input.nameRu ?? null,
        input.baseMeasureId !== undefined,
        input.baseMeasureId ?? null,
        input.factor ?? null,
      ],
    );
    await changedOrStale(rowCount, () => measureOf(ctx.db.pool, spaceId, input.measureId));
  } catch (error) {
    if (isUnique(error)) throw codeTaken('code');
    throw error;
  }
  return measureOf(ctx.db.pool, spaceId, input.measureId);
}

/** Deletes a measure no other unit converts to; lines written in it keep their unit as text. */
export async function deleteMeasure(ctx: SpaceContext, measureId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await measureOf(client, spaceId, measureId);
    const derived = await client.query(`SELECT 1 FROM measures WHERE "baseId" = $1 LIMIT 1`, [measureId]);
    if (derived.rowCount)
      throw new AppError('ValidationError', {}, [
        { path: 'measureId', message: 'estimates.validation.measure_in_use' },
      ]);
    const { rowCount } = await client.query(`DELETE FROM measures WHERE id = $1 AND "spaceId" = $2`, [
      measureId,
      spaceId,
    ]);
    return deletedOrNotFound(rowCount);
  });
}

/** A unit as written ("100 м3", "M³", "шт.") reduced to compare with the measures' codes and symbols. */
export function unitKey(unit: string): string {
  return unit
    .toLowerCase()
    .replace(/³/g, '3')
    .replace(/²/g, '2')
    .replace(/[\s.·]/g, '')
    .replace(/ё/g, 'е');
}

/** The space's measures by every key they answer to (code, English and Russian symbols). */
export function measureIndex(measures: readonly MeasureDto[]): Map<string, MeasureDto> {
  const index = new Map<string, MeasureDto>();
  for (const m of measures)
    for (const key of [m.code, m.symbolEn, m.symbolRu].map(unitKey)) if (!index.has(key)) index.set(key, m);
  return index;
}

/**
 * A quantity in one measure converted to another: through their common base (1 unit = factor base units);
 * null when they have no common base.
 */
export function convertQuantity(
  quantity: number,
  from: MeasureDto,
  to: MeasureDto,
  byId: ReadonlyMap<string, MeasureDto>,
): number | null {
  if (from.id === to.id) return quantity;
  const base = (m: MeasureDto) => (m.baseId ? (byId.get(m.baseId) ?? m) : m);
  const factor = (m: MeasureDto) => (m.baseId ? m.factor : 1);
  if (base(from).id !== base(to).id) return null;
  return (quantity * factor(from)) / factor(to);
}

// ── pdc ──────────────────────────────────────────────────────────────────────────────────────────
export interface PdcPriceDto {
  id: string;
  region: string;
  validFrom: string;
  price: number;
}
export interface PdcResourceDto {
  id: string;
  kind: PdcResourceKindId;
  code: string;
  name: string;
  unit: string;
  revision: number;
  /** Its prices, newest first. */
  prices: PdcPriceDto[];
  /** The price today in the asked region (or for every region), null when none is valid yet. */
  currentPrice: number | null;
}

const PDC_SELECT = (today: string) => `r.id, r.kind, r.code, r.name, r.unit, r.revision,
  coalesce((SELECT json_agg(json_build_object('id', p.id, 'region', p.region, 'validFrom', to_char(p."validFrom", 'YYYY-MM-DD'),
      'price', p.price) ORDER BY p."validFrom" DESC, p.region) FROM pdc_prices p WHERE p."resourceId" = r.id), '[]') AS prices,
  (SELECT p.price FROM pdc_prices p WHERE p."resourceId" = r.id AND p.region IN ('', $REGION) AND p."validFrom" <= '${today}'::date
    ORDER BY (p.region = $REGION) DESC, p."validFrom" DESC LIMIT 1) AS "currentPrice"`;

export async function listPdc(
  ctx: SpaceContext,
  input: { search?: string; kind?: PdcResourceKindId; region?: string; offset?: number; limit?: number },
) {
  const today = keyDate().slice(0, 10);
  const search = input.search?.trim() ? `%${input.search.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await ctx.db.pool.query<PdcResourceDto & { total: number }>(
    `SELECT ${PDC_SELECT(today).replaceAll('$REGION', '$2')}, count(*) OVER ()::int AS total
     FROM pdc_resources r
     WHERE r."spaceId" = $1 AND ($3::text IS NULL OR r.code ILIKE $3 OR r.name ILIKE $3)
       AND ($4::"PdcResourceKind" IS NULL OR r.kind = $4)
     ORDER BY r.code LIMIT $5 OFFSET $6`,
    [
      ctx.space.spaceId,
      input.region ?? '',
      search,
      input.kind ?? null,
      input.limit ?? 100,
      input.offset ?? 0,
    ],
  );
  return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...r }) => r) };
}

const pdcOf = (sql: Sql, spaceId: string, id: string) =>
  rowOrNotFound<PdcResourceDto>(
    sql,
    `SELECT ${PDC_SELECT(keyDate().slice(0, 10)).replaceAll('$REGION', "''")} FROM pdc_resources r WHERE r.id = $1 AND r."spaceId" = $2`,
    [id, spaceId],
  );

export async function createPdcResource(
  ctx: SpaceContext,
  input: { kind: PdcResourceKindId; code: string; name: string; unit: string },
) {
  const spaceId = ctx.space.spaceId;
  try {
    const { rows } = await ctx.db.pool.query<{ id: string }>(
      `INSERT INTO pdc_resources (id, "spaceId", kind, code, name, unit) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)
       RETURNING id`,
      [spaceId, input.kind, input.code, input.name, input.unit],
    );
    return pdcOf(ctx.db.pool, spaceId, rows[0]!.id);
  } catch (error) {
    if (isUnique(error)) throw codeTaken('code');
    throw error;
  }
}

export async function updatePdcResource(
  ctx: SpaceContext,
  input: {
    pdcResourceId: string;
    revision: number;
    kind?: PdcResourceKindId;
    code?: string;
    name?: string;
    unit?: string;
  },
) {
  const spaceId = ctx.space.spaceId;
  try {
    const { rowCount } = await ctx.db.pool.query(
      `UPDATE pdc_resources SET kind = coalesce($4, kind), code = coalesce($5, code), name = coalesce($6, name),
         unit = coalesce($7, unit), revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
      [
        input.pdcResourceId,
        spaceId,
        input.revision,
        input.kind ?? null,
        input.code ?? null,
        input.name ?? null,
        input.unit ?? null,
      ],
    );
    await changedOrStale(rowCount, () => pdcOf(ctx.db.pool, spaceId, input.pdcResourceId));
  } catch (error) {
    if (isUnique(error)) throw codeTaken('code');
    throw error;
  }
  return pdcOf(ctx.db.pool, spaceId, input.pdcResourceId);
}

export async function deletePdcResource(ctx: SpaceContext, pdcResourceId: string) {
  const { rowCount } = await ctx.db.pool.query(`DELETE FROM pdc_resources WHERE id = $1 AND "spaceId" = $2`, [
    pdcResourceId,
    ctx.space.spaceId,
  ]);
  return deletedOrNotFound(rowCount);
}

/** Sets the resource's price in a region from a date on (replacing one of the same region and date). */
export async function setPdcPrice(
  ctx: SpaceContext,
  input: { pdcResourceId: string; region?: string; validFrom: string; price: number },
) {
  const spaceId = ctx.space.spaceId;
  await pdcOf(ctx.db.pool, spaceId, input.pdcResourceId);
  await ctx.db.pool.query(
    `INSERT INTO pdc_prices (id, "spaceId", "resourceId", region, "validFrom", price)
     VALUES (gen_random_uuid(), $1, $2, $3, $4::date, $5)
     ON CONFLICT ("resourceId", region, "validFrom") DO UPDATE SET price = EXCLUDED.price`,
    [spaceId, input.pdcResourceId, input.region ?? '', input.validFrom, input.price],
  );
  return pdcOf(ctx.db.pool, spaceId, input.pdcResourceId);
}

export async function deletePdcPrice(ctx: SpaceContext, pdcPriceId: string) {
  const { rowCount } = await ctx.db.pool.query(`DELETE FROM pdc_prices WHERE id = $1 AND "spaceId" = $2`, [
    pdcPriceId,
    ctx.space.spaceId,
  ]);
  return deletedOrNotFound(rowCount);
}

/**
 * The pdc prices of these codes valid at a date in a region: the region's own price before the one for every
 * region, the latest that is valid on the date.
 */
export async function pdcPricesAt(
  sql: Sql,
  spaceId: string,
  codes: readonly string[],
  region: string,
  date: string,
): Promise<Map<string, { kind: PdcResourceKindId; price: number }>> {
  const { rows } = await sql.query<{ code: string; kind: PdcResourceKindId; price: number }>(
    `SELECT r.code, r.kind, p.price FROM pdc_resources r
     JOIN LATERAL (SELECT price FROM pdc_prices p WHERE p."resourceId" = r.id AND p.region IN ('', $3)
       AND p."validFrom" <= $4::date ORDER BY (p.region = $3) DESC, p."validFrom" DESC LIMIT 1) p ON true
     WHERE r."spaceId" = $1 AND r.code = ANY($2::text[])`,
    [spaceId, [...codes], region, date],
  );
  return new Map(rows.map((r) => [r.code, { kind: r.kind, price: r.price }]));
}
