// Live delivery benchmark on loopback: two Takt server processes over one PostgreSQL (embedded, started
// here), 1,000 listeners holding `live.events` streams (server-sent events) open on the second process.
// Measured from this process, which also reads every stream:
//   event — an event committed by a third connection (this process's pool) until each listener has it:
//           the commit's notice, the second process's LISTEN, its fan-out and the SSE write;
//   chat  — a chat message posted through the FIRST process (`chat.createMessage`) until each listener of
//           the second one has it: the whole path a message takes between two server processes.
// Prints p50/p99/max over every delivery and the machine's load (`uptime`); the last line is one JSON
// object. No assertions: the figures are for the note. The readers of 1,000 streams share this process's
// CPU, so the figures include their parsing.
//
//   npx tsx bench/live.ts                          1,000 listeners, 20 events and 20 messages
//   BENCH_LIVE_LISTENERS=200 BENCH_LIVE_ROUNDS=20 npx tsx bench/live.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@takt/db';
import pg from 'pg';
import { inTransaction } from '../src/db/sql';
import { publishLive } from '../src/live';
import { loadLine } from './bench-space';

const LISTENERS = Number(process.env.BENCH_LIVE_LISTENERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 20);
/** Listeners are spread over this many users (each a viewer of the space: a reader of its node chats). */
const USERS = 10;
const PASSWORD = 'Quartz-river-92!';
const childServer = fileURLToPath(new URL('../test/child-server.ts', import.meta.url));

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', childServer], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.slice(-2000)}`)));
  });
}

async function call<T>(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-language': 'en' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const registration = (login: string) => ({
  login,
  email: `${login}@example.com`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: 'Anna',
  lastName: 'Petrova',
  secretQuestion: 'First school',
  answer: 'School 57',
  privacyPolicyAccepted: true,
});

interface LiveEvent {
  id: string;
  topic: string;
  kind: string;
  data: Record<string, unknown>;
}

/** One open stream: calls `onEvent` with each data event (pings and the opening event skipped). */
async function listen(url: string, onEvent: (event: LiveEvent) => void, signal: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('\nevent:') || block.startsWith('event:')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data:'));
          if (data) onEvent(JSON.parse(data.slice(5)) as LiveEvent);
        }
      }
    } catch (error) {
      if (!signal.aborted) console.error('stream failed', error);
    }
  })();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function summary(name: string, latencies: number[], missed: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const row = {
    scenario: name,
    deliveries: sorted.length,
    missed,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? Number.NaN) * 10) / 10,
  };
  console.log(
    `${name.padEnd(6)} ${LISTENERS} listeners  ${row.deliveries} deliveries  missed ${missed}  ` +
      `p50 ${row.p50} ms  p99 ${row.p99} ms  max ${row.max} ms`,
  );
  return row;
}

const dataDir = mkdtempSync(join(tmpdir(), 'takt-bench-live-'));
const database = await startEmbeddedPostgres({ dataDir, durable: false });
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
await admin.query('CREATE DATABASE takt');
await admin.end();
const databaseUrl = database.urlFor('takt');
const env = (name: string, role: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  TAKT_ROLE: role,
  PORT: '0',
  HOST: '127.0.0.1',
  TAKT_DATA_DIR: join(dataDir, name),
  TAKT_FILES_DIR: join(dataDir, 'files'),
  TAKT_WEB_DIST: join(dataDir, 'web'),
});
// The first applies the migrations; the second starts once they are there.
const first = await startServer(env('first', 'all'));
const second = await startServer(env('second', 'web'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const controller = new AbortController();

try {
  const owner = await call<{ token: string }>(`${first.url}/api/v1/users/register-and-login`, {
    body: registration('bench-live-owner'),
  });
  const space = await call<{ id: string }>(`${first.url}/api/v1/space/create`, {
    token: owner.token,
    body: { name: 'Live bench' },
  });
  const spaceId = space.id;
  // A free space seats a handful of users; the bench's listeners are ten.
  await pool.query('UPDATE licences SET "userLimit" = 100 WHERE "spaceId" = $1', [spaceId]);
  const roles = await call<{ id: string; key: string | null }[]>(
    `${first.url}/api/v1/space/${spaceId}/roles`,
    {
      token: owner.token,
    },
  );
  const viewer = roles.find((r) => r.key === 'viewer')!.id;
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const login = `bench-live-${i}`;
    const user = await call<{ token: string; user: { id: string } }>(
      `${first.url}/api/v1/users/register-and-login`,
      { body: registration(login) },
    );
    await call(`${first.url}/api/v1/space/${spaceId}/users/invite`, {
      token: owner.token,
      body: { login, roleId: viewer },
    });
    users.push({ id: user.user.id, token: user.token });
  }
  const facility = await call<{ id: string }>(`${first.url}/api/v1/space/${spaceId}/eps`, {
    token: owner.token,
    body: { kind: 'facility', name: 'Depot' },
  });
  const chat = await call<{ result: { data: { id: string } } }>(`${first.url}/trpc/chat.ofNode`, {
    token: owner.token,
    body: { spaceId, nodeId: facility.id },
  });
  const chatId = chat.result.data.id;

  // Deliveries are counted per round: the round's key → arrival times of each listener.
  let round: { key: string; start: number; arrived: number[]; done: () => void } | null = null;
  let ready = 0;
  let allReady: () => void = () => {};
  const readyAll = new Promise<void>((resolve) => {
    allReady = resolve;
  });
  const keyOf = (event: LiveEvent) =>
    event.kind === 'live.ready'
      ? 'ready'
      : event.kind === 'bench.event'
        ? String(event.data.key)
        : event.kind === 'message.created'
          ? String((event.data.message as { text?: string } | undefined)?.text ?? event.data.text ?? '')
          : null;
  for (let i = 0; i < LISTENERS; i++) {
    const user = users[i % USERS]!;
    const input = encodeURIComponent(JSON.stringify({ spaceId }));
    const params = encodeURIComponent(JSON.stringify({ token: user.token }));
    await listen(
      `${second.url}/trpc/live.events?input=${input}&connectionParams=${params}`,
      (event) => {
        const key = keyOf(event);
        if (key === 'ready') {
          ready += 1;
          if (ready === LISTENERS) allReady();
          return;
        }
        const now = performance.now();
        if (!round || key !== round.key) return;
        round.arrived.push(now - round.start);
        if (round.arrived.length === LISTENERS) round.done();
      },
      controller.signal,
    );
  }
  await readyAll;
  console.log(`${LISTENERS} listeners connected to the second process`);

  /** Runs one round: starts it, waits until every listener has it (or 10 s), answers the latencies. */
  async function measureRound(key: string, send: () => Promise<unknown>) {
    const arrived: number[] = [];
    const finished = new Promise<void>((resolve) => {
      round = { key, start: performance.now(), arrived, done: resolve };
    });
    await send();
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    round = null;
    return { latencies: arrived, missed: LISTENERS - arrived.length };
  }

  const results = [];
  for (const scenario of ['event', 'chat'] as const) {
    const latencies: number[] = [];
    let missed = 0;
    for (let r = 0; r < ROUNDS + 3; r++) {
      const key = `${scenario}-${r}-${Math.random().toString(36).slice(2)}`;
      const outcome = await measureRound(key, () =>
        scenario === 'event'
          ? inTransaction(pool, async (tx) => {
              for (const user of users)
                await publishLive(tx, {
                  spaceId,
                  topic: `user:${user.id}`,
                  kind: 'bench.event',
                  data: { key },
                });
            })
          : call(`${first.url}/trpc/chat.createMessage`, {
              token: owner.token,
              body: { spaceId, chatId, text: key },
            }),
      );
      // The first rounds warm both processes up (connections, JIT): not counted.
      if (r < 3) continue;
      latencies.push(...outcome.latencies);
      missed += outcome.missed;
    }
    results.push(summary(scenario, latencies, missed));
  }
  console.log(loadLine());
  console.log(JSON.stringify({ listeners: LISTENERS, rounds: ROUNDS, results, load: loadLine() }));
} finally {
  controller.abort();
  await pool.end();
  for (const server of [second, first]) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
