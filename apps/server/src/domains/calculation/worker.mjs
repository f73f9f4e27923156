// Starts the calculation worker thread. Its body is TypeScript that imports the shared schedule
// package from source: under `tsx` (how the server runs) the import just works; where the thread
// starts without a TypeScript loader (a test runner's worker) tsx's own register API is used.
try {
  await import('./worker-thread.ts');
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // A failed import is remembered under its URL: ask again under another one.
  await import('./worker-thread.ts?registered');
}
