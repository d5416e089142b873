import {
  authApi,
  failureText,
  PasswordField,
  passwordErrorOf,
  paths,
  SubmitButton,
  useSingleFlight,
} from '@skynet/kit';
import { notify } from '@skynet/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import styles from './auth.module.css';

export const PASSWORD_RESET = 'Your password has been reset!';

/** /resetpassword/:token, reached from the reset e-mail. Whether the two passwords match is the server's call. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  // The server's reason a password is refused (too weak): under the field, until it is edited.
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const [busy, run] = useSingleFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await authApi.resetPassword(token, password, confirmation);
      } catch (error) {
        const weak = passwordErrorOf(error);
        if (weak) setPasswordError(weak);
        else notify.error(failureText(error));
        return;
      }
      notify.success(PASSWORD_RESET);
      navigate(paths.login(), { replace: true });
    });
  };

  return (
    <AuthLayout
      title="Choose a new password"
      documentTitle="Reset password"
      footer={
        <Link to={paths.login()} className={styles.footerLink}>
          Back to log in
        </Link>
      }
    >
      <form className={styles.form} onSubmit={submit} aria-label="Reset password">
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          error={passwordError}
          toggleName="new password"
        />
        <PasswordField
          label="Confirm new password"
          name="confirmpassword"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={setConfirmation}
          toggleName="password confirmation"
        />
        <SubmitButton busy={busy} className={styles.wide}>
          RESET PASSWORD
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
