import type { AttributeType } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError, deleteSpaceRow } from '../../errors';
import { compileFormulas, formulaScope, recalculateFormulas, scheduleAttributes } from './calculate';
import { findCycle, parseFormula } from './formula';

const select = {
  id: true,
  name: true,
  valueType: true,
  scheduleId: true,
  directoryId: true,
  formula: true,
  sortKey: true,
  revision: true,
} as const;

async function checkRefs(ctx: SpaceContext, scheduleId?: string | null, directoryId?: string | null) {
  const spaceId = ctx.space.spaceId;
  if (
    scheduleId &&
    !(await ctx.db.prisma.epsNode.count({ where: { id: scheduleId, spaceId, kind: 'schedule' } }))
  )
    throw new AppError('NotFound');
  if (directoryId && !(await ctx.db.prisma.directory.count({ where: { id: directoryId, spaceId } })))
    throw new AppError('NotFound');
}

/**
 * Attributes offered in a schedule (its own and the space-wide ones); with `roleId`, only those that
 * role may view there, with its edit right (roles: access per schedule and per role).
 */
export async function listAttributes(ctx: SpaceContext, input: { scheduleId?: string; roleId?: string }) {
  const attributes = await ctx.db.prisma.attribute.findMany({
    where: {
      spaceId: ctx.space.spaceId,
      ...(input.scheduleId ? { OR: [{ scheduleId: null }, { scheduleId: input.scheduleId }] } : {}),
    },
    select: { ...select, access: true },
    orderBy: [{ sortKey: 'asc' }, { name: 'asc' }],
  });
  return attributes
    .map(({ access, ...a }) => {
      const rule = access.find((r) => r.roleId === input.roleId && r.scheduleId === input.scheduleId);
      return {
        ...a,
        access: access.map((r) => ({
          scheduleId: r.scheduleId,
          roleId: r.roleId,
          canView: r.canView,
          canEdit: r.canEdit,
        })),
        canView: rule?.canView ?? true,
        canEdit: rule?.canEdit ?? true,
      };
    })
    .filter((a) => !input.roleId || a.canView);
}

export async function createAttribute(
  ctx: SpaceContext,
  input: {
    name: string;
    valueType: AttributeType;
    scheduleId?: string | null;
    directoryId?: string | null;
    formula?: string | null;
  },
) {
  await checkRefs(ctx, input.scheduleId, input.directoryId);
  const spaceId = ctx.space.spaceId;
  const scheduleId = input.scheduleId ?? null;
  const formula = await checkedFormula(ctx, {
    formula: input.formula,
    valueType: input.valueType,
    scheduleId,
    directoryId: input.directoryId ?? null,
  });
  const count = await ctx.db.prisma.attribute.count({ where: { spaceId } });
  return inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO attributes (id, "spaceId", name, "valueType", "scheduleId", "directoryId", formula, "sortKey", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3::"AttributeType", $4, $5, $6, $7, now()) RETURNING id`,
      [
        spaceId,
        input.name,
        input.valueType,
        scheduleId,
        input.directoryId ?? null,
        formula,
        (count + 1) * 1024,
      ],
    );
    const id = rows[0]!.id;
    if (formula) await recalculateInScope(client, spaceId, scheduleId, id);
    return readAttribute(client, id);
  });
}

const ATTRIBUTE_COLUMNS = `id, name, "valueType", "scheduleId", "directoryId", formula, "sortKey", revision`;

async function readAttribute(client: pg.PoolClient, id: string) {
  const { rows } = await client.query<{
    id: string;
    name: string;
    valueType: AttributeType;
    scheduleId: string | null;
    directoryId: string | null;
    formula: string | null;
    sortKey: number;
    revision: number;
  }>(`SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE id = $1`, [id]);
  return rows[0]!;
}

/**
 * A formula as it is saved: null when empty; else parsed against the names its attribute may read there
 * (unknown names, syntax and forbidden constructs are validation errors of `formula`) and refused when it
 * would read itself through other formulas (a cycle, named attribute by attribute).
 */
export async function checkedFormula(
  ctx: SpaceContext,
  input: {
    attributeId?: string;
    formula: string | null | undefined;
    valueType: AttributeType;
    scheduleId: string | null;
    directoryId: string | null;
  },
): Promise<string | null> {
  const formula = input.formula?.trim() || null;
  if (!formula) return null;
  if (input.valueType === 'through' || input.directoryId)
    throw new AppError('ValidationError', {}, [{ path: 'formula', message: 'formulas.not_for_directory' }]);
  const attributes = await scheduleAttributes(ctx.db.pool, ctx.space.spaceId, input.scheduleId);
  const parsed = parseFormula(formula, formulaScope(attributes, input.scheduleId, input.attributeId));
  if (input.attributeId) {
    // The other formulas as stored (each parsed in its own scope, which may name this attribute), this one as given.
    const reads = new Map(
      [...compileFormulas(attributes).compiled].map(([id, f]) => [id, f.parsed.attributes] as const),
    );
    reads.set(input.attributeId, parsed.attributes);
    const cycle = findCycle(input.attributeId, reads);
    if (cycle) {
      const names = new Map(attributes.map((a) => [a.id, a.name]));
      throw new AppError('ValidationError', {}, [
        {
          path: 'formula',
          message: 'formulas.cycle',
          params: { names: cycle.map((id) => names.get(id)).join(' → ') },
        },
      ]);
    }
  }
  return formula;
}

/** The names of the formula attributes of the space that read `attributeId`. */
async function readersOf(ctx: SpaceContext, attributeId: string) {
  const attributes = await scheduleAttributes(ctx.db.pool, ctx.space.spaceId, 'all');
  return [...compileFormulas(attributes).compiled.values()]
    .filter((f) => f.parsed.attributes.includes(attributeId))
    .map((f) => f.attribute.name);
}

/**
 * After a formula is saved its values are computed at once where they are looked at: in each schedule it
 * is offered in, the schedule's actual version (else its latest), unless locked.
 */
async function recalculateInScope(
  client: pg.PoolClient,
  spaceId: string,
  scheduleId: string | null,
  attributeId: string,
) {
  const { rows } = await client.query<{ id: string }>(
    `SELECT DISTINCT ON ("scheduleId") id FROM versions
     WHERE "spaceId" = $1 AND ($2::uuid IS NULL OR "scheduleId" = $2) AND NOT locked
     ORDER BY "scheduleId", actual DESC, number DESC`,
    [spaceId, scheduleId],
  );
  for (const { id } of rows) await recalculateFormulas(client, spaceId, id, { attributeId });
}

export async function updateAttribute(
  ctx: SpaceContext,
  input: {
    attributeId: string;
    revision: number;
    name?: string;
    scheduleId?: string | null;
    directoryId?: string | null;
    formula?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const current = await ctx.db.prisma.attribute.findFirst({
    where: { id: input.attributeId, spaceId },
    select: { name: true, valueType: true, scheduleId: true, directoryId: true, formula: true },
  });
  if (!current) throw new AppError('NotFound');
  await checkRefs(ctx, input.scheduleId, input.directoryId);
  const scheduleId = input.scheduleId === undefined ? current.scheduleId : input.scheduleId;
  const directoryId = input.directoryId === undefined ? current.directoryId : input.directoryId;
  // Formulas name other attributes: one that is read keeps its name and its place while it is.
  const renamed = input.name !== undefined && input.name !== current.name;
  if (renamed || scheduleId !== current.scheduleId) {
    const readers = await readersOf(ctx, input.attributeId);
    if (readers.length)
      throw new AppError('ValidationError', {}, [
        {
          path: renamed ? 'name' : 'scheduleId',
          message: 'formulas.in_use',
          params: { names: readers.join(', ') },
        },
      ]);
  }
  const formulaGiven = input.formula !== undefined;
  const formula = await checkedFormula(ctx, {
    attributeId: input.attributeId,
    formula: formulaGiven ? input.formula : current.formula,
    valueType: current.valueType,
    scheduleId,
    directoryId,
  });
  return inTransaction(ctx.db.pool, async (client) => {
    const updated = await client.query(
      `UPDATE attributes SET name = coalesce($3, name), "scheduleId" = $4, "directoryId" = $5, formula = $6,
         revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND "spaceId" = $2 AND revision = $7`,
      [input.attributeId, spaceId, input.name ?? null, scheduleId, directoryId, formula, input.revision],
    );
    if (!updated.rowCount) throw new AppError('Conflict');
    if (formula && (formula !== current.formula || scheduleId !== current.scheduleId))
      await recalculateInScope(client, spaceId, scheduleId, input.attributeId);
    return readAttribute(client, input.attributeId);
  });
}

/** Deletes an attribute with its values; one a formula reads stays until that formula no longer does. */
export async function deleteAttribute(ctx: SpaceContext, attributeId: string) {
  const spaceId = ctx.space.spaceId;
  const readers = await readersOf(ctx, attributeId);
  if (readers.length)
    throw new AppError('ValidationError', {}, [
      { path: 'attributeId', message: 'formulas.in_use', params: { names: readers.join(', ') } },
    ]);
  return deleteSpaceRow(ctx.db.prisma.attribute, spaceId, attributeId);
}

/** API schedules: POST attributes/access — who may view and edit an attribute in a schedule. */
export async function setAttributeAccess(
  ctx: SpaceContext,
  input: { attributeId: string; scheduleId: string; roleId: string; canView: boolean; canEdit: boolean },
) {
  const spaceId = ctx.space.spaceId;
  const [attribute, role] = await Promise.all([
    ctx.db.prisma.attribute.count({ where: { id: input.attributeId, spaceId } }),
    ctx.db.prisma.role.count({ where: { id: input.roleId, spaceId } }),
  ]);
  if (!attribute || !role) throw new AppError('NotFound');
  await checkRefs(ctx, input.scheduleId);
  const canEdit = input.canView && input.canEdit;
  await ctx.db.prisma.attributeAccess.upsert({
    where: {
      attributeId_scheduleId_roleId: {
        attributeId: input.attributeId,
        scheduleId: input.scheduleId,
        roleId: input.roleId,
      },
    },
    create: { spaceId, ...input, canEdit },
    update: { canView: input.canView, canEdit },
  });
  return { success: true as const };
}
