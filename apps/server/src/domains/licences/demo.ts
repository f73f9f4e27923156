import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import type { AuthedContext } from '../../context';
import { uploadLicence } from './service';
import { signLicence } from './token';

/**
 * The demo start's licences (README, "Licences"; docs/product-rules.md, "Licences and seats"). A server
 * started on its own PostgreSQL without trusted keys has nobody to sign licences for it, so it makes its own
 * Ed25519 pair once, in its data directory (the file names `takt-licence keygen` writes), trusts the public
 * half, and licenses the demo space with the private half. A server given keys by its environment, or one on
 * an outside database (a deployment), is left exactly as configured.
 */
export interface DemoLicenceKey {
  privateKey: KeyObject;
  /** the private key's file, to issue more licences with `takt-licence issue --key` */
  file: string;
}

/** The configuration with the demo key pair trusted, and that key; or the configuration as it is. */
export function withDemoLicenceKey(config: Config): { config: Config; demoKey: DemoLicenceKey | null } {
  if (config.databaseUrl || config.licencePublicKeys.trim()) return { config, demoKey: null };
  const file = join(config.dataDir, 'licence-demo.private.pem');
  let privateKey: KeyObject;
  if (existsSync(file)) privateKey = createPrivateKey(readFileSync(file, 'utf8'));
  else {
    privateKey = generateKeyPairSync('ed25519').privateKey;
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(join(config.dataDir, 'licence-demo.public.pem'), publicPem);
  return { config: { ...config, licencePublicKeys: publicPem }, demoKey: { privateKey, file } };
}

/** What the demo licence gives: every member BIM and estimates, room for a company, a year. */
const DEMO_SEATS = 1000;
const DEMO_DAYS = 365;

/**
 * Licenses the demo space with the demo key unless a loaded licence of it still holds (so once, and again
 * only a year later). Answers whether it loaded one.
 */
export async function seedDemoLicence(
  ctx: AuthedContext,
  spaceId: string,
  key: DemoLicenceKey,
  now = new Date(),
): Promise<boolean> {
  const holding = await ctx.db.prisma.licence.count({
    where: { spaceId, token: { not: null }, OR: [{ validUntil: null }, { validUntil: { gt: now } }] },
  });
  if (holding > 0) return false;
  const until = new Date(now.getTime() + DEMO_DAYS * 86_400_000);
  const token = signLicence(
    {
      id: `demo-${spaceId.slice(0, 8)}-${now.toISOString().slice(0, 10)}`,
      customer: 'Takt demo',
      space: spaceId,
      seats: DEMO_SEATS,
      bimSeats: null,
      estimateSeats: null,
      validFrom: now.toISOString(),
      validUntil: until.toISOString(),
      minVersion: null,
      issuedAt: now.toISOString(),
    },
    key.privateKey,
  );
  await uploadLicence(
    {
      ...ctx,
      space: { spaceId, roleId: '', roleName: '', roleKey: 'administrator', abilities: new Set() },
    },
    { token },
  );
  return true;
}
