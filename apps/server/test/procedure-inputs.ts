import { appRouter } from '../src/trpc/router';
import type { Meta } from '../src/trpc/trpc';
import { ownSpace } from './fixtures';
import type { TestServer } from './harness';

/**
 * Inputs for every tRPC procedure, generated from the procedure's own zod input schema, so that
 * procedures added later are swept without anyone listing them. Shared by the fuzz sweep and the
 * cross-space id sweep.
 */

type ZodLike = {
  _zod: { def: Record<string, unknown> & { type: string }; bag?: Record<string, unknown> };
  safeParse(value: unknown): { success: boolean };
};
type ProcedureDef = {
  _def: { meta?: Meta; type: 'query' | 'mutation' | 'subscription'; inputs?: ZodLike[] };
};

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: Meta | undefined;
  input: ZodLike | undefined;
}

export const PROCEDURES: ProcedureInfo[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, ProcedureDef>,
).map(([path, p]) => ({ path, type: p._def.type, meta: p._def.meta, input: p._def.inputs?.[0] }));

/** Destructive procedures last, so that they do not take away the rows the others are called with. */
export function destructiveLast(procedures: ProcedureInfo[]): ProcedureInfo[] {
  const destructive = (p: ProcedureInfo) => /delete|remove|kickout|clear|reset/i.test(p.path);
  return [...procedures.filter((p) => !destructive(p)), ...procedures.filter(destructive)];
}

/** A small deterministic generator (mulberry32): the same seed, the same inputs. */
export function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
export type Rng = ReturnType<typeof rng>;

/** Ids of one space's rows, by table, and the members' user ids. */
export interface IdPool {
  spaceId: string;
  byTable: Map<string, string[]>;
  users: string[];
}

/**
 * The two demo spaces a sweep plays across: another user's (`foreign`: its ids) and the caller's own
 * (`own`: its ids, without the caller's own user id), with the caller's token.
 */
export async function demoSpacesOfTwo(
  t: TestServer,
  other: [login: string, name: string],
  caller: [login: string, name: string],
): Promise<{ token: string; own: IdPool; foreign: IdPool }> {
  const a = await ownSpace(t, ...other);
  await a.ok('POST', '/demo');
  const b = await ownSpace(t, ...caller);
  await b.ok('POST', '/demo');
  const me = (await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, { token: b.token })).body.id;
  return { token: b.token, own: await idPool(t, b.spaceId, me), foreign: await idPool(t, a.spaceId) };
}

/** Reads the ids of every tenant table (those with "spaceId" and a uuid "id") of a space. */
async function idPool(t: TestServer, spaceId: string, exceptUserId?: string): Promise<IdPool> {
  const tables = await t.sql<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.columns i ON i.table_name = c.table_name AND i.column_name = 'id' AND i.data_type = 'uuid'
      WHERE c.column_name = 'spaceId' AND c.table_schema = 'public' AND i.table_schema = 'public'`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name } of tables) {
    const rows = await t.sql<{ id: string }>(
      `SELECT id FROM "${table_name}" WHERE "spaceId" = $1 ORDER BY id LIMIT 25`,
      [spaceId],
    );
    if (rows.length)
      byTable.set(
        table_name,
        rows.map((r) => r.id),
      );
  }
  const members = await t.sql<{ userId: string }>(
    `SELECT "userId" FROM space_members WHERE "spaceId" = $1 ORDER BY "userId"`,
    [spaceId],
  );
  return { spaceId, byTable, users: members.map((m) => m.userId).filter((u) => u !== exceptUserId) };
}

/** Which table an id field names: `versionId` → versions, `followsId` → assignments, … */
const TABLE_OF: Record<string, string[]> = {
  version: ['versions'],
  baseVersion: ['versions'],
  otherVersion: ['versions'],
  donorVersion: ['versions'],
  work: ['works'],
  parent: ['works', 'eps_nodes'],
  predecessor: ['works'],
  successor: ['works'],
  resource: ['resources'],
  calendar: ['calendars'],
  attribute: ['attributes'],
  directory: ['directories'],
  value: ['directory_values'],
  role: ['roles'],
  assignment: ['assignments'],
  follows: ['assignments'],
  relation: ['relations'],
  schedule: ['eps_nodes'],
  project: ['eps_nodes'],
  facility: ['eps_nodes'],
  eps: ['eps_nodes'],
  node: ['eps_nodes'],
  target: ['eps_nodes'],
  group: ['schedule_groups'],
  preset: ['print_presets'],
  model: ['bim_models'],
  profile: ['bim_profiles'],
  rule: ['bim_link_rules'],
  link: ['bim_links', 'attribute_links'],
  primitive: ['bim_primitives'],
  specialty: ['specialties'],
  delegation: ['delegations'],
  entry: ['timesheet_entries'],
  notice: ['notices'],
  message: ['chat_messages'],
  replyTo: ['chat_messages'],
  attachment: ['chat_attachments'],
  removeAttachment: ['chat_attachments'],
  job: ['interchange_jobs', 'job_progress'],
  file: ['stored_files'],
  action: ['undo_actions'],
  setting: ['import_settings', 'print_settings'],
  licence: ['licences'],
  form: ['report_forms'],
  parentSection: ['estimate_sections'],
  otherEstimate: ['estimates'],
  sourceEstimate: ['estimates'],
  baseMeasure: ['measures'],
  curve: ['analytic_curves'],
  run: ['assistant_runs'],
  otherRun: ['assistant_runs'],
  template: ['decomposition_templates', 'version_templates'],
  layout: ['schedule_layouts'],
  planCostAttribute: ['attributes'],
  factCostAttribute: ['attributes'],
  donorSchedule: ['eps_nodes'],
  donorAttribute: ['attributes'],
  matchAttribute: ['attributes'],
  backupJob: ['backup_schedules'],
  estimateRule: ['import_settings'],
  pipe: ['pipeline_pipes'],
  afterPipe: ['pipeline_pipes'],
  location: ['pipeline_locations'],
  crewResource: ['resources'],
};

/** The field name an id sits under: `workIds.3` → workId, `predecessorId` → predecessorId. */
function idFieldName(path: string[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i]!;
    if (/^\d+$/.test(key)) continue;
    return key.endsWith('Ids') ? key.slice(0, -1) : key;
  }
  return '';
}

/** The ids of `pool` a field at `path` most likely refers to (any id of the space when unsure). */
export function idsFor(pool: IdPool, path: string[]): string[] {
  const field = idFieldName(path);
  if (field === 'spaceId') return [pool.spaceId];
  if (/user/i.test(field)) return pool.users;
  const base = field.replace(/Id$/, '');
  const tables = TABLE_OF[base] ?? [`${base.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}s`];
  const ids = tables.flatMap((table) => pool.byTable.get(table) ?? []);
  return ids.length ? ids : [...pool.byTable.values()].flat();
}

/** Texts tried, in order, for a string field; the first its own schema accepts is used. */
const STRING_CANDIDATES = [
  'Name 1',
  'x',
  '2025-01-06',
  '2025-01-06T08:00',
  '2025-01-06T08:00:00Z',
  '2025-01-06T08:00:00.000Z',
  '08:00',
  '1',
  '0',
  'a@example.com',
  '#ff8800',
  'https://example.com',
  '10.0.0.0/8',
  'ru',
  'A1',
];

/**
 * A schema's constraints: zod fills `_zod.bag` from its checks only once the schema has been used, so
 * the checks themselves are read as well (`z.string().uuid()` keeps its format there).
 */
function constraintsOf(schema: ZodLike): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(schema._zod.bag ?? {}) };
  const def = schema._zod.def as { format?: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
  if (def.format) out.format ??= def.format;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.format) out.format ??= c.format;
    if (c.check === 'greater_than') out.minimum ??= c.value;
    if (c.check === 'less_than') out.maximum ??= c.value;
    if (c.check === 'min_length') out.minimum ??= c.minimum;
    if (c.check === 'max_length') out.maximum ??= c.maximum;
  }
  return out;
}

const isIdFormat = (format: unknown) => format === 'uuid' || format === 'guid';

function unwrap(schema: ZodLike): ZodLike {
  const def = schema._zod.def;
  if (
    ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)
  ) {
    return unwrap(def.innerType as ZodLike);
  }
  if (def.type === 'pipe') return unwrap(def.in as ZodLike);
  if (def.type === 'lazy') return unwrap((def.getter as () => ZodLike)());
  return schema;
}

export interface SampleOptions {
  pool: IdPool;
  random: Rng;
  /** Include optional fields (the id sweep wants every id field present). */
  optionals: boolean;
}

/** A plausible value for `schema`: respects types, bounds, enums and formats; ids come from the pool. */
export function sample(
  schema: ZodLike | undefined,
  options: SampleOptions,
  path: string[] = [],
  depth = 0,
): unknown {
  if (!schema || depth > 12) return undefined;
  const def = schema._zod.def;
  const bag = constraintsOf(schema);
  switch (def.type) {
    case 'optional':
      return options.optionals || options.random.next() < 0.3
        ? sample(def.innerType as ZodLike, options, path, depth + 1)
        : undefined;
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType as ZodLike, options, path, depth + 1);
    case 'pipe':
      return sample(def.in as ZodLike, options, path, depth + 1);
    case 'lazy':
      return sample((def.getter as () => ZodLike)(), options, path, depth + 1);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape as Record<string, ZodLike>)) {
        const value = sample(child, options, [...path, key], depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      const count = Math.max(min, Math.min(typeof bag.maximum === 'number' ? bag.maximum : 2, 2));
      return Array.from({ length: count }, (_, i) =>
        sample(def.element as ZodLike, options, [...path, String(i)], depth + 1),
      );
    }
    case 'tuple':
      return (def.items as ZodLike[]).map((item, i) =>
        sample(item, options, [...path, String(i)], depth + 1),
      );
    case 'record':
      return {};
    case 'union': {
      const choices = def.options as ZodLike[];
      return sample(choices[0], options, path, depth + 1);
    }
    case 'intersection':
      return Object.assign(
        {},
        sample(def.left as ZodLike, options, path, depth + 1),
        sample(def.right as ZodLike, options, path, depth + 1),
      );
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return false;
    case 'number': {
      const min = typeof bag.minimum === 'number' && Number.isFinite(bag.minimum) ? bag.minimum : 0;
      const max = typeof bag.maximum === 'number' && Number.isFinite(bag.maximum) ? bag.maximum : min + 10;
      const value = Math.max(min, Math.min(max, 1));
      return schema.safeParse(value).success ? value : Math.ceil(min + 0.5);
    }
    case 'bigint':
      return 1;
    case 'date':
      return '2025-01-06T08:00:00.000Z';
    case 'string': {
      if (isIdFormat(bag.format)) {
        const ids = idsFor(options.pool, path);
        return ids.length ? options.random.pick(ids) : crypto.randomUUID();
      }
      return STRING_CANDIDATES.find((text) => schema.safeParse(text).success) ?? 'x';
    }
    default:
      return undefined;
  }
}

/** Every path in a sampled input whose schema is a uuid string (not spaceId): where ids go. */
export function idPaths(schema: ZodLike | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 12) return [];
  const inner = unwrap(schema);
  const def = inner._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, ZodLike>).flatMap(([key, child]) =>
      idPaths(child, [...path, key], depth + 1),
    );
  }
  if (def.type === 'array') return idPaths(def.element as ZodLike, [...path, '0'], depth + 1);
  // A union is sampled as its first option (`sample`): its ids are that option's.
  if (def.type === 'union') return idPaths((def.options as ZodLike[])[0], path, depth + 1);
  if (def.type === 'string') {
    const last = path[path.length - 1];
    return isIdFormat(constraintsOf(inner).format) && last !== 'spaceId' ? [path] : [];
  }
  return [];
}

/** Sets `value` at `path` inside a sampled input (creating objects and arrays on the way). */
export function setAt(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const fresh: unknown = /^\d+$/.test(head) ? [] : {};
  const container = (target && typeof target === 'object' ? target : fresh) as Record<string, unknown>;
  container[head] = setAt(container[head], rest, value);
  return container;
}

/** Every leaf path of a JSON value (objects and arrays walked), for mutations. */
export function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [path];
    return entries.flatMap(([key, child]) => leafPaths(child, [...path, key]));
  }
  return [path];
}

/**
 * The first event of a subscription's stream of server-sent events (or the whole body of a refusal),
 * then the stream is closed: a subscription that was accepted never ends by itself, and one with
 * nothing to say yet (a client already up to date) is read for two seconds.
 */
async function firstEvent(response: Response, controller: AbortController): Promise<string> {
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return response.text();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const quiet = setTimeout(() => controller.abort(), 2_000);
  let text = '';
  try {
    // The stream opens with a `connected` event; the first event after it is what the procedure said.
    while ((text.match(/\n\n/g) ?? []).length < 2) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(quiet);
    controller.abort();
  }
  return text;
}

/**
 * Calls a procedure over HTTP as the client does: queries by GET with ?input=, mutations by POST,
 * subscriptions by GET as an EventSource does (their first event is the answer).
 */
export async function callProcedure(
  url: string,
  procedure: ProcedureInfo,
  input: unknown,
  token: string,
  timeoutMs = 60_000,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-language': 'en' };
  const closed = new AbortController();
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), closed.signal]);
  let response: Response;
  try {
    if (procedure.type !== 'mutation') {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      response = await fetch(`${url}/trpc/${procedure.path}${query}`, { headers, signal });
      if (procedure.type === 'subscription')
        return { status: response.status, text: await firstEvent(response, closed) };
    } else {
      response = await fetch(`${url}/trpc/${procedure.path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: input === undefined ? undefined : JSON.stringify(input),
        signal,
      });
    }
    return { status: response.status, text: await response.text() };
  } catch (error) {
    // A call that does not answer in time is a failure of its own (a bounded input must give a bounded answer).
    if ((error as Error).name === 'TimeoutError')
      return { status: 599, text: `no answer in ${timeoutMs} ms` };
    throw error;
  }
}
