import type { ErrorCode, LicenceState } from '@takt/contracts';
import { APP_VERSION } from '../system';

/** What the choice of a space's licence looks at. */
export interface LicenceTerms {
  id: string;
  active: boolean;
  validFrom: Date;
  validUntil: Date | null;
  minAppVersion: string | null;
}

/** Compares dotted version numbers part by part (`1.10` is above `1.9`; a missing part is 0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Whether this server is recent enough for a licence. */
export function versionSupported(minAppVersion: string | null, version = APP_VERSION): boolean {
  return minAppVersion === null || compareVersions(version, minAppVersion) >= 0;
}

const timely = (l: LicenceTerms, now: number) =>
  l.validFrom.getTime() <= now && (l.validUntil === null || l.validUntil.getTime() > now);

/**
 * The licence a space works under at `now`: of its active licences, those whose dates hold and whose
 * minimum app version this server meets, the one that started last.
 */
export function licenceInForce<L extends LicenceTerms>(
  licences: readonly L[],
  now = Date.now(),
): L | undefined {
  let best: L | undefined;
  for (const l of licences)
    if (l.active && timely(l, now) && versionSupported(l.minAppVersion))
      if (!best || l.validFrom.getTime() > best.validFrom.getTime()) best = l;
  return best;
}

/**
 * Why no licence is in force (given the space's active licences): none at all, LicenseNotFound; one that
 * holds now but needs a newer Takt, LicenseVersionUnsupported; one yet to start, LicenseNotActive; only
 * past ones, LicenseExpired.
 */
export function noLicenceError(licences: readonly LicenceTerms[], now = Date.now()): ErrorCode {
  const active = licences.filter((l) => l.active);
  if (active.length === 0) return 'LicenseNotFound';
  if (active.some((l) => timely(l, now))) return 'LicenseVersionUnsupported';
  if (active.some((l) => l.validFrom.getTime() > now)) return 'LicenseNotActive';
  return 'LicenseExpired';
}

/** How one licence of a space stands, `inForce` being the id of the one in force. */
export function licenceState(l: LicenceTerms, inForce: string | undefined, now = Date.now()): LicenceState {
  if (l.id === inForce) return 'in_force';
  if (!l.active) return 'withdrawn';
  if (l.validUntil !== null && l.validUntil.getTime() <= now) return 'expired';
  if (l.validFrom.getTime() > now) return 'future';
  if (!versionSupported(l.minAppVersion)) return 'version';
  return 'standby';
}

/** SQL: the licence in force of the space `$1` (the same choice as `licenceInForce`, minus the version). */
export const LICENCE_IN_FORCE_SQL = `SELECT * FROM licences WHERE "spaceId" = $1 AND active
  AND "validFrom" <= now() AND ("validUntil" IS NULL OR "validUntil" > now())
  ORDER BY "validFrom" DESC`;
