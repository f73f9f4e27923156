import { type BimGeometry, bimGeometryDecode, bimParseInWorker, bimWarmWorker } from '@takt/bim';
import BimParseWorker from '@takt/bim/worker?worker';
import { BIM_LIMITS } from '@takt/contracts';
import webIfcWasm from 'web-ifc/web-ifc.wasm?url';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure, restFailure } from '../../lib/errors';
import { requestHeaders } from '../../lib/trpc';
import { postWithProgress } from '../../lib/upload';

/** A model's geometry cache (REST `GET …/projects/:id/3d/model/:modelId`), decoded zero-copy. */
export async function fetchModelGeometry(
  spaceId: string,
  projectId: string,
  modelId: string,
): Promise<BimGeometry> {
  const path = `/api/v1/space/${spaceId}/projects/${projectId}/3d/model/${modelId}`;
  let response: Response;
  try {
    response = await fetch(path, { headers: requestHeaders() });
  } catch (error) {
    handleFailure(describeFailure(error, path));
    throw error;
  }
  if (!response.ok) {
    handleFailure(restFailure(path, response.status, await response.json().catch(() => null)));
    throw new Error(`${path}: ${response.status}`);
  }
  return bimGeometryDecode(new Uint8Array(await response.arrayBuffer()));
}

/**
 * Uploads an IFC file (multipart, REST `POST …/projects/:id/3d/upload`) reporting the percent sent.
 * Resolves with the new model's id, or null once a failure has been reported.
 */
export async function uploadModel(
  spaceId: string,
  projectId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ id: string } | null> {
  const path = `/api/v1/space/${spaceId}/projects/${projectId}/3d/upload`;
  if (file.size > BIM_LIMITS.uploadMaxBytes) {
    handleFailure(restFailure(path, 413, { error_code: 'FileTooLarge', error_message: [] }));
    return null;
  }
  const body = new FormData();
  body.append('file', file);
  const result = await postWithProgress<{ id: string }>(path, body, (sent) =>
    onProgress(Math.round(sent * 100)),
  );
  if ('failure' in result) {
    handleFailure(result.failure);
    return null;
  }
  return result.answer;
}

const EPOCH_MS = Date.UTC(2000, 0, 1);
/** Engine minutes of today's local date at the start of the working day. */
export function todayMinutes(): number {
  const now = new Date();
  const local = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate(), 12);
  return Math.round((local - EPOCH_MS) / 60_000);
}

export const DAY_MINUTES = 1440;
export const PLAYER_SPEEDS = [1, 3, 7, 14, 30, 90] as const;

let previewWorker: Worker | null = null;
let previewWarm = false;
const wasmUrl = () => new URL(webIfcWasm, window.location.href).href;

/**
 * Starts the preview worker and web-ifc in it while the user picks a file (the file dialog is open
 * for seconds; loading and compiling the wasm takes a few hundred milliseconds), so the picked file's
 * first frame waits only for its own reading. Once per page.
 */
export function warmPreviewWorker(): void {
  previewWorker ??= new BimParseWorker();
  if (previewWarm) return;
  previewWarm = true;
  void bimWarmWorker(previewWorker, wasmUrl());
}

/**
 * Reads a local IFC file in a web worker to show it at once while the upload and the server's parse
 * run: geometry chunks as they stream, then the whole model. Element ids are those the server finds.
 */
export async function previewIfc(
  file: File,
  onGeometry: (geometry: BimGeometry, complete: boolean, globalIds: string[]) => void,
): Promise<void> {
  previewWorker ??= new BimParseWorker();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = await bimParseInWorker(previewWorker, bytes, wasmUrl(), undefined, (chunk) =>
    onGeometry(bimGeometryDecode(chunk), false, []),
  );
  onGeometry(
    bimGeometryDecode(result.geometry),
    true,
    result.elements.map((e) => e.globalId),
  );
}
