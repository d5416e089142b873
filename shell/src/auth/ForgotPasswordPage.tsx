import { authApi, paths, SubmitButton, TextField, useSingleFlight } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import styles from './auth.module.css';

export const RESET_FAILED = 'There was an error trying to reset you password, please try again later.';
export const RESET_SENT = 'If an account exists, a password reset email was sent.';

/** /forgetpassword: no page header and (the shell sees to it) no navigation bar. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, run] = useSingleFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await authApi.forgotPassword(email.trim());
      } catch (error) {
        // Only a 500 is told apart (spec point 8); any other answer reads the same, so no one learns
        // whether an account exists.
        if ((error as { response?: { status?: number } }).response?.status === 500) {
          notify.error(RESET_FAILED);
          return;
        }
      }
      notify.info(RESET_SENT);
      setEmail('');
    });
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new password."
      footer={
        <Link to={paths.login()} className={styles.footerLink}>
          Back to log in
        </Link>
      }
    >
      <form className={styles.form} onSubmit={submit} aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <SubmitButton busy={busy} className={styles.wide}>
          Submit
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
