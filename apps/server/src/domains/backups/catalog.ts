/**
 * What a backup holds, read from the database's own catalogue rather than listed by hand, so that a table a
 * later feature adds is backed up without touching this code (docs/product-rules.md, "Backups"):
 *
 * - a **space** is its row of `spaces`, every row of a table with a `spaceId` column that names it, and every
 *   row that a cascading foreign key ties to one of those (a table without `spaceId`);
 * - a **project** is its EPS node, the nodes below it, and every row that deleting the node deletes by a
 *   cascading foreign key, transitively (its schedules, versions, works, relations, assignments, files…).
 *
 * Tables that describe the server's own work rather than the space's data are never part of one (`EXCLUDED`).
 */
import type { Sql } from '../../db/sql';

/** Tables a backup never holds: jobs and their leases, live events, the audit trail, licences and backups themselves. */
const EXCLUDED = new Set([
  'spaces',
  'job_progress',
  'job_leases',
  'interchange_jobs',
  'live_events',
  'audit_log',
  'audit_logs',
  'licences',
  'licence_module_users',
  'backups',
  'backup_schedules',
  // a cache, figured again on demand
  'analytic_answers',
  // the undo history: its payloads name rows by id, and a restored version starts with none
  'undo_actions',
  '_prisma_migrations',
]);

export interface Column {
  name: string;
  /** PostgreSQL's type name (`uuid`, `text`, `_uuid`, `int8`…) */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

interface ForeignKey {
  column: string;
  /** the table it refers to and the column there */
  target: string;
  targetColumn: string;
  cascade: boolean;
  notNull: boolean;
}

export interface Table {
  name: string;
  columns: Column[];
  /** the primary key when it is one column */
  key: Column | null;
  /** every column of the primary key */
  primaryKey: string[];
  hasSpaceId: boolean;
  foreignKeys: ForeignKey[];
}

export interface Catalog {
  tables: Map<string, Table>;
  /** every table a backup may hold, parents before children (by the foreign keys that cannot be null) */
  order: string[];
  /**
   * Foreign keys a restore fills in after every row is written: those to the table itself or to a table
   * written later (a cycle broken where a column can be null, e.g. a schedule's group).
   */
  deferred: Map<string, ForeignKey[]>;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const quoteIdent = q;

/** Reads the catalogue of the public schema: tables, columns, keys, foreign keys. */
export async function readCatalog(on: Sql): Promise<Catalog> {
  const { rows: cols } = await on.query<{
    table: string;
    name: string;
    type: string;
    notnull: boolean;
    hasdefault: boolean;
    generated: boolean;
  }>(
    `SELECT c.relname AS table, a.attname AS name, t.typname AS type, a.attnotnull AS notnull,
            a.atthasdef AS hasdefault, (a.attgenerated <> '') AS generated
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
  );
  const { rows: cons } = await on.query<{
    table: string;
    contype: string;
    columns: string[];
    target: string | null;
    target_columns: string[] | null;
    deltype: string;
  }>(
    `SELECT c.conrelid::regclass::text AS table, c.contype,
            ARRAY(SELECT attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                  JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.n ORDER BY k.o) AS columns,
            CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS target,
            CASE WHEN c.contype = 'f' THEN ARRAY(SELECT attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                  JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.n ORDER BY k.o) END AS target_columns,
            c.confdeltype AS deltype
     FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace AND c.contype IN ('p', 'f')`,
  );
  const strip = (n: string) => n.replace(/^"|"$/g, '');
  const tables = new Map<string, Table>();
  for (const c of cols) {
    let table = tables.get(c.table);
    if (!table) {
      table = { name: c.table, columns: [], key: null, primaryKey: [], hasSpaceId: false, foreignKeys: [] };
      tables.set(c.table, table);
    }
    table.columns.push({
      name: c.name,
      type: c.type,
      notNull: c.notnull,
      hasDefault: c.hasdefault,
      generated: c.generated,
    });
    if (c.name === 'spaceId') table.hasSpaceId = true;
  }
  for (const con of cons) {
    const table = tables.get(strip(con.table));
    if (!table) continue;
    if (con.contype === 'p') {
      table.primaryKey = con.columns;
      if (con.columns.length === 1) table.key = table.columns.find((c) => c.name === con.columns[0]) ?? null;
      continue;
    }
    // Only one-column foreign keys carry ownership; none of ours has more.
    if (con.columns.length !== 1 || !con.target || con.target_columns?.length !== 1) continue;
    const column = table.columns.find((c) => c.name === con.columns[0]);
    if (!column) continue;
    table.foreignKeys.push({
      column: column.name,
      target: strip(con.target),
      targetColumn: con.target_columns[0]!,
      cascade: con.deltype === 'c',
      notNull: column.notNull,
    });
  }
  for (const table of tables.values()) table.foreignKeys.sort((a, b) => a.column.localeCompare(b.column));

  const candidates = [...tables.values()].filter((t) => !EXCLUDED.has(t.name) && !t.name.startsWith('_'));
  // A table belongs to backups when it names its space, or a cascading key ties it to one that does.
  const member = new Set(candidates.filter((t) => t.hasSpaceId).map((t) => t.name));
  for (let grown = true; grown; ) {
    grown = false;
    for (const t of candidates)
      if (!member.has(t.name) && t.foreignKeys.some((fk) => fk.cascade && member.has(fk.target))) {
        member.add(t.name);
        grown = true;
      }
  }
  // Parents first by the keys that cannot be null; a key that can be null and points later is deferred.
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`backup catalogue: a cycle of required keys through ${name}`);
    state.set(name, 'visiting');
    for (const fk of tables.get(name)!.foreignKeys)
      if (fk.notNull && fk.target !== name && member.has(fk.target)) visit(fk.target);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of [...member].sort()) visit(name);
  const position = new Map(order.map((n, i) => [n, i]));
  const deferred = new Map<string, ForeignKey[]>();
  for (const name of order) {
    const late = tables
      .get(name)!
      .foreignKeys.filter((fk) => member.has(fk.target) && position.get(fk.target)! >= position.get(name)!);
    for (const fk of late)
      if (fk.notNull) throw new Error(`backup catalogue: ${name}.${fk.column} cannot be filled in later`);
    if (late.length) deferred.set(name, late);
  }
  return { tables, order, deferred };
}

/** The CTE name holding the keys of a table's rows in the backup. */
const cte = (table: string) => q(`in_${table}`);

/**
 * The SQL that selects a table's rows of a backup: `WITH RECURSIVE …` naming the rows of every table it
 * depends on, then `SELECT … FROM <table> t WHERE <t is in the backup>`; parameters `$1` the space, `$2` the
 * project (project backups). `select` is what to select of `t`.
 */
export function rowsQuery(
  catalog: Catalog,
  scope: 'space' | 'project',
  table: string,
  select: string,
): string {
  const ctes = new Map<string, string>();
  const needed = (name: string): void => {
    if (ctes.has(name)) return;
    ctes.set(name, '');
    ctes.set(name, `${cte(name)} AS (${keysOf(name)})`);
  };
  const tableOf = (name: string) => catalog.tables.get(name)!;
  // Whether a row `alias` of `name` is in the backup.
  const predicate = (name: string, alias: string): string => {
    const t = tableOf(name);
    if (scope === 'space' && t.hasSpaceId) return `${alias}."spaceId" = $1`;
    if (scope === 'project' && name === 'eps_nodes') {
      needed(name);
      return `${alias}.id IN (SELECT k FROM ${cte(name)})`;
    }
    const parents = t.foreignKeys.filter(
      (fk) => fk.cascade && fk.target !== name && catalog.order.includes(fk.target),
    );
    const ors = parents.map((fk) => {
      needed(fk.target);
      return `${alias}.${q(fk.column)} IN (SELECT k FROM ${cte(fk.target)})`;
    });
    const within = t.hasSpaceId ? `${alias}."spaceId" = $1 AND ` : '';
    return ors.length ? `${within}(${ors.join(' OR ')})` : 'false';
  };
  // The keys of `name` that rows of other tables refer to, as column `k` (every referenced column is its key).
  const keysOf = (name: string): string => {
    if (scope === 'project' && name === 'eps_nodes')
      return `SELECT id AS k FROM eps_nodes WHERE id = $2 AND "spaceId" = $1
              UNION SELECT e.id FROM eps_nodes e JOIN ${cte(name)} p ON e."parentId" = p.k`;
    const key = tableOf(name).key;
    if (!key) throw new Error(`backup catalogue: ${name} is referred to but has no one-column key`);
    return `SELECT x.${q(key.name)} AS k FROM ${q(name)} x WHERE ${predicate(name, 'x')}`;
  };
  const where = predicate(table, 't');
  const withs = [...ctes.values()];
  return `${withs.length ? `WITH RECURSIVE ${withs.join(', ')} ` : ''}SELECT ${select} FROM ${q(table)} t WHERE num_nulls($1::uuid, $2::uuid) < 2 AND ${where}`;
}
