import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, brotliCompressSync, constants } from 'node:zlib';
import { SharedReads } from '../db/shared-reads';

const brotli = promisify(brotliCompress);

/** How payloads are compressed: quality 4, ~6× smaller in a fifth of the time quality 11 takes. */
const brotliOptions = (data: Uint8Array): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
  },
});

/** What an encoder answers: the bytes, compressed already or not, and what they are of (see `carry`). */
type Encoded = { data: Uint8Array; brotli?: Uint8Array; identity?: string };

/** A payload with its brotli form, compressed on the calling thread (a worker thread's, off the server's). */
export function encodedPayloadOf(data: Uint8Array): EncodedPayload {
  return { data, brotli: new Uint8Array(brotliCompressSync(data, brotliOptions(data))) };
}

export interface EncodedPayload {
  data: Uint8Array;
  /** The same bytes compressed with brotli, sent as they are to clients that accept `br`. */
  brotli: Uint8Array;
}

interface Entry extends EncodedPayload {
  fingerprint: string;
  /** What the caller says the bytes are of, beyond the fingerprint (see `carry`); none when unknown. */
  identity?: string;
}

/**
 * Encoded payloads (today: the binary payloads of recently read versions), served again while the
 * fingerprint of their source is unchanged. The fingerprint is read on every request, so an entry is
 * never stale; what a fingerprint is belongs to the caller (a version's is `versionFingerprint` in the
 * versions domain). A 100k-work version payload costs ~0.7 s to read and encode and 12.4 MB + 2.5 MB to
 * keep; a hit costs one ~20 ms scan. Bounded by bytes, least recently used out first. Each server
 * process keeps its own.
 */
export class PayloadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly building = new Map<string, Promise<EncodedPayload>>();
  /** Requests for one key that arrive together share a fingerprint read started after they arrived. */
  private readonly fingerprints = new SharedReads();

  constructor(private readonly maxBytes = 256 * 1024 * 1024) {}

  /**
   * The encoded payload under `key`: from the cache when `fingerprint` still matches, else built by
   * `encode` (concurrent requests for one key share one build). The fingerprint is read before the
   * data, so a change committed in between makes the entry older than the data, never the reverse.
   */
  async get(
    key: string,
    fingerprintOf: () => Promise<string>,
    /** Encodes the data as it is at the fingerprint it is given (just read, or known to its caller). */
    encode: (fingerprint: string) => Promise<Uint8Array | Encoded>,
  ): Promise<EncodedPayload> {
    const fingerprint = await this.fingerprints.read(key, fingerprintOf);
    const hit = this.entries.get(key);
    if (hit && hit.fingerprint === fingerprint) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    return this.build(key, fingerprint, encode);
  }

  /**
   * Encodes `key`'s payload for a fingerprint its caller already knows — the version as a calculation
   * just wrote it — so the next reader gets it without reading the version again. A request that
   * arrives meanwhile with that fingerprint waits for this build instead of starting its own.
   */
  prime(
    key: string,
    fingerprint: string,
    encode: (fingerprint: string) => Promise<Uint8Array | Encoded>,
    identity?: string,
  ): Promise<EncodedPayload> {
    return this.build(key, fingerprint, encode, identity);
  }

  /**
   * Keeps the entry of `key` under a new fingerprint when the caller knows its bytes are still the
   * source's (`identity` is the one the entry was primed with: the same content, which only the
   * caller can tell — a version calculated again that wrote nothing but its status row). Answers
   * whether there was such an entry.
   */
  carry(key: string, identity: string, fingerprint: string): boolean {
    const entry = this.entries.get(key);
    if (!entry || entry.identity !== identity) return false;
    this.store(key, { ...entry, fingerprint });
    return true;
  }

  /**
   * Builds the entry: `encode` answers the payload's bytes (compressed here) or the bytes already
   * compressed (`encodedPayloadOf`, as a calculation thread prepares them).
   */
  private build(
    key: string,
    fingerprint: string,
    encode: (fingerprint: string) => Promise<Uint8Array | Encoded>,
    identity?: string,
  ): Promise<EncodedPayload> {
    const buildKey = `${key}@${fingerprint}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = (async () => {
        const answer = await encode(fingerprint);
        const encoded: Encoded = answer instanceof Uint8Array ? { data: answer } : answer;
        const data = encoded.data;
        const entry: Entry = {
          fingerprint,
          identity: identity ?? encoded.identity,
          data,
          brotli: encoded.brotli ?? new Uint8Array(await brotli(data, brotliOptions(data))),
        };
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
