import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { z } from 'zod';

/**
 * Licence tokens (docs/architecture.md, "Licences"): a JWS in compact form — base64url header, claims and
 * Ed25519 signature joined by dots — signed by the seller's private key and verified offline with the
 * public keys this server trusts. Nothing here reads the database, so the `takt-licence` command uses it too.
 */
export const LICENCE_TOKEN_TYPE = 'takt-licence';

const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)));
const seats = z.number().int().min(0).max(1_000_000).nullable();

/** What a licence token says. */
export const licenceClaims = z
  .object({
    /** The licence's own id: a token is loaded once on a server. */
    id: z.string().min(1).max(100),
    /** Whom the licence is for (free text). */
    customer: z.string().max(200).nullish(),
    /** The space the licence is for, or `*` for any one space. */
    space: z.union([z.literal('*'), z.string().uuid()]),
    /** Members of the space (paid users). */
    seats: z.number().int().min(1).max(1_000_000),
    /** Members who may use BIM / estimating: null every member, 0 none. */
    bimSeats: seats,
    estimateSeats: seats,
    validFrom: isoDate,
    /** null: no end. */
    validUntil: isoDate.nullable(),
    /** The lowest Takt version the licence works with; null any. */
    minVersion: z
      .string()
      .regex(/^\d+(\.\d+){0,2}$/)
      .nullable(),
    issuedAt: isoDate,
  })
  .strict();
export type LicenceClaims = z.infer<typeof licenceClaims>;

const header = z.object({
  alg: z.literal('EdDSA'),
  typ: z.literal(LICENCE_TOKEN_TYPE),
  kid: z.string().max(64),
});

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A public key's id: the first 16 hex digits of the SHA-256 of its SPKI DER form. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** Signs the claims with an Ed25519 private key into a token. */
export function signLicence(claims: LicenceClaims, privateKey: KeyObject): string {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the key is not an Ed25519 private key');
  const body = `${b64(JSON.stringify({ alg: 'EdDSA', typ: LICENCE_TOKEN_TYPE, kid: keyIdOf(privateKey) }))}.${b64(JSON.stringify(licenceClaims.parse(claims)))}`;
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

/** A trusted public key with its id. */
export interface TrustedKey {
  id: string;
  key: KeyObject;
}

/**
 * The trusted keys of a configuration text: PEM blocks, and base64 SPKI DER keys separated by commas or
 * white space. Keys that are not Ed25519 public keys are reported in `rejected` and left out.
 */
export function parseTrustedKeys(text: string): { keys: TrustedKey[]; rejected: number } {
  const keys: TrustedKey[] = [];
  let rejected = 0;
  const add = (make: () => KeyObject) => {
    try {
      const key = make();
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
      keys.push({ id: keyIdOf(key), key });
    } catch {
      rejected++;
    }
  };
  const pem = /-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g;
  for (const block of text.match(pem) ?? []) add(() => createPublicKey(block));
  for (const part of text.replace(pem, ' ').split(/[\s,]+/)) {
    if (part) add(() => createPublicKey({ key: Buffer.from(part, 'base64'), format: 'der', type: 'spki' }));
  }
  return { keys, rejected };
}

/**
 * The claims of a token signed by one of the trusted keys, with that key's id; null for anything else — a
 * wrong or missing signature, an unknown key, a token that is not one, claims of the wrong shape.
 */
export function verifyLicenceToken(
  token: string,
  keys: readonly TrustedKey[],
): { claims: LicenceClaims; issuer: string } | null {
  const parts = token.replace(/\s+/g, '').split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const h = header.safeParse(JSON.parse(Buffer.from(head, 'base64url').toString('utf8')));
    if (!h.success) return null;
    const key = keys.find((k) => k.id === h.data.kid);
    if (!key) return null;
    if (!verify(null, Buffer.from(`${head}.${body}`), key.key, Buffer.from(signature, 'base64url')))
      return null;
    const claims = licenceClaims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return claims.success ? { claims: claims.data, issuer: key.id } : null;
  } catch {
    return null;
  }
}

/** The header and claims of a token, unverified (the command's `inspect`). */
export function readLicenceToken(token: string): { header: unknown; claims: unknown } | null {
  const parts = token.replace(/\s+/g, '').split('.');
  if (parts.length !== 3) return null;
  try {
    const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return { header: json(parts[0]!), claims: json(parts[1]!) };
  } catch {
    return null;
  }
}
