// The sign-in's second step (issue 32): POST /user/login answered 401 with a challenge, so the account has a second
// factor. Loaded only then (LoginPage's lazy import, in the mailed links' chunk: routes.ts), so no cold load of the
// shell fetches it. The passkey library (2 KB gzip) rides along: a chunk of its own would add its name to the
// runtime every cold load carries, and /feed's byte budget has no room for it.
import { startAuthentication } from '@simplewebauthn/browser';
import {
  failureText,
  type SecondFactorChallenge,
  SubmitButton,
  secondFactorApi,
  TextField,
  useSingleFlight,
  type WebAuthnJson,
} from '@skynet/kit';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AuthLayout } from './AuthLayout';
import styles from './auth.module.css';

export const SECOND_STEP_TITLE = 'Confirm it is you';
export const CODE_REFUSED = 'That code did not work. Check it and try again.';
export const PASSKEY_FAILED = 'The passkey could not sign you in. Try again or use another way.';

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  /** The token the second step answers: the page signs in with it. */
  onToken: (token: string) => Promise<void>;
  /** Back to e-mail and password. */
  onCancel: () => void;
}

export default function SecondFactorStep({ challenge, onToken, onCancel }: SecondFactorStepProps) {
  const { methods } = challenge;
  const passkey = methods.includes('passkey') && challenge.passkeyOptions !== undefined;
  const totp = methods.includes('totp');
  const recovery = methods.includes('recovery');
  const [useRecovery, setUseRecovery] = useState(!totp && recovery);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  const errorId = useId();
  const codeForm = totp || recovery;
  // The password form's button that had focus is gone: focus moves to the step's first control.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector<HTMLElement>('input, button')?.focus(), []);

  const finish = async (answer: () => Promise<string>, fallback: string) => {
    setError(null);
    let token: string;
    try {
      token = await answer();
    } catch (failure) {
      setError(failureText(failure, fallback));
      return;
    }
    await onToken(token);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => finish(() => secondFactorApi.withCode(challenge.challenge, code), CODE_REFUSED));
  };

  const usePasskey = () =>
    void run(() =>
      finish(async () => {
        let response: unknown;
        try {
          response = await startAuthentication({
            optionsJSON: challenge.passkeyOptions as Parameters<typeof startAuthentication>[0]['optionsJSON'],
          });
        } catch {
          // The browser's reasons (cancelled, timed out, no passkey here) are not for people: say it in ours.
          throw new Error(PASSKEY_FAILED);
        }
        return secondFactorApi.withPasskey(challenge.challenge, response as unknown as WebAuthnJson);
      }, PASSKEY_FAILED),
    );

  const passkeyButton = passkey && (
    <SubmitButton
      type="button"
      busy={busy}
      variant={challenge.secondFactor === 'passkey' ? 'primary' : 'secondary'}
      className={styles.wide}
      onClick={usePasskey}
    >
      Use a passkey
    </SubmitButton>
  );

  return (
    <AuthLayout
      title={SECOND_STEP_TITLE}
      subtitle={
        challenge.secondFactor === 'passkey'
          ? 'Sign in with your passkey to finish logging in.'
          : 'Enter the 6-digit code from your authenticator app to finish logging in.'
      }
      documentTitle="Log in"
    >
      <div ref={box} className={styles.form}>
        {challenge.secondFactor === 'passkey' && passkeyButton}
        {codeForm && (
          <form className={styles.form} onSubmit={submit} aria-label="Second step">
            <TextField
              label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
              name="code"
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              spellCheck={false}
              required
              value={code}
              onChange={setCode}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className={styles.fieldError} role="alert">
                {error}
              </p>
            )}
            <SubmitButton busy={busy} className={styles.wide}>
              Verify
            </SubmitButton>
            {totp && recovery && (
              <button
                type="button"
                className={styles.textButton}
                onClick={() => {
                  setUseRecovery((on) => !on);
                  setCode('');
                  setError(null);
                }}
              >
                {useRecovery ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
              </button>
            )}
          </form>
        )}
        {!codeForm && error && (
          <p className={styles.fieldError} role="alert">
            {error}
          </p>
        )}
        {challenge.secondFactor !== 'passkey' && passkeyButton}
        <button type="button" className={styles.textButton} onClick={onCancel}>
          Back to e-mail and password
        </button>
      </div>
    </AuthLayout>
  );
}
