import {
  BINARY_PAYLOAD_TYPE,
  columnsOfDocument,
  encodeBinaryPayload,
  type ScheduleColumns,
} from '@takt/schedule';
import type { Sql } from '../../db/sql';
import type { PayloadCache } from '../../files/payload-cache';
import { versionDocument } from './document';
import { versionFingerprint } from './fingerprint';

/**
 * The version as a binary payload, returned by the REST adapter as raw bytes (brotli-compressed ones
 * to clients that accept them), from the payload cache while the version's data has not changed.
 */
export async function versionPayloadBinary(
  sql: Sql,
  payloads: PayloadCache,
  spaceId: string,
  versionId: string,
) {
  const { data, brotli } = await encodedPayload(sql, payloads, spaceId, versionId);
  return { file: true as const, contentType: BINARY_PAYLOAD_TYPE, data, brotli };
}

/** The encoded binary payload of a version, cached; also called to warm the cache after a calculation. */
export function encodedPayload(sql: Sql, payloads: PayloadCache, spaceId: string, versionId: string) {
  return payloads.get(
    payloadKey(spaceId, versionId),
    () => versionFingerprint(sql, spaceId, versionId),
    // From the document this process keeps when it still holds (edited or calculated here), else read;
    // the fingerprint the cache has just read is not read again.
    async (fingerprint) =>
      encodeBinaryPayload(
        columnsOfDocument((await versionDocument(sql, spaceId, versionId, fingerprint)).document),
      ),
  );
}

const payloadKey = (spaceId: string, versionId: string) => `${spaceId}/${versionId}`;

/**
 * Caches the payload of columns known to be the version as it is at `fingerprint` (read in the
 * transaction that wrote them): a calculation keeps the columns it read and patched with its results,
 * so the version is not read again for the browsers that reload it.
 */
export function primePayload(
  payloads: PayloadCache,
  spaceId: string,
  versionId: string,
  fingerprint: string,
  columns: ScheduleColumns,
) {
  return payloads.prime(payloadKey(spaceId, versionId), fingerprint, async () =>
    encodeBinaryPayload(columns),
  );
}
