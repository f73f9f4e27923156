// Writes a new migration: the SQL that takes the datamodel of the last migration (its snapshot,
// prisma/migrations/schema.snapshot.prisma) to the current prisma/schema.prisma, computed by
// Prisma's own schema engine (the npm-shipped WebAssembly build; the native CLI cannot run here).
// Usage: npm run migration:new -w @takt/db -- <name>   (after editing prisma/schema.prisma)
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import { SchemaEngine } from '@prisma/schema-engine-wasm';
import { startEmbeddedPostgres } from '../src/embedded';

/**
 * This engine build speaks the older driver-adapter protocol, in which every call answers
 * `{ ok: true, value }`; the current adapter answers plain values. The wrapper translates, and binds
 * the methods the engine calls detached.
 */
function resultProtocol<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const settle = (result: unknown) => ({
          ok: true,
          value: result && typeof result === 'object' ? resultProtocol(result) : result,
        });
        try {
          const out = value.apply(object, args);
          if (out instanceof Promise) return out.then(settle, (error: unknown) => ({ ok: false, error }));
          return settle(out);
        } catch (error) {
          return { ok: false, error };
        }
      };
    },
  });
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const migrationsDir = join(root, 'prisma', 'migrations');
const snapshotPath = join(migrationsDir, 'schema.snapshot.prisma');

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_');
if (!name) {
  console.error('usage: new-migration <name>');
  process.exit(2);
}

// The engine reports its panics through this global; without it a panic hides its message.
Object.assign(globalThis, { PRISMA_WASM_PANIC_REGISTRY: { set_message: (m: string) => console.error(m) } });

const current = await readFile(join(root, 'prisma', 'schema.prisma'), 'utf8');
const previous = existsSync(snapshotPath) ? await readFile(snapshotPath, 'utf8') : null;

const dataDir = await mkdtemp(join(tmpdir(), 'takt-migration-'));
const database = await startEmbeddedPostgres({ dataDir, durable: false });
try {
  // The engine calls the factory's methods detached from it, so they are bound here.
  const factory = new PrismaPg({ connectionString: database.adminUrl });
  const adapter = resultProtocol(factory);
  const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', current]] }, () => {}, adapter);
  const schema = (content: string) => ({ files: [{ path: 'schema.prisma', content }] });
  const result = await engine.diff({
    from: previous === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', ...schema(previous) },
    to: { tag: 'schemaDatamodel', ...schema(current) },
    script: true,
    exitCode: false,
    filters: { externalTables: [], externalEnums: [] },
  });
  const sql = result.stdout ?? '';
  if (!sql.trim() || /^-- This is an empty migration/m.test(sql)) {
    console.log('The schema did not change: no migration written.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = join(migrationsDir, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'migration.sql'), sql);
    await writeFile(snapshotPath, current);
    await writeFile(join(migrationsDir, 'migration_lock.toml'), 'provider = "postgresql"\n');
    console.log(`Wrote ${join(dir, 'migration.sql')}`);
  }
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
