import { Redirect, useSearch } from 'wouter';

/**
 * Redirect page of a password reset link: with a `token` it opens the last step of the restore form,
 * otherwise the sign-in page.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  return token ? (
    <Redirect to={`~/auth/restore?token=${encodeURIComponent(token)}`} replace />
  ) : (
    <Redirect to="~/auth/login" replace />
  );
}
