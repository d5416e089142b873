// A module of its own, not beside failureText: the shell bundles a kit module whole into each lazy chunk that uses
// it, and failureText is in most of them; this is used by the two screens that set a new password.
import { errorText } from '@skynet/shared';

/**
 * The server's reason a new password was refused (sign-up, reset, change: 400 with an `error` that speaks of the
 * password, e.g. one too easy to guess), to show under the password field; null for any other failure.
 */
export function passwordErrorOf(error: unknown): string | null {
  if ((error as { response?: { status?: number } } | null)?.response?.status !== 400) return null;
  const text = errorText(error, '');
  return /password/i.test(text) ? text : null;
}
