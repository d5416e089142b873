// 'Sign-in security' (issue 32): whether the e-mail address is confirmed (with Send the link again), the
// authenticator app (set up with a QR code or its key, turned on with a code from it, turned off with the password and
// a code) and the recovery codes (how many are left; new ones with the password and a code).
import { type AccountSecurityInfo, failureText, SubmitButton, securityApi, TextField } from '@skynet/kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Section } from '../safety/Section';
import { ConfirmForm } from './ConfirmForm';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';
import styles from './styles';

export const LOADING = 'Loading…';
export const EMAIL_NOT_CONFIRMED = 'Your e-mail address is not confirmed yet.';
export const RESEND_LINK = 'Send the link again';
export const LINK_SENT = 'We sent a new link to your e-mail address.';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: string; otpauthUrl: string }
  | { kind: 'disable' }
  | { kind: 'renew' }
  | { kind: 'codes'; codes: string[] };

/** The key as people type it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function SignInSection({
  security,
  onChanged,
  pending = false,
}: {
  security: AccountSecurityInfo;
  /** Read the account's protections again (after a change here). */
  onChanged: () => void;
  /** Still loading: `security` is only the shape to stand in; its states read Loading… and nothing can be pressed. */
  pending?: boolean;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [starting, setStarting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const resend = () => {
    if (sending) return;
    setSending(true);
    setError(null);
    securityApi
      .resendVerification()
      .then((message) => live.current && setSaid(message === 'Done.' ? LINK_SENT : message))
      .catch(
        (failure: unknown) => live.current && setError(failureText(failure, 'The link could not be sent.')),
      )
      .finally(() => live.current && setSending(false));
  };

  const startSetup = () => {
    if (starting) return;
    setStarting(true);
    setError(null);
    securityApi
      .setupTotp()
      .then((setup) => live.current && setStep({ kind: 'setup', ...setup }))
      .catch(
        (failure: unknown) =>
          live.current && setError(failureText(failure, 'The authenticator app could not be set up.')),
      )
      .finally(() => live.current && setStarting(false));
  };

  const close = (text = '') => {
    setStep({ kind: 'idle' });
    setSaid(text);
    heading.current?.focus();
  };

  const { totp, hasPassword, recoveryCodesLeft, emailVerified, passkeys } = security;
  const hasSecondFactor = totp || passkeys.length > 0;

  return (
    <Section title="Sign-in security" headingRef={heading} busy={pending}>
      {!emailVerified && (
        <div className={`${styles.row} ${styles.sep} ${styles.wrap}`}>
          <span className={styles.main}>
            <span className={styles.strong}>{EMAIL_NOT_CONFIRMED}</span>
            <span className={styles.meta}>Open the link we e-mailed you to confirm it.</span>
          </span>
          <button
            type="button"
            className={styles.button}
            onClick={resend}
            disabled={sending || pending}
            aria-busy={sending}
          >
            {RESEND_LINK}
          </button>
        </div>
      )}
      <div className={`${styles.row} ${styles.sep} ${styles.wrap}`}>
        <span className={styles.main}>
          <span className={styles.strong}>Authenticator app</span>
          <span className={styles.meta}>
            {pending ? LOADING : totp ? 'On: signing in asks for a code from the app' : 'Off'}
          </span>
        </span>
        {step.kind === 'idle' &&
          (totp ? (
            <button type="button" className={styles.button} onClick={() => setStep({ kind: 'disable' })}>
              Turn off
            </button>
          ) : (
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              onClick={startSetup}
              disabled={starting || pending}
              aria-busy={starting}
            >
              Set up
            </button>
          ))}
      </div>
      {hasSecondFactor && (
        <div className={`${styles.row} ${styles.sep} ${styles.wrap}`}>
          <span className={styles.main}>
            <span className={styles.strong}>Recovery codes</span>
            <span className={styles.meta}>
              {recoveryCodesLeft === 1 ? '1 code left' : `${recoveryCodesLeft} codes left`}
            </span>
          </span>
          {step.kind === 'idle' && (
            <button type="button" className={styles.button} onClick={() => setStep({ kind: 'renew' })}>
              New codes
            </button>
          )}
        </div>
      )}
      {step.kind === 'setup' && (
        <TotpSetup
          secret={step.secret}
          otpauthUrl={step.otpauthUrl}
          onEnabled={(codes) => {
            setStep({ kind: 'codes', codes });
            setSaid('The authenticator app is on.');
            onChanged();
          }}
          onCancel={() => close()}
        />
      )}
      {step.kind === 'disable' && (
        <ConfirmForm
          title="Turn off the authenticator app"
          submitLabel="Turn off"
          danger
          hasPassword={hasPassword}
          totp
          submit={async (password, code) => {
            const message = await securityApi.disableTotp(password, code);
            close(message === 'Done.' ? 'The authenticator app is off.' : message);
            onChanged();
          }}
          onCancel={() => close()}
        />
      )}
      {step.kind === 'renew' && (
        <ConfirmForm
          title="New recovery codes"
          submitLabel="Make new codes"
          hasPassword={hasPassword}
          totp={totp}
          submit={async (password, code) => {
            const codes = await securityApi.renewRecoveryCodes(password, code);
            setStep({ kind: 'codes', codes });
            setSaid('You have new recovery codes; the old ones no longer work.');
            onChanged();
          }}
          onCancel={() => close()}
        />
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => close()} />}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={said ? styles.said : styles.silent} role="status">
        {said}
      </p>
    </Section>
  );
}

function TotpSetup({
  secret,
  otpauthUrl,
  onEnabled,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  const enable = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    securityApi.enableTotp(code).then(onEnabled, (failure: unknown) => {
      setError(failureText(failure, 'That code did not work. Check it and try again.'));
      setBusy(false);
    });
  };

  return (
    <form className={styles.panel} onSubmit={enable} aria-label="Set up the authenticator app">
      <h3 className={styles.panelTitle} ref={title} tabIndex={-1}>
        Set up the authenticator app
      </h3>
      <p className={styles.text}>
        Scan this code with your authenticator app, or type the key below into it. Then enter the 6-digit code
        the app shows.
      </p>
      <div className={styles.qr}>
        <QrCode text={otpauthUrl} label="QR code to scan with your authenticator app" />
      </div>
      <p className={styles.text}>
        Key: <code className={styles.secret}>{grouped(secret)}</code>
      </p>
      <TextField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        required
        value={code}
        onChange={setCode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'totp-setup-error' : undefined}
      />
      {error && (
        <p id="totp-setup-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <SubmitButton type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </SubmitButton>
        <SubmitButton busy={busy}>Turn on</SubmitButton>
      </div>
    </form>
  );
}
