// What turning a second factor off, renewing recovery codes and removing a passkey ask for: the password (accounts
// that have one) and a current code from the authenticator app, or a recovery code.
import { failureText, PasswordField, SubmitButton, TextField, useSingleFlight } from '@skynet/kit';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import styles from './styles';

export interface ConfirmFormProps {
  /** The form's name and its submit button's text, e.g. 'Turn off'. */
  title: string;
  submitLabel: string;
  /** The submit button in the danger colour (turning a protection off). */
  danger?: boolean;
  hasPassword: boolean;
  /** Whether an authenticator app is on (else only a recovery code can answer). */
  totp: boolean;
  submit: (password: string, code: string) => Promise<void>;
  onCancel: () => void;
}

export function ConfirmForm({
  title,
  submitLabel,
  danger = false,
  hasPassword,
  totp,
  submit,
  onCancel,
}: ConfirmFormProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError(null);
      try {
        await submit(password, code);
      } catch (failure) {
        setError(failureText(failure));
      }
    });
  };

  return (
    <form ref={form} className={styles.panel} onSubmit={send} aria-label={title}>
      {hasPassword && (
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
      )}
      <TextField
        label={totp ? 'Code from your authenticator app, or a recovery code' : 'A recovery code'}
        name="code"
        autoComplete="one-time-code"
        spellCheck={false}
        required
        value={code}
        onChange={setCode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <SubmitButton type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </SubmitButton>
        <SubmitButton busy={busy} variant={danger ? 'danger' : 'primary'}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
