import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './identity-providers';

/**
 * An MIT Kerberos KDC from Debian's packages (krb5-kdc, krb5-admin-server, krb5-user; `npm test` installs
 * them when missing), run on a free port of 127.0.0.1 over a realm made for the test: a service principal
 * with its keytab, users with passwords, `kinit` into a credential cache of the test's own.
 */
export const KDC_PROGRAMS = [
  '/usr/sbin/krb5kdc',
  '/usr/sbin/kdb5_util',
  '/usr/sbin/kadmin.local',
  '/usr/bin/kinit',
];

/** Why no KDC can run here, or null when one can. */
function kdcMissing(): string | null {
  const missing = KDC_PROGRAMS.filter((program) => !existsSync(program));
  return missing.length ? `no MIT Kerberos KDC here (missing ${missing.join(', ')})` : null;
}

/**
 * Why Kerberos sign-in cannot be tried here, or null: no KDC programs, or the native `kerberos` package
 * (optional) did not build. The server tests and the e2e spec both say this reason when they skip.
 */
export async function kerberosMissing(): Promise<string | null> {
  return (
    kdcMissing() ??
    import('kerberos').then(
      () => null,
      (error: unknown) =>
        `the native kerberos package is not built here (${(error as Error).message.split('\n')[0]})`,
    )
  );
}

export interface TestKdc {
  realm: string;
  /** The environment that points the Kerberos library at this realm, the keytab and the credential cache. */
  env: Record<string, string>;
  addUser(name: string, password: string): void;
  kinit(name: string, password: string): void;
  stop(): Promise<void>;
}

export async function startKdc(service: string): Promise<TestKdc> {
  const realm = 'TAKT.TEST';
  const dir = await mkdtemp(join(tmpdir(), 'takt-kdc-'));
  const port = await freePort();
  const env = {
    KRB5_CONFIG: join(dir, 'krb5.conf'),
    KRB5_KDC_PROFILE: join(dir, 'kdc.conf'),
    KRB5_KTNAME: `FILE:${join(dir, 'service.keytab')}`,
    KRB5CCNAME: `FILE:${join(dir, 'ccache')}`,
  };
  await writeFile(
    env.KRB5_CONFIG,
    `[libdefaults]\n default_realm = ${realm}\n dns_lookup_kdc = false\n dns_lookup_realm = false\n rdns = false\n udp_preference_limit = 1\n` +
      `[realms]\n ${realm} = {\n  kdc = 127.0.0.1:${port}\n }\n[domain_realm]\n localhost = ${realm}\n 127.0.0.1 = ${realm}\n`,
  );
  await writeFile(
    env.KRB5_KDC_PROFILE,
    `[kdcdefaults]\n kdc_ports = ${port}\n kdc_tcp_ports = ${port}\n` +
      `[realms]\n ${realm} = {\n  database_name = ${join(dir, 'principal')}\n  key_stash_file = ${join(dir, 'stash')}\n  acl_file = ${join(dir, 'kadm5.acl')}\n }\n` +
      `[logging]\n kdc = FILE:${join(dir, 'kdc.log')}\n`,
  );
  const run = (program: string, args: string[], input?: string) =>
    execFileSync(program, args, { env: { ...process.env, ...env }, input, stdio: ['pipe', 'pipe', 'pipe'] });
  run('/usr/sbin/kdb5_util', ['create', '-s', '-r', realm, '-P', 'master-key-of-the-test']);
  run('/usr/sbin/kadmin.local', ['-r', realm, '-q', `addprinc -randkey ${service}`]);
  run('/usr/sbin/kadmin.local', ['-r', realm, '-q', `ktadd -k ${env.KRB5_KTNAME.slice(5)} ${service}`]);
  const kdc = spawn('/usr/sbin/krb5kdc', ['-n', '-r', realm], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    realm,
    env,
    addUser: (name, password) =>
      run('/usr/sbin/kadmin.local', ['-r', realm, '-q', `addprinc -pw ${password} ${name}`]),
    kinit: (name, password) => run('/usr/bin/kinit', [`${name}@${realm}`], `${password}\n`),
    async stop() {
      kdc.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
