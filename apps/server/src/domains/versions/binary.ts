import {
  BINARY_PAYLOAD_TYPE,
  columnsOfDocument,
  encodeBinaryPayload,
  type ScheduleColumns,
} from '@takt/schedule';
import type { Sql } from '../../db/sql';
import type { EncodedPayload, PayloadCache } from '../../files/payload-cache';
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
    async (fingerprint) => {
      const read = await versionDocument(sql, spaceId, versionId, fingerprint);
      const { document } = read;
      return {
        data: encodeBinaryPayload(columnsOfDocument(document)),
        identity: payloadIdentity(
          read.dataFingerprint,
          read.schedulingKey,
          document.versionRevision,
          document.calcStatus,
        ),
      };
    },
  );
}

const payloadKey = (spaceId: string, versionId: string) => `${spaceId}/${versionId}`;

/**
 * Caches the payload of columns known to be the version as it is at `fingerprint` (read in the
 * transaction that wrote them): a calculation keeps the columns it read and patched with its results,
 * so the version is not read again for the browsers that reload it. Given `encoded`, the payload of
 * those columns already encoded and compressed (by the calculation thread while the results were
 * written), the cache takes it as it is.
 */
export function primePayload(
  payloads: PayloadCache,
  spaceId: string,
  versionId: string,
  fingerprint: string,
  columns: ScheduleColumns,
  encoded?: Promise<EncodedPayload | null>,
  identity?: string,
) {
  // Primed at once, so a browser that asks meanwhile waits for these bytes instead of encoding its own.
  return payloads.prime(
    payloadKey(spaceId, versionId),
    fingerprint,
    async () => (await encoded) ?? encodeBinaryPayload(columns),
    identity,
  );
}

/**
 * What a version's payload is made of besides its fingerprint, for `carryPayload`: the data part of the
 * fingerprint and the version row's scheduling fields (together, the document: see `versionDocument`),
 * its revision and its calculation status (in the payload's header).
 */
export const payloadIdentity = (data: string, schedulingKey: string, revision: number, calcStatus: number) =>
  `${data}|${schedulingKey}|${revision}|${calcStatus}`;

/**
 * Serves the payload cached for the version under its new fingerprint when it was primed with
 * `identity` — the same document, the same revision and status: a version calculated again that wrote
 * nothing but its status row — without encoding it again. Answers whether it could.
 */
export function carryPayload(
  payloads: PayloadCache,
  spaceId: string,
  versionId: string,
  identity: string,
  fingerprint: string,
) {
  return payloads.carry(payloadKey(spaceId, versionId), identity, fingerprint);
}
