// Starts a schedule analysis worker thread (the pattern of the calculation's worker.mjs): its body is
// TypeScript; under `tsx` the import just works, elsewhere (a test runner's worker) tsx registers first.
try {
  await import('./worker-thread.ts');
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  await import('./worker-thread.ts?registered');
}
