// DELETE ACCOUNT, spec point 4: confirm; type the exact phrase (and the current password: re-authentication); last
// chance (30 days, contact support). Success drops the token and shows /login; a failed delete closes the last
// chance and reopens the phrase.
import { DELETE_ACCOUNT_PHRASE } from '@skynet/contract';
import {
  accountApi,
  Dialog,
  failureText,
  PasswordField,
  paths,
  SubmitButton,
  TextField,
  useSingleFlight,
} from '@skynet/kit';
import { notify, useSession } from '@skynet/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signOutToLogin } from '../hooks/useLogout';
import styles from './DangerZone.module.css';

export const PHRASE_MISMATCH = 'The phrase given does not match.';
export const PASSWORD_REQUIRED = 'Enter your current password to confirm it is you.';
export const PROVIDER_ACCOUNT_NOTE =
  'You sign in with an identity provider: deleting needs a sign-in there within the last 10 minutes. If it has been longer, log out and sign in again first.';

type Step = 'idle' | 'confirm' | 'phrase' | 'last-chance';

export function DeleteAccountFlow() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const trigger = useRef<HTMLButtonElement>(null);
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  // An account with an e-mail signs in with a password and confirms with it; one from the identity provider cannot.
  const { user } = useSession();
  const hasPassword = Boolean(user?.email);

  const close = () => {
    setStep('idle');
    setPhrase('');
    setPassword('');
    setError(null);
  };

  const checkPhrase = (event: FormEvent) => {
    event.preventDefault();
    if (phrase !== DELETE_ACCOUNT_PHRASE) {
      setError(PHRASE_MISMATCH);
      return;
    }
    // Checked after the phrase (not by the browser), so a wrong phrase is still the first thing said.
    if (hasPassword && !password) {
      setError(PASSWORD_REQUIRED);
      return;
    }
    setError(null);
    setStep('last-chance');
  };

  const remove = () => {
    void run(async () => {
      let message: string;
      try {
        message = hasPassword
          ? await accountApi.deleteAccount(phrase, password)
          : await accountApi.deleteAccount(phrase);
      } catch (failure) {
        setError(failureText(failure));
        setStep('phrase');
        return;
      }
      notify.success(message);
      signOutToLogin(navigate);
    });
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`${styles.action} ${styles.deleteAction}`}
        onClick={() => setStep('confirm')}
        aria-haspopup="dialog"
      >
        DELETE ACCOUNT
      </button>
      <Dialog
        returnFocusTo={trigger}
        open={step === 'confirm'}
        title="Delete your account?"
        tone="danger"
        onClose={close}
        description="Your profile, posts and messages will be removed. You will be asked to confirm twice."
      >
        <div className={styles.buttons}>
          <SubmitButton type="button" variant="secondary" onClick={close} data-autofocus>
            Cancel
          </SubmitButton>
          <SubmitButton type="button" variant="danger" onClick={() => setStep('phrase')}>
            Continue
          </SubmitButton>
        </div>
      </Dialog>
      <Dialog
        returnFocusTo={trigger}
        open={step === 'phrase'}
        title="Type the phrase to continue"
        tone="danger"
        onClose={close}
        description={
          <p>
            To confirm, type <strong className={styles.phrase}>{DELETE_ACCOUNT_PHRASE}</strong> exactly as
            shown.
          </p>
        }
      >
        <form className={styles.form} onSubmit={checkPhrase} aria-label="Confirm deletion phrase">
          <TextField
            label="Confirmation phrase"
            name="confirmationInput"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            data-autofocus
            value={phrase}
            onChange={(value) => {
              setPhrase(value);
              setError(null);
            }}
          />
          {hasPassword ? (
            <PasswordField
              label="Current password"
              name="password"
              autoComplete="current-password"
              toggleName="current password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setError(null);
              }}
            />
          ) : (
            user && <p className={styles.note}>{PROVIDER_ACCOUNT_NOTE}</p>
          )}
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <div className={styles.buttons}>
            <SubmitButton type="button" variant="secondary" onClick={close}>
              Cancel
            </SubmitButton>
            <SubmitButton variant="danger">Continue</SubmitButton>
          </div>
        </form>
      </Dialog>
      <Dialog
        returnFocusTo={trigger}
        open={step === 'last-chance'}
        title="Last chance"
        tone="danger"
        onClose={close}
        dismissible={!busy}
        description={
          <>
            <p>
              Your account will be permanently deleted after <strong>30 days</strong>. Until then you can
              change your mind: contact <Link to={paths.support()}>support</Link> to undo the deletion.
            </p>
            <p>You will be signed out now.</p>
          </>
        }
      >
        <div className={styles.buttons}>
          <SubmitButton type="button" variant="secondary" onClick={close} disabled={busy} data-autofocus>
            Keep my account
          </SubmitButton>
          <SubmitButton type="button" variant="danger" busy={busy} onClick={remove}>
            DELETE ACCOUNT
          </SubmitButton>
        </div>
      </Dialog>
    </>
  );
}
