import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's recommended minimum (19 MiB, 2 passes): memory-hard, ~30 ms here.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2);
}

export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/** An opaque token for the client; only its SHA-256 is kept. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: tokenHashOf(token) };
}

export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Secret answers compare case- and space-insensitively: "Moscow " answers "moscow". */
export function normalizeAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A throwaway hash so that an unknown login takes as long as a wrong password. */
export const DUMMY_HASH = hash('takt-timing-equalizer', ARGON2);
