import { LIMITS } from '@takt/contracts';
import { handleFailure } from './error-handler';
import { describeFailure, restFailure } from './errors';
import { requestHeaders } from './trpc';

/**
 * The bytes of a version's binary columnar payload (REST `GET …/versions/:id/payload-binary`), for
 * `decodeBinaryPayload`. Never from the HTTP cache: the payload changes with every edit. Failures go
 * through the app's error handling like those of tRPC calls, then reject.
 */
export async function fetchBinaryPayload(spaceId: string, versionId: string): Promise<ArrayBuffer> {
  const path = `/api/v1/space/${spaceId}/versions/${versionId}/payload-binary`;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: requestHeaders(),
      cache: 'no-store',
      signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
    });
  } catch (error) {
    handleFailure(describeFailure(error, path));
    throw error;
  }
  if (!response.ok) {
    const failure = restFailure(path, response.status, await response.json().catch(() => null));
    handleFailure(failure);
    throw new Error(`${path}: ${response.status}`);
  }
  return response.arrayBuffer();
}
