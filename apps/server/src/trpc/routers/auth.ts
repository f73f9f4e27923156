import {
  externalSignInQuery,
  finishExternalSignInInput,
  loginInput,
  logoutInput,
  samlCallbackInput,
  saveSignInProviderInput,
} from '@takt/contracts';
import {
  adfsCallback,
  adfsStart,
  finishExternalSignIn,
  kerberosSignIn,
  login,
  logout,
  openIdSignIn,
  providerSettings,
  saveProvider,
  signInButtons,
} from '../../domains/auth';
import { toUserDto } from '../../domains/users';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { token, user } = await login(ctx, input);
    return { token, user: toUserDto(user) };
  }),
  logout: authedProcedure
    .input(logoutInput)
    .mutation(({ ctx, input }) => logout(ctx, input?.everywhere ?? false)),
  /** The directory sign-in buttons of the sign-in page. */
  providers: publicProcedure.query(({ ctx }) => signInButtons(ctx)),
  /**
   * OpenID Connect (`GET auth/openidconnect`, `GET auth/openid`): a browser step answered as a redirect
   * by the REST route; a mutation, because it writes the sign-in under way.
   */
  openId: publicProcedure.input(externalSignInQuery).mutation(({ ctx, input }) => openIdSignIn(ctx, input)),
  /** ADFS (SAML 2.0): `GET auth/adfs` redirects to the identity provider, which posts back to the callback. */
  adfs: publicProcedure.input(externalSignInQuery).mutation(({ ctx, input }) => adfsStart(ctx, input)),
  adfsCallback: publicProcedure
    .input(samlCallbackInput)
    .mutation(({ ctx, input }) => adfsCallback(ctx, input)),
  /** Kerberos (`GET auth/kerberos`): the `Negotiate` challenge, then the ticket the browser answers with. */
  kerberos: publicProcedure
    .input(externalSignInQuery)
    .mutation(({ ctx, input }) => kerberosSignIn(ctx, input)),
  /** The web app exchanges the one-time code a directory sign-in ended with for a session. */
  finishExternal: publicProcedure.input(finishExternalSignInInput).mutation(async ({ ctx, input }) => {
    const { token, user } = await finishExternalSignIn(ctx, input.handoff);
    return { token, user: toUserDto(user) };
  }),
  /** The deployment's sign-in providers (the deployment administrator only). */
  providerSettings: authedProcedure.query(({ ctx }) => providerSettings(ctx)),
  saveProvider: authedProcedure
    .input(saveSignInProviderInput)
    .mutation(({ ctx, input }) => saveProvider(ctx, input)),
});
