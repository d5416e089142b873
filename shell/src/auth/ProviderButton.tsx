// Sign in (or up) with the identity provider: ask our API for the provider's address and go there.
// The round trip ends at /login?code=..., which LoginPage exchanges for a token. When the server has no
// provider configured it answers an error ('Sign-in with an identity provider is not configured.'): shown as is.
import { authApi, failureText, SubmitButton, useSingleFlight } from '@skynet/kit';
import { notify } from '@skynet/shared';
import styles from './auth.module.css';
import { leavePage } from './leavePage';

export const PROVIDER_UNAVAILABLE = 'Sign-in with an identity provider is not available right now.';

export function ProviderButton({ children }: { children: string }) {
  const [busy, run] = useSingleFlight();
  const start = () => {
    void run(async () => {
      try {
        const url = await authApi.identityProviderUrl();
        leavePage(url);
        // Stay busy while the browser leaves the page.
        await new Promise((resolve) => setTimeout(resolve, 10_000));
      } catch (error) {
        notify.error(failureText(error, PROVIDER_UNAVAILABLE));
      }
    });
  };
  return (
    <SubmitButton type="button" variant="secondary" busy={busy} className={styles.wide} onClick={start}>
      {!busy && <ProviderIcon />}
      {children}
    </SubmitButton>
  );
}

function ProviderIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3A7.2 7.2 0 0 1 5.4 14.3h-4v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8Z"
      />
    </svg>
  );
}
