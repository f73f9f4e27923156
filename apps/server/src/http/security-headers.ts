import type { MiddlewareHandler } from 'hono';

/** Scripts and workers only from our origin (WebAssembly allowed for IFC); no framing. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every response carries (those of Hono's `secureHeaders` defaults, with our policy). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', CONTENT_SECURITY_POLICY],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/** The same headers as one record, for responses written on Node's own response object. */
export const SECURITY_HEADER_RECORD: Readonly<Record<string, string>> = Object.fromEntries(SECURITY_HEADERS);

/**
 * Sets the security headers, computed once. They are prepared before the handler runs, so a response
 * built by the context (`c.json`, `c.body`) is created with them in one go; a response a handler builds
 * itself (tRPC's adapter, static files) gets them afterwards. Hono's `secureHeaders` sets each header on
 * the finished response, which made it one of the costliest steps of a small API call.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
    await next();
    const headers = c.res.headers;
    if (headers.has('x-content-type-options')) return;
    for (const [name, value] of SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, value);
  };
}
