// Reports of a 100,000-work version: the master report (every work with its WBS nodes under the indicators)
// written as xlsx, streamed into a sink that only counts bytes, and a form's template filled the same way; the
// peak resident memory shows the table is never held whole. The last line is one JSON object.
// Run: npx tsx bench/report.ts -w @takt/server   (starts its own embedded PostgreSQL; BENCH_WORKS to change the size)
import { Writable } from 'node:stream';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { writeReportTo } from '../src/domains/reports/run';
import { benchDatabase, benchSpace, loadLine } from './bench-space';

const WORKS = Number(process.env.BENCH_WORKS ?? 100_000);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);

/** A sink that counts what it is given. */
function counter() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  return { sink, bytes: () => bytes };
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const { db, close } = await benchDatabase();
try {
  const { ctx } = await benchSpace(db, { withUser: true });
  const generated = await generateLargeSchedule(ctx, WORKS);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const run = async (format: 'xlsx' | 'pdf', trials: number) => {
    const times: number[] = [];
    let size = 0;
    let rows = 0;
    for (let trial = 0; trial < trials; trial++) {
      const { sink, bytes } = counter();
      const t = performance.now();
      await writeReportTo(ctx, { versionId: generated.versionId, format }, sink, (n) => {
        rows = n;
      });
      times.push(performance.now() - t);
      size = bytes();
    }
    return { ms: Math.round(median(times)), bytes: size, rows };
  };
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  const xlsx = await run('xlsx', TRIALS);
  const xlsxPeak = peakRss;
  const pdf = await run('pdf', 1);
  const result = {
    works: WORKS,
    masterXlsxMs: xlsx.ms,
    masterXlsxBytes: xlsx.bytes,
    masterXlsxRows: xlsx.rows,
    rowsPerSecond: Math.round((xlsx.rows / xlsx.ms) * 1000),
    masterPdfMs: pdf.ms,
    masterPdfBytes: pdf.bytes,
    rssBeforeMb: Math.round(rssBefore / 2 ** 20),
    xlsxPeakRssMb: Math.round(xlsxPeak / 2 ** 20),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    load: loadLine(),
  };
  console.log(
    `master report of ${WORKS} works: xlsx ${xlsx.ms} ms (${(xlsx.bytes / 2 ** 20).toFixed(1)} MB, ${xlsx.rows} rows), ` +
      `pdf ${pdf.ms} ms (${(pdf.bytes / 2 ** 20).toFixed(1)} MB); resident memory ${result.rssBeforeMb} MB before, ` +
      `peak ${result.xlsxPeakRssMb} MB writing xlsx, ${result.peakRssMb} MB with the PDF`,
  );
  console.log(JSON.stringify(result));
} finally {
  clearInterval(sampler);
  await close();
}
