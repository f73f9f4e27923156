import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { SharedReads } from '../access/reads';
import type { Sql } from './guard';

const brotli = promisify(brotliCompress);

/**
 * What a version's data looks like right now, in one cheap scan: the row count and the sum of the
 * creating transaction ids (`xmin`) of its works and relations, and the `xmin` of the version row.
 * Every insert, update or delete gives the rows it touches the id of a transaction newer than every
 * id already there, so between two readings with equal counts the sum can only grow: any change
 * changes the fingerprint, with no trigger and no bookkeeping in the write paths. (A 32-bit
 * transaction id wraparound between two readings could in theory repeat a sum; PostgreSQL forces a
 * wraparound only after ~2 billion transactions, by which time the entry is long evicted.)
 */
export async function versionFingerprint(sql: Sql, spaceId: string, versionId: string): Promise<string> {
  const { rows } = await sql.query<{ fingerprint: string | null }>(
    `SELECT (SELECT xmin::text FROM versions WHERE id = $1 AND "spaceId" = $2) || '/' ||
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0)
          FROM works WHERE "versionId" = $1 AND "spaceId" = $2) || '/' ||
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0)
          FROM relations WHERE "versionId" = $1 AND "spaceId" = $2) AS fingerprint`,
    [versionId, spaceId],
  );
  return rows[0]?.fingerprint ?? '';
}

export interface EncodedPayload {
  data: Uint8Array;
  /** The same bytes compressed with brotli, sent as they are to clients that accept `br`. */
  brotli: Uint8Array;
}

interface Entry extends EncodedPayload {
  fingerprint: string;
}

/**
 * Encoded binary payloads of recently read versions, served again while the version's data has not
 * changed (checked with `versionFingerprint` on every request, so an entry is never stale). A
 * 100k-work payload costs ~0.7 s to read and encode and 12.4 MB + 2.5 MB to keep; a hit costs one
 * ~20 ms scan. Bounded by bytes, least recently used out first. Each server process keeps its own.
 */
export class PayloadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly building = new Map<string, Promise<EncodedPayload>>();
  /** Requests for one version that arrive together share a fingerprint read started after they arrived. */
  private readonly fingerprints = new SharedReads();

  constructor(private readonly maxBytes = 256 * 1024 * 1024) {}

  /**
   * The encoded payload of a version: from the cache when the fingerprint still matches, else built
   * by `encode` (concurrent requests for one version share one build). The fingerprint is read before
   * the data, so a change committed in between makes the entry older than the data, never the reverse.
   */
  async get(
    sql: Sql,
    spaceId: string,
    versionId: string,
    encode: () => Promise<Uint8Array>,
  ): Promise<EncodedPayload> {
    const key = `${spaceId}/${versionId}`;
    const fingerprint = await this.fingerprints.read(key, () => versionFingerprint(sql, spaceId, versionId));
    const hit = this.entries.get(key);
    if (hit && hit.fingerprint === fingerprint) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const buildKey = `${key}@${fingerprint}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = (async () => {
        const data = await encode();
        const compressed = await brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
          },
        });
        const entry: Entry = { fingerprint, data, brotli: new Uint8Array(compressed) };
        this.store(key, entry);
        return entry;
      })().finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    return pending;
  }

  private store(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.data.byteLength + old.brotli.byteLength;
      this.entries.delete(key);
    }
    const size = entry.data.byteLength + entry.brotli.byteLength;
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.data.byteLength + e.brotli.byteLength;
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
