/**
 * `takt-licence`: issues licence tokens for the sales team (README, "Licences"). Keys are Ed25519: the
 * private key stays with whoever issues licences, the public key goes into the servers' configuration
 * (`TAKT_LICENCE_PUBLIC_KEYS` or `TAKT_LICENCE_PUBLIC_KEYS_FILE`).
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { keyIdOf, type LicenceClaims, licenceClaims, readLicenceToken, signLicence } from './token';

const USAGE = `takt-licence — issue Takt licence tokens

  takt-licence keygen --out <prefix>
      writes <prefix>.private.pem (keep it secret) and <prefix>.public.pem (for the servers), prints the key id

  takt-licence issue --key <private.pem> --id <licence id> --seats <n> [options]
      --space <space id>|*      the space it is for (default *: any one space)
      --customer <text>         whom it is issued to
      --bim <n>|all|none        BIM users (default none)
      --estimate <n>|all|none   estimate users (default none)
      --from <date>             first day (default today)
      --until <date>|never      last moment it holds (default never)
      --min-version <x.y.z>     lowest Takt version it works with
      --out <file>              write the token there (default: print it)

  takt-licence inspect <token file>
      prints the token's header and claims (without checking the signature)
`;

function seatsOf(value: string | undefined, name: string): number | null {
  if (value === undefined || value === 'none') return 0;
  if (value === 'all') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: a whole number, all or none`);
  return n;
}

function dateOf(value: string, name: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`--${name}: not a date: ${value}`);
  return new Date(time).toISOString();
}

/** Runs the command with its arguments; the exit code. */
export function main(argv: string[], out = process.stdout, err = process.stderr): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'keygen') {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      if (!values.out) throw new Error('--out is required');
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      writeFileSync(`${values.out}.private.pem`, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
        mode: 0o600,
      });
      writeFileSync(`${values.out}.public.pem`, publicKey.export({ type: 'spki', format: 'pem' }));
      out.write(`key id ${keyIdOf(publicKey)}\n`);
      return 0;
    }
    if (command === 'issue') {
      const { values } = parseArgs({
        args: rest,
        options: {
          key: { type: 'string' },
          id: { type: 'string' },
          seats: { type: 'string' },
          space: { type: 'string', default: '*' },
          customer: { type: 'string' },
          bim: { type: 'string' },
          estimate: { type: 'string' },
          from: { type: 'string' },
          until: { type: 'string', default: 'never' },
          'min-version': { type: 'string' },
          out: { type: 'string' },
        },
      });
      if (!values.key || !values.id || !values.seats) throw new Error('--key, --id and --seats are required');
      const today = new Date();
      today.setUTCHours(0, 0, 0, 0);
      const claims: LicenceClaims = {
        id: values.id,
        customer: values.customer ?? null,
        space: values.space,
        seats: Number(values.seats),
        bimSeats: seatsOf(values.bim, 'bim'),
        estimateSeats: seatsOf(values.estimate, 'estimate'),
        validFrom: values.from ? dateOf(values.from, 'from') : today.toISOString(),
        validUntil: values.until === 'never' ? null : dateOf(values.until, 'until'),
        minVersion: values['min-version'] ?? null,
        issuedAt: new Date().toISOString(),
      };
      const checked = licenceClaims.safeParse(claims);
      if (!checked.success)
        throw new Error(checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const token = signLicence(checked.data, createPrivateKey(readFileSync(values.key)));
      if (values.out) writeFileSync(values.out, `${token}\n`);
      else out.write(`${token}\n`);
      return 0;
    }
    if (command === 'inspect') {
      const file = rest[0];
      if (!file) throw new Error('the token file is required');
      const read = readLicenceToken(readFileSync(file, 'utf8'));
      if (!read) throw new Error('not a licence token');
      out.write(`${JSON.stringify(read, null, 2)}\n`);
      return 0;
    }
    out.write(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  } catch (error) {
    err.write(`takt-licence: ${(error as Error).message}\n`);
    return 1;
  }
}
