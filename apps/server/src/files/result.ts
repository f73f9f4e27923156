/** What a procedure returns to be sent as raw bytes over REST rather than as JSON. */
export interface FileResult {
  file: true;
  contentType: string;
  data: Uint8Array;
  cacheControl?: string;
  fileName?: string;
  /** `data` already compressed with brotli: sent as is (`content-encoding: br`) when the client accepts it. */
  brotli?: Uint8Array;
}
