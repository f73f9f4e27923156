import { LIMITS } from '@takt/contracts';
import { handleFailure } from './error-handler';
import { describeFailure, responseFailure } from './errors';
import { requestHeaders } from './trpc';

/**
 * The bytes of a version's binary columnar payload (REST `GET …/versions/:id/payload-binary`), for
 * `decodeBinaryPayload`. Never from the HTTP cache: the payload changes with every edit. Failures go
 * through the app's error handling like those of tRPC calls, then reject — except a `quiet` fetch's
 * (a guess at the version, which may be gone).
 */
export async function fetchBinaryPayload(
  spaceId: string,
  versionId: string,
  quiet = false,
): Promise<ArrayBuffer> {
  const path = `/api/v1/space/${spaceId}/versions/${versionId}/payload-binary`;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: requestHeaders(),
      cache: 'no-store',
      signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
    });
  } catch (error) {
    if (!quiet) handleFailure(describeFailure(error, path));
    throw error;
  }
  if (!response.ok) {
    const failure = await responseFailure(path, response);
    if (!quiet) handleFailure(failure);
    throw new Error(`${path}: ${response.status}`);
  }
  return response.arrayBuffer();
}
