import { IfcAPI, type LocateFileHandlerFn, LogLevel } from 'web-ifc';

/**
 * A ready web-ifc instance. In Node the wasm file is found next to web-ifc's own script; a browser
 * worker passes `locateFile` with the bundled wasm URL. Single-threaded: the multi-threaded build
 * needs cross-origin isolation, and parsing already runs off the main thread.
 */
export async function bimIfcApiCreate(locateFile?: LocateFileHandlerFn): Promise<IfcAPI> {
  const api = new IfcAPI();
  await api.Init(locateFile, true);
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  return api;
}
