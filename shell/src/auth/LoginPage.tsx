import {
  authApi,
  failureText,
  Loader,
  PasswordField,
  paths,
  type SecondFactorChallenge,
  SubmitButton,
  secondFactorOf,
  TextField,
  useSingleFlight,
} from '@skynet/kit';
import { notify, session, useSession } from '@skynet/shared';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout, Divider } from './AuthLayout';
import styles from './auth.module.css';
import { ProviderButton } from './ProviderButton';
import { safeReturnPath } from './returnPath';

export const LOGIN_FAILED = 'No account exists with that email and password.';
export const LOGGED_IN = 'Logged in successfully.';
export const PROVIDER_FAILED = 'Sign-in with the identity provider failed. Please try again.';

/**
 * The second step of a sign-in with a second factor (issue 32): fetched only when a sign-in asks for it, in the chunk
 * of the mailed links' pages (routes.ts): a chunk of its own would add its name to the runtime every cold load
 * carries, and /feed's byte budget has no room for it.
 */
const SecondFactorStep = lazy(() => import(/* webpackChunkName: "link" */ './SecondFactorStep'));

export const ALREADY_SIGNED_IN =
  'Signing in with the identity provider ends the session of the account you are signed in to in this browser.';

/**
 * The spec's toast for a refused sign-in; a sign-in that was not judged (too many attempts, the server or the network
 * away) says what happened instead, in the server's words when it sent some: "No account exists" was wrong there.
 */
export function loginFailureText(error: unknown): string {
  const status = (error as { response?: { status?: number } }).response?.status;
  const judged = status !== undefined && status < 500 && status !== 429;
  return judged ? LOGIN_FAILED : failureText(error, LOGIN_FAILED);
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, run] = useSingleFlight();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const current = useSession();
  // A code never replaces a signed-in session silently: the person chooses (see the question below).
  const [switchAccepted, setSwitchAccepted] = useState(false);
  const mustAsk = Boolean(code) && current.status === 'signed-in' && !switchAccepted;

  // The identity provider's round trip ends here with ?code=...: exchange it once (codes are single-use).
  const exchanged = useRef<string | null>(null);
  useEffect(() => {
    if (!code || exchanged.current === code || mustAsk) return;
    exchanged.current = code;
    void run(async () => {
      try {
        const token = await authApi.exchangeCode(code);
        await session.signIn(token);
        notify.success(LOGGED_IN);
        navigate(paths.home(), { replace: true });
      } catch (error) {
        // The provider vouched for the person; their account's second factor still has to be given (issue 32).
        const asked = secondFactorOf(error);
        if (asked) setChallenge(asked);
        else notify.error(failureText(error, PROVIDER_FAILED));
        setParams({}, { replace: true });
      }
    });
  }, [code, run, navigate, setParams, mustAsk]);

  // A failed provider round trip comes back as /login?error=...: say so (in our words, not the URL's).
  const providerError = params.get('error');
  useEffect(() => {
    if (!providerError || code) return;
    notify.error(PROVIDER_FAILED, { toastId: 'provider-failed' });
    setParams({}, { replace: true });
  }, [providerError, code, setParams]);

  const finishSignIn = useCallback(
    async (token: string) => {
      await session.signIn(token);
      notify.success(LOGGED_IN);
      navigate(safeReturnPath(params.get('returnTo')) ?? paths.home(), { replace: true });
    },
    [navigate, params],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      let token: string;
      try {
        token = await authApi.login(email, password);
      } catch (error) {
        // The password was right and the account has a second factor: ask for it (no token yet).
        const asked = secondFactorOf(error);
        if (asked) {
          setChallenge(asked);
          return;
        }
        notify.error(loginFailureText(error), { autoClose: 5500 });
        return;
      }
      await finishSignIn(token);
    });
  };

  if (challenge) {
    return (
      <Suspense fallback={<Loader label="Loading the second step" />}>
        <SecondFactorStep
          challenge={challenge}
          onToken={finishSignIn}
          onCancel={() => {
            setChallenge(null);
            setPassword('');
          }}
        />
      </Suspense>
    );
  }

  if (code && mustAsk) {
    return (
      <AuthLayout
        title="You are already signed in"
        subtitle={`You are signed in as @${current.user?.userName ?? ''}.`}
        documentTitle="Log in"
      >
        <p>{ALREADY_SIGNED_IN}</p>
        <SubmitButton
          type="button"
          className={styles.wide}
          onClick={() => navigate(paths.home(), { replace: true })}
          data-autofocus
        >
          Stay signed in
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="secondary"
          className={styles.wide}
          onClick={() => {
            void session.signOut();
            setSwitchAccepted(true);
          }}
        >
          Sign out and continue
        </SubmitButton>
      </AuthLayout>
    );
  }

  if (code) {
    return (
      <AuthLayout title="Signing you in" documentTitle="Log in">
        <Loader label="Signing you in" />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to reach every planet of the galaxy."
      documentTitle="Log in"
      footer={
        <Link to={paths.signup()} className={styles.footerLink}>
          Not Registered? Sign up Instead
        </Link>
      }
    >
      <form className={styles.form} onSubmit={submit} aria-label="Log in">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <Link to={paths.forgotPassword()} className={styles.inlineLink}>
          Forgot your password?
        </Link>
        <SubmitButton busy={busy} className={styles.wide}>
          Log in
        </SubmitButton>
      </form>
      <Divider />
      <ProviderButton>Sign in with Google</ProviderButton>
    </AuthLayout>
  );
}
