// Load benchmark on loopback: one Takt server process (production mode, its own embedded PostgreSQL and
// seeded demo space) against a bare Node HTTP server answering the same who-am-i body, measured in the
// same run with autocannon. Scenarios: authenticated who-am-i, the demo version's binary payload, and a
// work edit (each connection renames its own work, so edits do not conflict), each at 100 and 500
// connections. Prints requests/s, latency percentiles, errors and the server's memory; the last line is
// one JSON object. No assertions: the figures are for the note.
//
//   npx tsx bench/load.ts                       10 s per scenario
//   BENCH_LOAD_ONLY=who-am-i,payload …          only these scenarios
//   BENCH_LOAD_SECONDS=30 npx tsx bench/load.ts
//   BENCH_LOAD_SOAK_SECONDS=600 npx tsx bench/load.ts   then who-am-i at 100 connections for 10 minutes,
//                                                       printing the server's memory every minute
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_LOAD_SOAK_SECONDS ?? 0);
const CONNECTIONS = (process.env.BENCH_LOAD_CONNECTIONS ?? '100,500').split(',').map(Number);
/** BENCH_LOAD_ONLY=who-am-i,payload: only these scenarios (the bare server always runs). */
const ONLY = process.env.BENCH_LOAD_ONLY?.split(',');
const wanted = (scenario: string) => !ONLY || ONLY.includes(scenario);
const PASSWORD = 'Bench-load-password-7';
const serverMain = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Started {
  child: ChildProcess;
  url: string;
  output: string;
}

/** Starts a child process and resolves once its output matches `ready` (the URL in group 1). */
function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs: number,
): Promise<Started> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`process did not start within ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux)
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Row {
  scenario: string;
  target: 'takt' | 'bare';
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The server's CPU time per answered request: a figure the machine's other load barely moves. */
  cpuMsPerRequest: number;
}

async function measure(
  scenario: string,
  target: Row['target'],
  pid: number,
  options: autocannon.Options,
): Promise<Row> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 250);
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ duration: SECONDS, ...options });
  const cpu = cpuMs(pid) - cpuBefore;
  clearInterval(sampler);
  const row: Row = {
    scenario,
    target,
    connections: options.connections ?? 10,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssBeforeMb,
    rssPeakMb,
    cpuMsPerRequest: Math.round((1000 * cpu) / Math.max(1, result.requests.total)) / 1000,
  };
  console.log(
    `${scenario.padEnd(10)} ${target.padEnd(5)} ${String(row.connections).padStart(4)} conn  ` +
      `${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  max ${row.max} ms  ` +
      `errors ${row.errors}  non-2xx ${row.non2xx}  rss ${rssBeforeMb}→${rssPeakMb} MB  cpu ${row.cpuMsPerRequest} ms/req`,
  );
  return row;
}

const dataDir = mkdtempSync(join(tmpdir(), 'takt-bench-load-'));
const processes: ChildProcess[] = [];
const stopAll = () => {
  for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
};
process.on('exit', stopAll);
try {
  console.log(
    `load before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const takt = await startProcess(
    [
      ...(process.env.BENCH_LOAD_PROFILE
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_LOAD_PROFILE]
        : []),
      '--import',
      'tsx',
      serverMain,
    ],
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      TAKT_DATA_DIR: dataDir,
      TAKT_ADMIN_PASSWORD: PASSWORD,
    },
    /Demo space: (http:\/\/[^/\s]+)\//,
    180_000,
  );
  processes.push(takt.child);
  const spaceId = /Demo space: http:\/\/[^/\s]+\/(\S+)/.exec(takt.output)![1]!;
  const api = `${takt.url}/api/v1`;
  const { token } = await json<{ token: string }>(`${api}/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ login: 'admin', password: PASSWORD }),
  });
  const whoAmIBody = await (
    await fetch(`${api}/users/who-am-i`, { headers: { authorization: `Bearer ${token}` } })
  ).text();

  // the demo programme: the actual version of the space's first schedule (the big generated schedule, if
  // the demo has one, is not what most users open)
  const nodes = await json<{ kind: string; name: string; actualVersionId: string | null }[]>(
    `${api}/space/${spaceId}/eps`,
    { token },
  );
  const schedules = nodes.filter((n) => n.kind === 'schedule' && n.actualVersionId);
  console.log(`demo schedules: ${schedules.map((n) => n.name).join(' · ')}`);
  const versionId = schedules[0]?.actualVersionId ?? '';
  if (!versionId) throw new Error('the demo space has no version');
  const works = await json<{ id: string; revision: number; type: string }[]>(
    `${api}/space/${spaceId}/versions/${versionId}/wbs`,
    { token },
  );
  const editable = works.filter((w) => w.type !== 'sum');
  if (editable.length < Math.max(...CONNECTIONS))
    throw new Error(`the demo version has ${editable.length} works, fewer than the connections`);
  console.log(`demo version ${versionId}: ${works.length} works`);

  // the bare server answers with the same bytes: who-am-i's body, and the payload as the server sends it
  const payloadUrl = `${api}/space/${spaceId}/versions/${versionId}/payload-binary`;
  const payloadResponse = await fetch(payloadUrl, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
  });
  const payloadFile = join(dataDir, 'payload.br');
  writeFileSync(payloadFile, Buffer.from(await payloadResponse.arrayBuffer()));
  console.log(
    `payload: ${statSync(payloadFile).size} bytes (${payloadResponse.headers.get('content-encoding')})`,
  );
  const bare = await startProcess(
    [
      '-e',
      `const body=${JSON.stringify(whoAmIBody)};` +
        `const payload=require('node:fs').readFileSync(${JSON.stringify(payloadFile)});` +
        "require('node:http').createServer((q,s)=>{if(q.url==='/payload'){s.writeHead(200,{'content-type':'application/octet-stream','content-encoding':'br'});s.end(payload)}" +
        "else{s.writeHead(200,{'content-type':'application/json'});s.end(body)}})" +
        ".listen(0,'127.0.0.1',function(){console.log('listening http://127.0.0.1:'+this.address().port)})",
    ],
    process.env,
    /listening (http:\/\/\S+)/,
    10_000,
  );
  processes.push(bare.child);

  const auth = { authorization: `Bearer ${token}` };
  const rows: Row[] = [];
  // each connection edits a work of its own and carries its revision forward; a later run takes works
  // no earlier run touched (an edit in flight when a run stopped would leave its work's revision stale)
  let nextWork = 0;
  const revisions = new Map(editable.map((w) => [w.id, w.revision]));
  for (const connections of CONNECTIONS) {
    rows.push(await measure('who-am-i', 'bare', bare.child.pid!, { url: `${bare.url}/`, connections }));
    if (wanted('payload'))
      rows.push(
        await measure('payload', 'bare', bare.child.pid!, { url: `${bare.url}/payload`, connections }),
      );
    if (wanted('who-am-i'))
      rows.push(
        await measure('who-am-i', 'takt', takt.child.pid!, {
          url: `${api}/users/who-am-i`,
          headers: auth,
          connections,
        }),
      );
    if (wanted('payload'))
      rows.push(
        await measure('payload', 'takt', takt.child.pid!, {
          url: payloadUrl,
          headers: { ...auth, 'accept-encoding': 'br' },
          connections,
        }),
      );
    if (wanted('work edit'))
      rows.push(
        await measure('work edit', 'takt', takt.child.pid!, {
          url: api,
          connections,
          requests: [
            {
              method: 'PATCH',
              setupRequest: (request, context) => {
                const ctx = context as { workId?: string; n?: number };
                ctx.workId ??= editable[nextWork++ % editable.length]!.id;
                ctx.n = (ctx.n ?? 0) + 1;
                return {
                  ...request,
                  path: `/api/v1/space/${spaceId}/versions/${versionId}/wbs/${ctx.workId}`,
                  headers: { ...auth, 'content-type': 'application/json' },
                  body: JSON.stringify({ name: `Bench ${ctx.n}`, revision: revisions.get(ctx.workId) }),
                };
              },
              onResponse: (status, body, context) => {
                const ctx = context as { workId?: string };
                if (status === 200 && ctx.workId) {
                  const revision = (JSON.parse(body) as { revision?: number }).revision;
                  if (typeof revision === 'number') revisions.set(ctx.workId, revision);
                }
              },
            },
          ],
        }),
      );
  }
  // an edit has no bare counterpart of its own: it is set against who-am-i's
  const bareAt = (scenario: string, connections: number) =>
    (
      rows.find((r) => r.target === 'bare' && r.scenario === scenario && r.connections === connections) ??
      rows.find((r) => r.target === 'bare' && r.scenario === 'who-am-i' && r.connections === connections)!
    ).requestsPerSecond;
  console.log('\nshare of the bare server’s throughput:');
  for (const row of rows.filter((r) => r.target === 'takt')) {
    console.log(
      `  ${row.scenario.padEnd(10)} ${String(row.connections).padStart(4)} conn  ${((100 * row.requestsPerSecond) / bareAt(row.scenario, row.connections)).toFixed(1)} %`,
    );
  }

  const soak: { minute: number; rssMb: number; requestsPerSecond: number }[] = [];
  if (SOAK_SECONDS > 0) {
    console.log(`\nsoak: who-am-i at 100 connections for ${SOAK_SECONDS} s`);
    for (let elapsed = 0; elapsed < SOAK_SECONDS; elapsed += 60) {
      const result = await autocannon({
        url: `${api}/users/who-am-i`,
        headers: auth,
        connections: 100,
        duration: Math.min(60, SOAK_SECONDS - elapsed),
      });
      const entry = {
        minute: elapsed / 60 + 1,
        rssMb: rssMb(takt.child.pid!),
        requestsPerSecond: Math.round(result.requests.average),
      };
      soak.push(entry);
      console.log(`  minute ${entry.minute}: ${entry.requestsPerSecond} req/s, rss ${entry.rssMb} MB`);
    }
  }
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(JSON.stringify({ seconds: SECONDS, rows, soak }));
} finally {
  // a clean stop first, so that a profile (BENCH_LOAD_PROFILE=<dir>: --cpu-prof of the server) is written
  for (const child of processes) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    processes.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null);
          const timer = setTimeout(() => resolve(null), 10_000);
          child.on('exit', () => {
            clearTimeout(timer);
            resolve(null);
          });
        }),
    ),
  );
  stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
