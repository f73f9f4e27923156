import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { licenceInForce, licenceState, versionSupported } from '../access';
import { audit } from '../audit';
import { parseTrustedKeys, type TrustedKey, verifyLicenceToken } from './token';

let trusted: { text: string; keys: TrustedKey[] } | null = null;

/** The public keys of the configuration, parsed once per configuration text. */
function trustedKeys(ctx: SpaceContext): TrustedKey[] {
  const text = ctx.config.licencePublicKeys;
  if (trusted?.text !== text) {
    const { keys, rejected } = parseTrustedKeys(text);
    if (rejected > 0) ctx.log.warn('licence public keys left out: not Ed25519 public keys', { rejected });
    trusted = { text, keys };
  }
  return trusted!.keys;
}

/** The licences of the space, newest first, each with how it stands and the seats it gives. */
export async function listLicences(ctx: SpaceContext) {
  const spaceId = ctx.space.spaceId;
  const [licences, members, bimUsers, estimateUsers] = await Promise.all([
    ctx.db.prisma.licence.findMany({ where: { spaceId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] }),
    ctx.db.prisma.spaceMember.count({ where: { spaceId } }),
    ctx.db.prisma.licenceModuleUser.count({ where: { spaceId, module: 'bim' } }),
    ctx.db.prisma.licenceModuleUser.count({ where: { spaceId, module: 'estimate' } }),
  ]);
  const now = Date.now();
  const inForce = licenceInForce(licences, now)?.id;
  return {
    members,
    bimUsers,
    estimateUsers,
    licences: licences.map((l) => ({
      id: l.id,
      tokenId: l.tokenId,
      kind: l.kind,
      customer: l.customer,
      state: licenceState(l, inForce, now),
      userLimit: l.userLimit,
      bimUserLimit: l.bimUserLimit,
      estimateUserLimit: l.estimateUserLimit,
      validFrom: l.validFrom.toISOString(),
      validUntil: l.validUntil?.toISOString() ?? null,
      minAppVersion: l.minAppVersion,
      issuer: l.issuer,
      uploadedAt: l.token ? l.createdAt.toISOString() : null,
    })),
  };
}

/**
 * Loads a licence token into the space, in this order of refusals: a token this server cannot verify
 * (LicenseTokenInvalid), one for another space (LicenseOtherSpace), one already past its end
 * (LicenseExpired), one needing a newer Takt (LicenseVersionUnsupported), one loaded before anywhere on
 * this server (LicenseAlreadyLoaded), fewer seats than the space has members (LicensePaidUsersExceeded).
 * A licence in force from now on withdraws the space's default licence and makes the space licensed.
 */
export async function uploadLicence(ctx: SpaceContext, input: { token: string }) {
  const spaceId = ctx.space.spaceId;
  const verified = verifyLicenceToken(input.token, trustedKeys(ctx));
  if (!verified) throw new AppError('LicenseTokenInvalid');
  const { claims, issuer } = verified;
  if (claims.space !== '*' && claims.space !== spaceId) throw new AppError('LicenseOtherSpace');
  const validFrom = new Date(claims.validFrom);
  const validUntil = claims.validUntil === null ? null : new Date(claims.validUntil);
  const now = Date.now();
  if (validUntil !== null && validUntil.getTime() <= Math.max(now, validFrom.getTime()))
    throw new AppError('LicenseExpired');
  if (!versionSupported(claims.minVersion)) throw new AppError('LicenseVersionUnsupported');
  const token = input.token.replace(/\s+/g, '');
  const created = await ctx.db.prisma.$transaction(async (tx) => {
    // one upload at a time per space, and no invitation in between
    await tx.$queryRaw`SELECT id FROM spaces WHERE id = ${spaceId}::uuid FOR UPDATE`;
    if (await tx.licence.findUnique({ where: { tokenId: claims.id }, select: { id: true } }))
      throw new AppError('LicenseAlreadyLoaded');
    const members = await tx.spaceMember.count({ where: { spaceId } });
    if (members > claims.seats) throw new AppError('LicensePaidUsersExceeded');
    const inForceNow = validFrom.getTime() <= now;
    if (inForceNow) {
      await tx.licence.updateMany({ where: { spaceId, token: null, active: true }, data: { active: false } });
      await tx.space.update({ where: { id: spaceId }, data: { kind: 'licensed' } });
    }
    return tx.licence.create({
      data: {
        spaceId,
        kind: 'licensed',
        userLimit: claims.seats,
        bimUserLimit: claims.bimSeats,
        estimateUserLimit: claims.estimateSeats,
        validFrom,
        validUntil,
        token,
        tokenId: claims.id,
        issuer,
        minAppVersion: claims.minVersion,
        customer: claims.customer ?? null,
        uploadedById: ctx.session.userId,
      },
    });
  });
  await audit(ctx, {
    action: 'licence.upload',
    details: { licenceId: created.id, tokenId: claims.id, issuer, seats: claims.seats },
  });
  return { id: created.id, tokenId: claims.id };
}

/** Deletes a licence that is not in force (LicenseActive otherwise). */
export async function deleteLicence(ctx: SpaceContext, input: { licenceId: string }) {
  const spaceId = ctx.space.spaceId;
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM spaces WHERE id = ${spaceId}::uuid FOR UPDATE`;
    const licences = await tx.licence.findMany({ where: { spaceId } });
    const licence = licences.find((l) => l.id === input.licenceId);
    if (!licence) throw new AppError('NotFound');
    if (licenceInForce(licences)?.id === licence.id) throw new AppError('LicenseActive');
    await tx.licence.delete({ where: { id: licence.id } });
  });
  await audit(ctx, { action: 'licence.delete', details: { licenceId: input.licenceId } });
  return { success: true as const };
}
