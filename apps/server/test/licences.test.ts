import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import {
  type LicenceClaims,
  seedDemoLicence,
  signLicence,
  withDemoLicenceKey,
} from '../src/domains/licences';
import { systemContext } from '../src/server';
import { type Failure, ownSpace, serverForFile, spaceMember } from './fixtures';

/** The seller's key pair of these tests; the server trusts its public half (and a second, unused key). */
const seller = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const spare = generateKeyPairSync('ed25519');
const pem = (key: typeof seller.publicKey) => key.export({ type: 'spki', format: 'pem' }).toString();

const t = serverForFile({
  TAKT_LICENCE_PUBLIC_KEYS: `${pem(seller.publicKey)}\n${spare.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
});

const DAY = 86_400_000;
let serial = 0;
/** A licence for `space` signed by the seller, with `over` replacing the defaults. */
function licence(space: string, over: Partial<LicenceClaims> = {}, key = seller.privateKey): string {
  serial++;
  return signLicence(
    {
      id: `LIC-${serial}`,
      customer: 'Stroy LLC',
      space,
      seats: 10,
      bimSeats: 2,
      estimateSeats: 0,
      validFrom: new Date(Date.now() - DAY).toISOString(),
      validUntil: new Date(Date.now() + 365 * DAY).toISOString(),
      minVersion: '0.1',
      issuedAt: new Date().toISOString(),
      ...over,
    },
    key,
  );
}

type Listed = {
  members: number;
  licences: { id: string; tokenId: string | null; state: string; userLimit: number; kind: string }[];
};

async function space(login: string) {
  const s = await ownSpace(t, login, 'Licensed');
  const upload = (token: string, lang: 'en' | 'ru' = 'en') =>
    t.api<Failure & { id: string }>(
      'POST',
      `/space/${s.spaceId}/licences`,
      { token },
      { token: s.token, lang },
    );
  const list = () => s.ok<Listed>('GET', '/licences');
  return { ...s, upload, list };
}

describe('licence tokens', () => {
  it('loads a signed licence: the space becomes licensed, its seats and features apply', async () => {
    const s = await space('lic-owner');
    const before = await s.list();
    expect(before.licences).toEqual([
      expect.objectContaining({ kind: 'free', state: 'in_force', userLimit: 5 }),
    ]);
    const loaded = await s.upload(licence(s.spaceId, { seats: 12, id: 'ACME-2026' }));
    expect(loaded.status).toBe(200);
    const after = await s.list();
    expect(after.licences.map((l) => [l.tokenId, l.kind, l.state, l.userLimit])).toEqual([
      ['ACME-2026', 'licensed', 'in_force', 12],
      [null, 'free', 'withdrawn', 5],
    ]);
    expect(await s.ok('GET', '/licence')).toMatchObject({
      kind: 'licensed',
      userLimit: 12,
      bimUserLimit: 2,
      estimateUserLimit: 0,
    });
    const spaces = await t.api<{ id: string; kind: string }[]>('GET', '/users/spaces', undefined, {
      token: s.token,
    });
    expect(spaces.body.find((x) => x.id === s.spaceId)?.kind).toBe('licensed');
    // estimating is not licensed: EstimateLicense, the catalogue's message
    const estimates = await t.api<Failure>('GET', `/space/${s.spaceId}/measures`, undefined, {
      token: s.token,
    });
    expect(estimates.status).toBe(402);
    expect(estimates.body).toMatchObject({
      error_code: 'EstimateLicense',
      error_message: 'The estimate functionality is missing from the licence or its user limit is exceeded',
    });
  });

  it('refuses a token it cannot verify: garbage, a tampered claim, another key, a stripped signature', async () => {
    const s = await space('lic-tamper');
    const good = licence(s.spaceId);
    const [head, body, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as LicenceClaims;
    const more = Buffer.from(JSON.stringify({ ...claims, seats: 10_000 })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const token of [
      'garbage',
      'a.b.c',
      `${head}.${more}.${signature}`,
      `${head}.${body}.${flipped}`,
      `${head}.${body}.`,
      licence(s.spaceId, {}, other.privateKey),
    ]) {
      const refused = await s.upload(token);
      expect(refused.status, token).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'LicenseTokenInvalid',
        error_message: 'The licence token cannot be decrypted',
      });
    }
    const ru = await s.upload('garbage', 'ru');
    expect(ru.body.error_message).toBe('Не удалось расшифровать токен лицензии');
    // a token broken over lines (as mail clients do) is the same token
    expect((await s.upload(good.replace(/(.{60})/g, '$1\n'))).status).toBe(200);
    expect((await s.list()).licences.filter((l) => l.tokenId !== null)).toHaveLength(1);
  });

  it('refuses an expired licence, one for another space, one needing a newer Takt, one already loaded', async () => {
    const s = await space('lic-rules');
    const expired = await s.upload(
      licence(s.spaceId, {
        validFrom: new Date(Date.now() - 30 * DAY).toISOString(),
        validUntil: new Date(Date.now() - DAY).toISOString(),
      }),
    );
    expect(expired.status).toBe(402);
    expect(expired.body).toMatchObject({
      error_code: 'LicenseExpired',
      error_message: 'The license for the selected space has expired',
    });
    const elsewhere = await s.upload(licence('5b0b5a60-3f5e-4f43-9c39-8e3b2f1a9d10'));
    expect(elsewhere.body).toMatchObject({
      error_code: 'LicenseOtherSpace',
      error_message: 'The licence was issued for another space',
    });
    const newer = await s.upload(licence(s.spaceId, { minVersion: '99.0.0' }));
    expect(newer.status).toBe(402);
    expect(newer.body).toMatchObject({
      error_code: 'LicenseVersionUnsupported',
      error_message: 'The licence does not support this version of the application',
    });
    const any = licence('*');
    expect((await s.upload(any)).status).toBe(200);
    const again = await s.upload(any);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error_code: 'LicenseAlreadyLoaded',
      error_message: 'This licence has already been loaded',
    });
    // a licence for any space is loaded once on the server, not once per space
    const second = await space('lic-rules-2');
    expect((await second.upload(any)).body.error_code).toBe('LicenseAlreadyLoaded');
    // nothing of the refused tokens was stored
    expect((await s.list()).licences.filter((l) => l.tokenId !== null)).toHaveLength(1);
  });

  it('counts paid users: no licence with fewer seats than members, no invitation past the seats', async () => {
    const s = await space('lic-seats');
    await spaceMember(t, s, 'lic-seat-a', 'viewer');
    await spaceMember(t, s, 'lic-seat-b', 'viewer');
    const small = await s.upload(licence(s.spaceId, { seats: 2 }));
    expect(small.status).toBe(409);
    expect(small.body).toMatchObject({
      error_code: 'LicensePaidUsersExceeded',
      error_message: 'The number of paid users of the licence is exceeded',
    });
    expect((await s.upload(licence(s.spaceId, { seats: 3 }))).status).toBe(200);
    const roles = await s.ok<{ id: string; key: string | null }[]>('GET', '/roles');
    await t.signUp('lic-seat-c');
    const past = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/users/invite`,
      { login: 'lic-seat-c', roleId: roles.find((r) => r.key === 'viewer')!.id },
      { token: s.token },
    );
    expect(past.status).toBe(409);
    expect(past.body.error_code).toBe('LicensePaidUsersExceeded');
  });

  it('deletes licences not in force, never the one in force', async () => {
    const s = await space('lic-delete');
    await s.upload(licence(s.spaceId, { id: 'OLD' }));
    const listed = await s.list();
    const inForce = listed.licences.find((l) => l.state === 'in_force')!;
    const withdrawn = listed.licences.find((l) => l.state === 'withdrawn')!;
    const refused = await t.api<Failure>('DELETE', `/space/${s.spaceId}/licences/${inForce.id}`, undefined, {
      token: s.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_code: 'LicenseActive',
      error_message: 'An active licence cannot be deleted',
    });
    await s.ok('DELETE', `/licences/${withdrawn.id}`);
    expect((await s.list()).licences.map((l) => l.tokenId)).toEqual(['OLD']);
    const member = await spaceMember(t, s, 'lic-delete-viewer', 'viewer');
    expect((await member.call('DELETE', `/licences/${inForce.id}`)).status).toBe(403);
    expect((await member.call('GET', '/licences')).status).toBe(200);
  });

  it('keeps access to the licence in force: expiry, a licence yet to start, a newer Takt, seats', async () => {
    const s = await space('lic-access');
    const late = await spaceMember(t, s, 'lic-access-late', 'viewer');
    await s.upload(licence(s.spaceId, { seats: 2 }));
    expect((await late.call('GET', '/access')).status).toBe(200);
    const access = async (token: string) =>
      t.api<Failure>('GET', `/space/${s.spaceId}/access`, undefined, { token });

    await t.sql(`UPDATE licences SET "userLimit" = 1 WHERE "spaceId" = $1 AND active`, [s.spaceId]);
    expect((await late.call('GET', '/access')).body).toMatchObject({
      error_code: 'LicenseLimit',
      error_message: 'The user limit for the selected space has been exceeded',
    });
    await t.sql(`UPDATE licences SET "userLimit" = 2 WHERE "spaceId" = $1 AND active`, [s.spaceId]);

    await t.sql(`UPDATE licences SET "minAppVersion" = '99' WHERE "spaceId" = $1 AND active`, [s.spaceId]);
    const version = await access(s.token);
    expect(version.status).toBe(402);
    expect(version.body.error_code).toBe('LicenseVersionUnsupported');
    await t.sql(`UPDATE licences SET "minAppVersion" = '0.1.0' WHERE "spaceId" = $1 AND active`, [s.spaceId]);

    await t.sql(
      `UPDATE licences SET "validFrom" = now() + interval '2 days', "validUntil" = now() + interval '9 days'
       WHERE "spaceId" = $1 AND active`,
      [s.spaceId],
    );
    expect((await access(s.token)).body).toMatchObject({
      error_code: 'LicenseNotActive',
      error_message: 'There is no active licence in the selected space',
    });
    await t.sql(
      `UPDATE licences SET "validFrom" = now() - interval '9 days', "validUntil" = now() - interval '1 day'
       WHERE "spaceId" = $1 AND active`,
      [s.spaceId],
    );
    const expired = await access(s.token);
    expect(expired.status).toBe(402);
    expect(expired.body.error_code).toBe('LicenseExpired');
    // the licence desk stays open: the administrator sees the expired licence and loads the renewal
    expect((await s.list()).licences[0]?.state).toBe('expired');
    expect((await s.upload(licence(s.spaceId, { seats: 2 }))).status).toBe(200);
    expect((await access(s.token)).status).toBe(200);
    await t.sql(`UPDATE licences SET active = false WHERE "spaceId" = $1`, [s.spaceId]);
    expect((await access(s.token)).body).toMatchObject({
      error_code: 'LicenseNotFound',
      error_message: 'A license was not found to operate in the selected space',
    });
  });
});

describe('the demo start', () => {
  it('makes its own key pair once, trusts it, and licenses the demo space for a year', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'takt-demo-licence-'));
    try {
      // Its own PostgreSQL and no keys: a pair in the data directory, the public half trusted.
      const { config, demoKey } = withDemoLicenceKey(readConfig({ TAKT_DATA_DIR: dataDir }));
      expect(demoKey!.file).toBe(join(dataDir, 'licence-demo.private.pem'));
      expect(statSync(demoKey!.file).mode & 0o777).toBe(0o600);
      const publicPem = readFileSync(join(dataDir, 'licence-demo.public.pem'), 'utf8');
      expect(config.licencePublicKeys).toBe(publicPem);
      // The next start keeps the pair.
      expect(withDemoLicenceKey(readConfig({ TAKT_DATA_DIR: dataDir })).config.licencePublicKeys).toBe(
        publicPem,
      );
      // A deployment — keys given, or its own database — is left as configured, and no pair is made.
      const other = mkdtempSync(join(tmpdir(), 'takt-demo-licence-'));
      for (const env of [
        { TAKT_DATA_DIR: other, TAKT_LICENCE_PUBLIC_KEYS: pem(seller.publicKey) },
        { TAKT_DATA_DIR: other, DATABASE_URL: 'postgres://db.example/takt' },
      ]) {
        const configured = withDemoLicenceKey(readConfig(env));
        expect(configured.demoKey).toBeNull();
        expect(configured.config.licencePublicKeys.trim()).toBe(env.TAKT_LICENCE_PUBLIC_KEYS?.trim() ?? '');
      }
      expect(existsSync(join(other, 'licence-demo.private.pem'))).toBe(false);
      rmSync(other, { recursive: true });

      // The demo space gets a licence signed by it: in force, BIM and estimates for every member, a year.
      const s = await space('lic-demo');
      const [me] = await t.sql<{ id: string }>(`SELECT id FROM users WHERE login = 'lic-demo'`);
      const ctx = { ...systemContext(t.server.services, me!.id), config };
      expect(await seedDemoLicence(ctx, s.spaceId, demoKey!)).toBe(true);
      const listed = await s.ok<{
        licences: {
          kind: string;
          state: string;
          customer: string;
          userLimit: number;
          bimUserLimit: number | null;
          estimateUserLimit: number | null;
          validUntil: string;
        }[];
      }>('GET', '/licences');
      const loaded = listed.licences.find((l) => l.kind === 'licensed')!;
      expect(loaded).toMatchObject({
        state: 'in_force',
        customer: 'Takt demo',
        userLimit: 1000,
        bimUserLimit: null,
        estimateUserLimit: null,
      });
      const days = (Date.parse(loaded.validUntil) - Date.now()) / DAY;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365);
      expect(listed.licences.filter((l) => l.state === 'in_force')).toHaveLength(1);
      // Once: the next start finds it holding; a year later it is renewed.
      expect(await seedDemoLicence(ctx, s.spaceId, demoKey!)).toBe(false);
      expect(await seedDemoLicence(ctx, s.spaceId, demoKey!, new Date(Date.now() + 366 * DAY))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true });
    }
  });
});

describe('delete-free', () => {
  it('deletes a free space by the deletion job, and refuses a licensed one', async () => {
    const free = await space('free-deleter');
    const started = await t.api<{ jobId: string }>('DELETE', '/delete-free', undefined, {
      token: free.token,
      headers: { cookie: `space_id=${free.spaceId}` },
    });
    expect(started.status).toBe(200);
    expect(started.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
    for (let i = 0; i < 100; i++) {
      const status = await t.api<{ state: string }>('GET', `/space/${free.spaceId}/deletion`, undefined, {
        token: free.token,
      });
      if (status.body.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await t.sql('SELECT id FROM spaces WHERE id = $1', [free.spaceId])).toEqual([]);

    const paid = await space('paid-keeper');
    await paid.upload(licence(paid.spaceId));
    const refused = await t.api<Failure>('DELETE', `/space/${paid.spaceId}/delete-free`, undefined, {
      token: paid.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_code: 'SpaceNotFree',
      error_message: 'Only a free space can be deleted this way',
    });
  });
});
