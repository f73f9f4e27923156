// The server half of the 100,000-work benchmark: generate the large schedule, then time the
// columnar payload (one SQL query + building the columns), its JSON serialization and compressed
// sizes, and a full calculation in the worker thread. Prints a table; the last line is one JSON object.
// Run: npm run bench -w @takt/server   (starts its own embedded PostgreSQL)
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { encodeBinaryPayload } from '@takt/schedule';
import { calculateVersion } from '../src/domains/calculation/service';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { versionColumns, versionPayload } from '../src/domains/versions/payload';
import { benchDatabase, benchSpace } from './bench-space';

const WORKS = Number(process.env.BENCH_WORKS ?? 100_000);
const TRIALS = 5;

const { db, close } = await benchDatabase();
try {
  const { spaceId, ctx } = await benchSpace(db, { withUser: true });

  const generated = await generateLargeSchedule(ctx, WORKS);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const query: number[] = [];
  const serialize: number[] = [];
  let json = '';
  for (let trial = 0; trial <= TRIALS; trial++) {
    const t0 = performance.now();
    const payload = await versionPayload(db.pool, spaceId, generated.versionId);
    const t1 = performance.now();
    json = JSON.stringify(payload);
    const t2 = performance.now();
    if (trial > 0) {
      query.push(t1 - t0);
      serialize.push(t2 - t1);
    }
  }
  // The binary payload the grid loads: columns from PostgreSQL, then encoding.
  const columns: number[] = [];
  const encode: number[] = [];
  let binary: Uint8Array = new Uint8Array();
  for (let trial = 0; trial <= TRIALS; trial++) {
    const t0 = performance.now();
    const c = await versionColumns(db.pool, spaceId, generated.versionId);
    const t1 = performance.now();
    binary = encodeBinaryPayload(c);
    const t2 = performance.now();
    if (trial > 0) {
      columns.push(t1 - t0);
      encode.push(t2 - t1);
    }
  }
  const compressed = async (label: string, run: () => Promise<Buffer>) => {
    const times: number[] = [];
    let size = 0;
    for (let trial = 0; trial < 3; trial++) {
      const t = performance.now();
      size = (await run()).length;
      times.push(performance.now() - t);
    }
    return { [`${label}Bytes`]: size, [`${label}Ms`]: Math.round(median(times)) };
  };
  const brotliAt = (quality: number) => () =>
    promisify(brotliCompress)(binary, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
  const binaryFigures = {
    binaryColumnsMs: Math.round(median(columns)),
    binaryEncodeMs: Math.round(median(encode)),
    binaryBytes: binary.byteLength,
    ...(await compressed('binaryBrotli1', brotliAt(1))),
    ...(await compressed('binaryBrotli2', brotliAt(2))),
    ...(await compressed('binaryBrotli4', brotliAt(4))),
    ...(await compressed('binaryGzip1', () => promisify(gzip)(binary, { level: 1 }))),
  };
  const bytes = Buffer.from(json);
  const t3 = performance.now();
  const br = await promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const brotliMs = performance.now() - t3;
  const gz = await promisify(gzip)(bytes, { level: 6 });
  const calculation = await calculateVersion(ctx, generated.versionId);

  const figures = {
    works: generated.works,
    relations: generated.relations,
    generateMs: generated.milliseconds,
    payloadQueryAndBuildMs: Math.round(median(query)),
    jsonSerializeMs: Math.round(median(serialize)),
    jsonBytes: bytes.length,
    brotli5Bytes: br.length,
    brotli5Ms: Math.round(brotliMs),
    gzip6Bytes: gz.length,
    ...binaryFigures,
    calculationMs: calculation.milliseconds,
    calculationInWorker: calculation.inWorker,
  };
  console.log('figure                         value');
  for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(30)} ${value}`);
  console.log(JSON.stringify(figures));
} finally {
  await close();
}
