// Calculates one project with @takt/engine off the main thread (big versions); plain JS so it runs
// under node, tsx and vitest alike. Input: { project, options }; output: typed arrays (transferred).
import { parentPort } from 'node:worker_threads';
import { calculate } from '@takt/engine';

parentPort.once('message', ({ project, options }) => {
  try {
    const r = calculate(project, options);
    const result = {
      workIds: [...r.workIds],
      earlyStart: r.earlyStart,
      earlyFinish: r.earlyFinish,
      lateStart: r.lateStart,
      lateFinish: r.lateFinish,
      totalFloat: r.totalFloat,
      freeFloat: r.freeFloat,
      critical: r.critical,
      relationDriving: r.relationDriving,
      conflicts: [...r.conflicts],
    };
    const buffers = [
      r.earlyStart,
      r.earlyFinish,
      r.lateStart,
      r.lateFinish,
      r.totalFloat,
      r.freeFloat,
      r.critical,
      r.relationDriving,
    ].map((a) => a.buffer);
    parentPort.postMessage({ ok: true, result }, [...new Set(buffers)]);
  } catch (error) {
    parentPort.postMessage({
      ok: false,
      error: {
        name: error?.name,
        code: error?.code,
        message: String(error?.message ?? error),
        workIds: error?.workIds ?? [],
      },
    });
  }
});
