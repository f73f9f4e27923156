// Records the machine's load averages (as `uptime` prints them) before the benchmark starts; the report
// prints them beside the load after the runs, since every figure here depends on what else runs. Kept
// outside test-results, which Playwright empties when it starts.
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

writeFileSync(
  join(tmpdir(), 'takt-e2e-bench-load.json'),
  JSON.stringify({ at: new Date().toISOString(), load: loadavg() }),
);
