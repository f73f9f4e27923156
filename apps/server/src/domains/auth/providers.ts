import {
  type AccountPolicy,
  SIGN_IN_SLOTS,
  type SignInProviderButton,
  type SignInProviderSettings,
  type SignInProviderView,
  type SignInSlot,
  SLOT_PROTOCOL,
  signInProviderSettings,
} from '@takt/contracts';
import type { AuthedContext, Context } from '../../context';
import { AppError } from '../../errors';
import { audit } from '../audit';

/**
 * The account the server seeds on its first start administers the deployment: it alone edits the
 * sign-in providers, which are the deployment's and not a space's.
 */
const DEPLOYMENT_ADMIN_LOGIN = 'admin';

/** A slot's settings as the sign-in flows read them, with its secret. */
export interface SignInProvider extends SignInProviderSettings {
  slot: SignInSlot;
  source: 'environment' | 'settings';
}

/** The settings that are not secret: kept in the row's `settings` column. */
const SETTING_NAMES = [
  'issuer',
  'clientId',
  'scopes',
  'loginClaim',
  'emailClaim',
  'entryPoint',
  'idpCertificate',
  'entityId',
  'servicePrincipal',
  'realm',
] as const satisfies readonly (keyof SignInProviderSettings)[];

const DEFAULT_LABEL: Record<SignInSlot, string> = {
  openidconnect: 'OpenID Connect',
  openid: 'OpenID',
  adfs: 'ADFS',
  kerberos: 'Kerberos',
};

function policyOf(value: string | undefined): AccountPolicy {
  return value === 'create' ? 'create' : 'link';
}

/** The slot as the environment sets it (`TAKT_SIGNIN_<SLOT>_…`), or null when it sets nothing of it. */
function fromEnvironment(ctx: Context, slot: SignInSlot): SignInProvider | null {
  const env = ctx.config.signInEnvironment[slot];
  if (!env) return null;
  const parsed = signInProviderSettings.safeParse({
    ...Object.fromEntries(SETTING_NAMES.filter((name) => env[name]).map((name) => [name, env[name]])),
    clientSecret: env.clientSecret,
    enabled: env.enabled === undefined ? true : env.enabled === '1' || env.enabled === 'true',
    label: env.label ?? DEFAULT_LABEL[slot],
    accountPolicy: policyOf(env.accounts),
  });
  if (!parsed.success) {
    ctx.log.warn('sign-in provider of the environment ignored', { slot });
    return null;
  }
  return { ...parsed.data, slot, source: 'environment' };
}

type ProviderRow = {
  slot: string;
  enabled: boolean;
  label: string;
  accountPolicy: string;
  settings: unknown;
  clientSecret: string | null;
  revision: number;
};

function fromRow(row: ProviderRow): SignInProvider {
  const stored = (row.settings && typeof row.settings === 'object' ? row.settings : {}) as Record<
    string,
    unknown
  >;
  const settings: Partial<SignInProviderSettings> = {};
  for (const name of SETTING_NAMES) {
    const value = stored[name];
    if (typeof value === 'string' && value) settings[name] = value;
  }
  return {
    ...settings,
    slot: row.slot as SignInSlot,
    enabled: row.enabled,
    label: row.label,
    accountPolicy: policyOf(row.accountPolicy),
    ...(row.clientSecret ? { clientSecret: row.clientSecret } : {}),
    source: 'settings',
  };
}

/** What a slot needs before it can be offered. */
function isComplete(provider: SignInProvider): boolean {
  switch (SLOT_PROTOCOL[provider.slot]) {
    case 'oidc':
      return Boolean(provider.issuer && provider.clientId);
    case 'saml':
      return Boolean(provider.entryPoint && provider.idpCertificate && provider.entityId);
    case 'kerberos':
      return Boolean(provider.servicePrincipal);
  }
}

/** The configured and enabled provider of a slot, or SignInProviderNotConfigured. */
export async function providerOf(ctx: Context, slot: SignInSlot): Promise<SignInProvider> {
  const env = fromEnvironment(ctx, slot);
  const row = env ? null : await ctx.db.prisma.signInProvider.findUnique({ where: { slot } });
  const provider = env ?? (row ? fromRow(row) : null);
  if (!provider?.enabled || !isComplete(provider)) {
    throw new AppError('SignInProviderNotConfigured');
  }
  return provider;
}

/** The buttons of the sign-in screen: every enabled, complete provider. */
export async function signInButtons(ctx: Context): Promise<SignInProviderButton[]> {
  const rows = await ctx.db.prisma.signInProvider.findMany();
  const buttons: SignInProviderButton[] = [];
  for (const slot of SIGN_IN_SLOTS) {
    const row = rows.find((r) => r.slot === slot);
    const provider = fromEnvironment(ctx, slot) ?? (row ? fromRow(row) : null);
    if (provider?.enabled && isComplete(provider)) buttons.push({ slot, label: provider.label });
  }
  return buttons;
}

async function assertDeploymentAdmin(ctx: AuthedContext): Promise<void> {
  const user =
    ctx.session.user ?? (await ctx.db.prisma.user.findUnique({ where: { id: ctx.session.userId } }));
  if (user?.loginKey !== DEPLOYMENT_ADMIN_LOGIN) throw new AppError('Forbidden');
}

/** Every slot as the admin screen shows it; secrets are never sent, only whether one is stored. */
export async function providerSettings(ctx: AuthedContext): Promise<SignInProviderView[]> {
  await assertDeploymentAdmin(ctx);
  const rows = await ctx.db.prisma.signInProvider.findMany();
  return SIGN_IN_SLOTS.map((slot) => {
    const row = rows.find((r) => r.slot === slot);
    const env = fromEnvironment(ctx, slot);
    const provider = env ?? (row ? fromRow(row) : null);
    const { clientSecret, source, ...settings } = provider ?? {
      slot,
      enabled: false,
      label: DEFAULT_LABEL[slot],
      accountPolicy: 'link' as const,
      source: 'none' as const,
      clientSecret: undefined,
    };
    return {
      ...settings,
      slot,
      protocol: SLOT_PROTOCOL[slot],
      source,
      hasClientSecret: Boolean(clientSecret),
      revision: row?.revision ?? 0,
    };
  });
}

/**
 * Saves a slot's settings (revision 0 creates the row). A slot the environment sets cannot be edited
 * here: the environment would win at once, so the edit is refused rather than silently ignored.
 */
export async function saveProvider(
  ctx: AuthedContext,
  input: SignInProviderSettings & { slot: SignInSlot; revision: number },
): Promise<SignInProviderView> {
  await assertDeploymentAdmin(ctx);
  if (ctx.config.signInEnvironment[input.slot]) throw new AppError('Conflict');
  const settings = Object.fromEntries(
    SETTING_NAMES.filter((name) => input[name]).map((name) => [name, input[name]]),
  );
  const data = {
    enabled: input.enabled,
    label: input.label || DEFAULT_LABEL[input.slot],
    accountPolicy: input.accountPolicy,
    settings,
    ...(input.clientSecret ? { clientSecret: input.clientSecret } : {}),
  };
  await ctx.db.prisma.$transaction(async (tx) => {
    if (input.revision === 0) {
      const existing = await tx.signInProvider.findUnique({ where: { slot: input.slot } });
      if (existing) throw new AppError('Conflict');
      await tx.signInProvider.create({ data: { slot: input.slot, ...data } });
      return;
    }
    const updated = await tx.signInProvider.updateMany({
      where: { slot: input.slot, revision: input.revision },
      data: { ...data, revision: { increment: 1 } },
    });
    if (updated.count === 0) throw new AppError('Conflict');
  });
  await audit(ctx, {
    action: 'auth.sign_in_provider_saved',
    userId: ctx.session.userId,
    details: { slot: input.slot, enabled: input.enabled },
  });
  const views = await providerSettings(ctx);
  return views.find((v) => v.slot === input.slot)!;
}
