/**
 * Restoring a backup, in one transaction: the target is replaced (or a new space or project made) and every
 * row written, or — when anything fails, or the process dies mid-way — nothing changes at all.
 *
 * Rows go in table by table, parents first, read from the archive in batches and written by PostgreSQL from
 * their JSON text (`json_populate_recordset`), with the columns the archive and the table have in common:
 * a column the table gained since the backup takes its default, one it lost is ignored (docs/product-rules.md,
 * "Backups"). As a new space or project every key is new: a temporary table maps the archive's ids to new
 * ones, and every uuid column (and the ids inside a storage key) is translated through it; ids held inside
 * values (JSON documents, a text that is an id) are translated once every row is in. A reference to a
 * row that is neither in the archive nor in the database any more (a deleted resource, another project's
 * deleted work) is cleared when it may be empty; a row that cannot go without it is left out and counted.
 */
import { LIMITS } from '@takt/contracts';
import type pg from 'pg';
import type { Services } from '../../context';
import { AppError } from '../../errors';
import type { FileStorage } from '../../files/storage';
import { type ArchiveHeader, markerOf, readArchive } from './archive';
import { type Catalog, type Column, quoteIdent as q, readCatalog, type Table } from './catalog';
import { schemaVersion } from './snapshot';

/** Rows written per statement, and at most this much of their JSON text. */
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 8 * 1024 * 1024;
/** Columns of the space's own row a restore never takes from an archive: its kind is its licence's business. */
const SPACE_KEPT = new Set(['id', 'kind', 'deletingAt', 'createdAt', 'createdById']);

interface RestorePlan {
  /** the archive in storage */
  key: string;
  /** replace the space or project the backup was taken of, or make a new one */
  mode: 'replace' | 'new';
  /** the space the backup belongs to: the one replaced, or where a project is restored */
  spaceId: string;
  /** who restores: stays a member (administrator) of a restored space */
  userId: string;
  /** the new space's or project's name (mode `new`) */
  name?: string;
}

interface RestoreOutcome {
  scope: 'space' | 'project';
  spaceId: string;
  projectId: string | null;
  rows: number;
  /** rows left out: what they need is neither in the archive nor in the database */
  skippedRows: number;
  files: number;
  takenAt: string;
}

/** Restores the archive; `progress(done, total)` may throw (a stopped job), which rolls everything back. */
export async function restoreArchive(
  services: Pick<Services, 'db' | 'files'>,
  plan: RestorePlan,
  progress: (done: number, total: number) => Promise<void>,
): Promise<RestoreOutcome> {
  const lines = await readArchive(services.files, plan.key);
  if (!lines) throw new AppError('NotFound');
  const first = await lines.next();
  const header = parseHeader(first.done ? '' : first.value);
  const client = await services.db.pool.connect();
  try {
    await client.query('BEGIN');
    const ours = await schemaVersion(client);
    if (header.schema > ours) throw new AppError('BackupFromNewerTakt', { schema: header.schema });
    const catalog = await readCatalog(client);
    const restore = new Restore(services.files, client, catalog, header, plan);
    await restore.prepare();
    const outcome = await restore.run(lines, progress);
    await client.query('COMMIT');
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
    await lines.return?.();
  }
}

function parseHeader(line: string): ArchiveHeader {
  try {
    const header = JSON.parse(line) as ArchiveHeader;
    if (header.$backup === 1 && (header.scope === 'space' || header.scope === 'project')) return header;
  } catch {
    // not an archive of ours
  }
  throw new AppError('BadRequest');
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_TEXT = `'^${UUID}$'`;
/** A uuid anywhere in a text. */
const UUID_INSIDE = `'${UUID}'`;

class Restore {
  private readonly remap: boolean;
  /** the space the rows go to */
  targetSpace: string;
  private rows = 0;
  private skipped = 0;
  private files = 0;

  constructor(
    private readonly storage: FileStorage,
    private readonly client: pg.PoolClient,
    private readonly catalog: Catalog,
    private readonly header: ArchiveHeader,
    private readonly plan: RestorePlan,
  ) {
    this.remap = plan.mode === 'new';
    this.targetSpace = plan.spaceId;
  }

  /** Temporary tables of the id map and the references filled in at the end; the target emptied (replace). */
  async prepare() {
    const { client, header, plan } = this;
    if (header.spaceId !== plan.spaceId) throw new AppError('BadRequest');
    await client.query(
      `CREATE TEMP TABLE backup_ids (o uuid PRIMARY KEY, n uuid NOT NULL) ON COMMIT DROP;
       CREATE TEMP TABLE backup_deferred (t text, c text, id uuid, v uuid) ON COMMIT DROP;
       CREATE TEMP TABLE backup_later (t text, k text, PRIMARY KEY (t, k)) ON COMMIT DROP;
       CREATE INDEX ON backup_ids (n)`,
    );
    if (plan.mode === 'new') return;
    if (header.scope === 'project') {
      await client.query(`DELETE FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`, [
        header.projectId,
        plan.spaceId,
      ]);
      return;
    }
    // Everything of the space goes, children first; tables without `spaceId` go with their parents.
    for (const name of [...this.catalog.order].reverse())
      if (this.catalog.tables.get(name)!.hasSpaceId)
        await client.query(`DELETE FROM ${q(name)} WHERE "spaceId" = $1`, [plan.spaceId]);
  }

  async run(lines: AsyncIterator<string>, progress: (done: number, total: number) => Promise<void>) {
    let table: Table | null = null;
    let columns: string[] = [];
    let batch: string[] = [];
    let chars = 0;
    let ended = false;
    const flush = async () => {
      if (table && batch.length) await this.writeRows(table, columns, batch);
      this.rows += batch.length;
      batch = [];
      chars = 0;
      await progress(this.rows, this.header.rows);
    };
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = next.value;
      if (!line) continue;
      const marker = markerOf(line);
      if (marker === null) {
        batch.push(line);
        chars += line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
        continue;
      }
      await flush();
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (marker === 'table') {
        const name = String(parsed.$table);
        columns = (parsed.columns as string[]) ?? [];
        if (name === 'spaces') {
          const row = await lines.next();
          if (!row.done) await this.writeSpace(columns, row.value);
          this.rows++;
          table = null;
          continue;
        }
        // A table this Takt no longer has, or that backups no longer hold: its rows are skipped.
        table = this.catalog.order.includes(name) ? this.catalog.tables.get(name)! : null;
      } else if (marker === 'file') {
        table = null;
        await this.writeFile(String(parsed.$file), lines);
      } else if (marker === 'end') {
        ended = true;
        break;
      }
    }
    // An archive cut short (a disk filled while it was written) restores nothing.
    if (!ended) throw new AppError('BadRequest');
    await this.fillDeferred();
    await this.translateValues();
    const projectId = await this.finish();
    return {
      scope: this.header.scope,
      spaceId: this.targetSpace,
      projectId,
      rows: this.rows,
      skippedRows: this.skipped,
      files: this.files,
      takenAt: this.header.takenAt,
    } satisfies RestoreOutcome;
  }

  /** The space's own row: updated in place (replace), or a new space made of it. */
  private async writeSpace(archived: string[], line: string) {
    const table = this.catalog.tables.get('spaces')!;
    const present = new Set(table.columns.map((c) => c.name));
    const taken = archived.filter((c) => present.has(c) && !SPACE_KEPT.has(c) && c !== 'updatedAt');
    if (this.plan.mode === 'replace') {
      if (taken.length)
        await this.client.query(
          `UPDATE spaces s SET ${taken.map((c) => `${q(c)} = r.${q(c)}`).join(', ')}, "updatedAt" = now()
           FROM json_populate_record(NULL::spaces, $1::json) r WHERE s.id = $2`,
          [line, this.plan.spaceId],
        );
      return;
    }
    const named = taken.filter((c) => c !== 'name');
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO spaces (id, name, "createdById", "updatedAt"${named.map((c) => `, ${q(c)}`).join('')})
       SELECT gen_random_uuid(), left(COALESCE($2, r.name), 32), $3, now()${named.map((c) => `, r.${q(c)}`).join('')}
       FROM json_populate_record(NULL::spaces, $1::json) r RETURNING id`,
      [line, this.plan.name ?? null, this.plan.userId],
    );
    this.targetSpace = rows[0]!.id;
    await this.client.query('INSERT INTO backup_ids (o, n) VALUES ($1, $2)', [
      this.header.spaceId,
      this.targetSpace,
    ]);
  }

  /** A uuid translated through the id map (new ids) or as it is (replace). */
  private mapped(value: string): string {
    return this.remap ? `COALESCE((SELECT m.n FROM backup_ids m WHERE m.o = ${value}), ${value})` : value;
  }

  private valueOf(table: Table, column: Column, deferred: Set<string>): string {
    const raw = `r.${q(column.name)}`;
    if (deferred.has(column.name)) return 'NULL';
    let value = raw;
    if (this.remap && column.type === 'uuid') value = this.mapped(raw);
    else if (this.remap && column.type === '_uuid')
      value = `COALESCE((SELECT array_agg(COALESCE(m.n, e) ORDER BY i) FROM unnest(${raw}) WITH ORDINALITY u(e, i)
                 LEFT JOIN backup_ids m ON m.o = e), ${raw})`;
    else if (this.remap && /key$/i.test(column.name) && (column.type === 'text' || column.type === 'varchar'))
      value = `CASE WHEN ${raw} LIKE 'spaces/%' THEN ${keyRemapSql(raw)} ELSE ${raw} END`;
    // A text that is all of it an id (a view's scope): translated now when it names a row already written
    // (it may be part of a unique key), else at the end.
    else if (this.remap && (column.type === 'text' || column.type === 'varchar'))
      value = translatedSql(column, raw);
    // A reference that may be empty is cleared when what it names is gone.
    const fk = table.foreignKeys.find((f) => f.column === column.name);
    if (fk && !fk.notNull)
      value = `CASE WHEN EXISTS (SELECT 1 FROM ${q(fk.target)} x WHERE x.${q(fk.targetColumn)} = ${value}) THEN ${value} END`;
    return value;
  }

  private async writeRows(table: Table, archived: string[], batch: string[]) {
    const { client } = this;
    const json = `[${batch.join(',')}]`;
    const rows = `json_populate_recordset(NULL::${q(table.name)}, $1::json) r`;
    const key = table.key;
    if (this.remap && key?.type === 'uuid')
      await client.query(
        `INSERT INTO backup_ids (o, n) SELECT r.${q(key.name)}, gen_random_uuid() FROM ${rows} ON CONFLICT DO NOTHING`,
        [json],
      );
    const deferredKeys = this.catalog.deferred.get(table.name) ?? [];
    const deferred = new Set(deferredKeys.map((fk) => fk.column));
    if (deferredKeys.length) {
      if (!key) throw new Error(`backup restore: ${table.name} has references to fill in but no key`);
      for (const fk of deferredKeys)
        await client.query(
          `INSERT INTO backup_deferred (t, c, id, v) SELECT $2, $3, ${this.mapped(`r.${q(key.name)}`)}, r.${q(fk.column)}
           FROM ${rows} WHERE r.${q(fk.column)} IS NOT NULL`,
          [json, table.name, fk.column],
        );
    }
    const present = new Set(archived);
    const columns = table.columns.filter(
      (c) =>
        !c.generated &&
        present.has(c.name) &&
        // a serial key of a new copy is drawn afresh
        !(this.remap && c === key && c.type !== 'uuid' && c.hasDefault),
    );
    const required = table.foreignKeys.filter(
      (fk) => fk.notNull && !deferred.has(fk.column) && present.has(fk.column),
    );
    const checks = required.map((fk) => {
      const column = table.columns.find((c) => c.name === fk.column)!;
      return `EXISTS (SELECT 1 FROM ${q(fk.target)} x WHERE x.${q(fk.targetColumn)} = ${this.valueOf(table, column, new Set())})`;
    });
    const insert = `INSERT INTO ${q(table.name)} (${columns.map((c) => q(c.name)).join(', ')}) OVERRIDING SYSTEM VALUE
       SELECT ${columns.map((c) => this.valueOf(table, c, deferred)).join(', ')} FROM ${rows}
       ${checks.length ? `WHERE ${checks.join(' AND ')}` : ''}`;
    const later = this.remap && table.primaryKey.length ? laterColumns(table) : [];
    if (!later.length) {
      const { rowCount } = await client.query(insert, [json]);
      this.skipped += batch.length - (rowCount ?? 0);
      return;
    }
    // The rows that may name others by id inside a value are noted, to be translated once every row is in.
    const { rows: inserted } = await client.query<{ n: number }>(
      `WITH i AS (${insert} RETURNING *),
            l AS (INSERT INTO backup_later (t, k) SELECT $2, ${rowKeySql(table, 'i')} FROM i
                  WHERE ${later.map((c) => mayNameSql(c, `i.${q(c.name)}`)).join(' OR ')})
       SELECT count(*)::int AS n FROM i`,
      [json, table.name],
    );
    this.skipped += batch.length - inserted[0]!.n;
  }

  /**
   * Ids inside values — JSON documents (saved filters, layouts, settings…), a text holding an id (a view's
   * scope), a uuid that is no foreign key — translated through the completed id map: such a value may name a
   * row written after its own, so this waits for the end of a restore as new.
   */
  private async translateValues() {
    if (!this.remap) return;
    const { rows: noted } = await this.client.query<{ t: string }>('SELECT DISTINCT t FROM backup_later');
    for (const { t: name } of noted) {
      const table = this.catalog.tables.get(name)!;
      const sets = laterColumns(table).map((c) => `${q(c.name)} = ${translatedSql(c, `t.${q(c.name)}`)}`);
      await this.client.query(
        `UPDATE ${q(name)} t SET ${sets.join(', ')} FROM backup_later w
         WHERE w.t = $1 AND w.k = ${rowKeySql(table, 't')}`,
        [name],
      );
    }
  }

  /** References to rows written later (or to the same table) filled in once every row is there. */
  private async fillDeferred() {
    for (const [name, fks] of this.catalog.deferred) {
      const key = this.catalog.tables.get(name)!.key!;
      for (const fk of fks)
        await this.client.query(
          `UPDATE ${q(name)} t SET ${q(fk.column)} = d.v
           FROM (SELECT b.id, COALESCE(m.n, b.v) AS v FROM backup_deferred b LEFT JOIN backup_ids m ON m.o = b.v
                 WHERE b.t = $1 AND b.c = $2) d
           WHERE t.${q(key.name)} = d.id AND EXISTS (SELECT 1 FROM ${q(fk.target)} x WHERE x.${q(fk.targetColumn)} = d.v)`,
          [name, fk.column],
        );
    }
  }

  /** A stored file of the archive, under its key (its ids translated for a new copy). */
  private async writeFile(archivedKey: string, lines: AsyncIterator<string>) {
    let key = archivedKey;
    if (this.remap) {
      const { rows } = await this.client.query<{ k: string }>(`SELECT ${keyRemapSql('$1::text')} AS k`, [
        archivedKey,
      ]);
      key = rows[0]!.k;
    }
    if (!key.startsWith(`spaces/${this.targetSpace}/`)) throw new AppError('BadRequest');
    let whole = false;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        const marker = markerOf(next.value);
        if (marker === 'fileEnd') {
          whole = true;
          return;
        }
        if (marker !== 'chunk') break;
        yield Buffer.from((JSON.parse(next.value) as { $chunk: string }).$chunk, 'base64');
      }
    }
    // Bytes are written before the rows commit: a restore that fails leaves at worst files no row names,
    // which the file cleanup removes.
    await this.storage.putChunks(key, chunks());
    if (!whole) throw new AppError('BadRequest');
    this.files++;
  }

  /** The last touches: the caller kept a member of a restored space, a new project's name. */
  private async finish(): Promise<string | null> {
    const { client, header, plan } = this;
    if (header.scope === 'space') {
      // A new space gets the licence every new space gets (licences are never part of a backup).
      if (plan.mode === 'new')
        await client.query(
          `INSERT INTO licences (id, "spaceId", kind, "userLimit", "bimUserLimit", "estimateUserLimit")
           VALUES (gen_random_uuid(), $1, 'free', $2, $3, $4)`,
          [
            this.targetSpace,
            LIMITS.freeSpaceUserLimit,
            LIMITS.freeSpaceBimUserLimit,
            LIMITS.freeSpaceEstimateUserLimit,
          ],
        );
      await client.query(
        `INSERT INTO space_members ("spaceId", "userId", "roleId")
         SELECT $1, $2, r.id FROM roles r WHERE r."spaceId" = $1 AND r.key = 'administrator'
         ON CONFLICT ("spaceId", "userId") DO UPDATE SET "roleId" = EXCLUDED."roleId"`,
        [this.targetSpace, plan.userId],
      );
      return null;
    }
    const { rows } = await client.query<{ id: string }>(`SELECT ${this.mapped('$1::uuid')} AS id`, [
      header.projectId,
    ]);
    const projectId = rows[0]!.id;
    if (plan.mode === 'new' && plan.name)
      await client.query(`UPDATE eps_nodes SET name = $2 WHERE id = $1`, [projectId, plan.name]);
    return projectId;
  }
}

/** SQL translating the ids inside a storage key (`spaces/<space>/files/<id>`) through the id map. */
function keyRemapSql(value: string): string {
  return `(SELECT string_agg(COALESCE(m.n::text, s), '/' ORDER BY i)
           FROM unnest(string_to_array(${value}, '/')) WITH ORDINALITY u(s, i)
           LEFT JOIN backup_ids m ON m.o = CASE WHEN s ~ ${UUID_TEXT} THEN s::uuid END)`;
}

/**
 * The columns whose values a restore as new translates at the end: JSON, text (all of it an id), and uuid
 * columns that are no foreign key (an id of a row written later is not in the map when its row goes in).
 * Storage keys are translated as they go in; key columns and foreign keys are handled there too.
 */
function laterColumns(table: Table): Column[] {
  const references = new Set(table.foreignKeys.map((fk) => fk.column));
  return table.columns.filter(
    (c) =>
      !c.generated &&
      (c.type === 'json' ||
        c.type === 'jsonb' ||
        ((c.type === 'text' || c.type === 'varchar') && !/key$/i.test(c.name)) ||
        (c.type === 'uuid' && c !== table.key && !references.has(c.name))),
  );
}

/** SQL: whether a written value (`value`, of column `c`) may still hold an id of the archive. */
function mayNameSql(c: Column, value: string): string {
  if (c.type === 'json' || c.type === 'jsonb') return `${value}::text ~* ${UUID_INSIDE}`;
  if (c.type === 'uuid')
    return `(${value} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM backup_ids m WHERE m.n = ${value}))`;
  return `CASE WHEN ${value} ~* ${UUID_TEXT}
          THEN NOT EXISTS (SELECT 1 FROM backup_ids m WHERE m.n = ${value}::uuid) ELSE false END`;
}

/** SQL: a written value with the archive's ids in it translated through the id map. */
function translatedSql(c: Column, value: string): string {
  if (c.type === 'json' || c.type === 'jsonb') return `(${textRemapSql(`${value}::text`)})::${c.type}`;
  if (c.type === 'uuid') return `COALESCE((SELECT m.n FROM backup_ids m WHERE m.o = ${value}), ${value})`;
  return `CASE WHEN ${value} ~* ${UUID_TEXT}
          THEN COALESCE((SELECT m.n::text FROM backup_ids m WHERE m.o = ${value}::uuid), ${value}) ELSE ${value} END`;
}

/** SQL: every uuid inside a text replaced by its new id when it is one of the archive's. */
function textRemapSql(value: string): string {
  return `(SELECT string_agg(p.s || COALESCE(m.n::text, x.u, ''), '' ORDER BY p.i)
           FROM unnest(regexp_split_to_array(${value}, ${UUID_INSIDE}, 'i')) WITH ORDINALITY p(s, i)
           LEFT JOIN (SELECT a[1] AS u, j FROM regexp_matches(${value}, ${UUID_INSIDE}, 'gi') WITH ORDINALITY r(a, j)) x
             ON x.j = p.i
           LEFT JOIN backup_ids m ON m.o = x.u::uuid)`;
}

/** SQL: a row's primary key as one text, to find the row again. */
function rowKeySql(table: Table, alias: string): string {
  return `jsonb_build_array(${table.primaryKey.map((c) => `${alias}.${q(c)}`).join(', ')})::text`;
}
