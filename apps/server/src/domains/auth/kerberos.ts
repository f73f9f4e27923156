import type { Context } from '../../context';
import { AppError } from '../../errors';
import { accountOf, type BrowserReply, finishInBrowser, publicBaseOf } from './external';
import { providerOf } from './providers';

/**
 * Kerberos through SPNEGO (`GET auth/kerberos`): without `Authorization: Negotiate …` it answers 401
 * with `WWW-Authenticate: Negotiate`, and a browser configured to trust this server (its domain in the
 * browser's allowlist) asks the KDC for a ticket to our service and sends it. The ticket is accepted with
 * the service's key from the keytab (`KRB5_KTNAME`) by the native `kerberos` package (MIT GSS-API).
 */

export interface KerberosRequest {
  requestHost?: string | undefined;
  requestProto?: string | undefined;
  requestAuthorization?: string | undefined;
}

const NEGOTIATE = /^Negotiate\s+([A-Za-z0-9+/=]+)$/;

/** The package is native: loaded when a Kerberos sign-in first happens, so a server without it still starts. */
async function gssapi() {
  try {
    return await import('kerberos');
  } catch {
    throw new AppError('SignInProviderNotConfigured');
  }
}

export async function kerberosSignIn(ctx: Context, request: KerberosRequest): Promise<BrowserReply> {
  const provider = await providerOf(ctx, 'kerberos');
  const base = publicBaseOf(ctx, request);
  const token = NEGOTIATE.exec(request.requestAuthorization ?? '')?.[1];
  if (!token) {
    return {
      status: 401,
      headers: { 'www-authenticate': 'Negotiate', 'content-type': 'text/html; charset=utf-8' },
      // what a browser that does not answer the challenge shows: the way back
      body: `<!doctype html><meta http-equiv="refresh" content="0;url=${base}/auth/external?error=ExternalSignInFailed">`,
    };
  }
  let mutual: string | undefined;
  const reply = await finishInBrowser(ctx, 'kerberos', base, async () => {
    const { initializeServer } = await gssapi();
    const server = await initializeServer(provider.servicePrincipal!);
    await server.step(token).catch((error: unknown) => {
      throw Object.assign(new AppError('ExternalSignInFailed'), {
        message: String((error as Error).message),
      });
    });
    if (server.response) mutual = `Negotiate ${server.response}`;
    const [name, realm] = server.username.split('@');
    if (!name || (provider.realm && realm?.toUpperCase() !== provider.realm.toUpperCase())) {
      throw Object.assign(new AppError('ExternalSignInFailed'), { message: `realm ${realm} not accepted` });
    }
    return accountOf(ctx, provider, {
      issuer: realm ?? '',
      subject: server.username,
      login: name,
      // the principal's name in the realm's domain: used for a new account, never to link one
      email: realm ? `${name}@${realm.toLowerCase()}` : undefined,
      emailVerified: false,
    });
  });
  if (mutual) reply.headers['www-authenticate'] = mutual;
  return reply;
}
