import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli';
import { parseTrustedKeys, verifyLicenceToken } from './token';

/** Collects what the command writes. */
function sink() {
  let text = '';
  return {
    write: (chunk: string) => {
      text += chunk;
      return true;
    },
    get text() {
      return text;
    },
  };
}

describe('takt-licence', () => {
  it('makes a key pair and issues a token the server verifies with the public key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'takt-licence-'));
    const out = sink();
    expect(main(['keygen', '--out', join(dir, 'sales')], out as never)).toBe(0);
    expect(out.text).toMatch(/^key id [0-9a-f]{16}\n$/);
    const file = join(dir, 'acme.licence');
    const code = main(
      [
        'issue',
        '--key',
        join(dir, 'sales.private.pem'),
        '--id',
        'ACME-1',
        '--seats',
        '25',
        '--customer',
        'ACME Build',
        '--bim',
        '5',
        '--estimate',
        'all',
        '--from',
        '2026-01-01',
        '--until',
        '2027-01-01',
        '--min-version',
        '0.1',
        '--out',
        file,
      ],
      out as never,
    );
    expect(code).toBe(0);
    const { keys } = parseTrustedKeys(readFileSync(join(dir, 'sales.public.pem'), 'utf8'));
    const verified = verifyLicenceToken(readFileSync(file, 'utf8'), keys);
    expect(verified?.issuer).toBe(out.text.slice(7, 23));
    expect(verified?.claims).toMatchObject({
      id: 'ACME-1',
      space: '*',
      seats: 25,
      customer: 'ACME Build',
      bimSeats: 5,
      estimateSeats: null,
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2027-01-01T00:00:00.000Z',
      minVersion: '0.1',
    });
    const shown = sink();
    expect(main(['inspect', file], shown as never)).toBe(0);
    expect(JSON.parse(shown.text).claims.id).toBe('ACME-1');
  });

  it('says what is wrong with its arguments', () => {
    const err = sink();
    expect(main(['issue', '--seats', '3'], sink() as never, err as never)).toBe(1);
    expect(err.text).toContain('--key, --id and --seats are required');
    expect(main(['frobnicate'], sink() as never)).toBe(2);
  });
});
