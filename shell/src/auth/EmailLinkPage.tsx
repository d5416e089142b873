// /confirmemail/:token and /undoemail/:token, reached from the e-mails an e-mail change sends: the new address
// confirms it (the account then uses it), the old address can undo it (and every device is signed out). Nothing
// happens on load (mail scanners open links too): the person presses the button.
import { authApi, failureText, paths, SubmitButton, useSingleFlight } from '@skynet/kit';
import { session } from '@skynet/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import styles from './auth.module.css';

const TEXTS = {
  confirm: {
    title: 'Confirm your new e-mail',
    subtitle: 'Your Skynet account will sign in with this address from now on.',
    button: 'Confirm e-mail',
  },
  undo: {
    title: 'Undo the e-mail change',
    subtitle:
      'Your account keeps (or gets back) this address, and every browser signed in to it is signed out. Use it if you did not ask for the change.',
    button: 'Undo the change',
  },
} as const;

export function EmailLinkPage({ action }: { action: 'confirm' | 'undo' }) {
  const { token = '' } = useParams();
  const [busy, run] = useSingleFlight();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const texts = TEXTS[action];

  const send = () =>
    void run(async () => {
      try {
        const message =
          action === 'confirm' ? await authApi.confirmEmail(token) : await authApi.undoEmail(token);
        setOutcome({ ok: true, text: message });
        // Undo signed every device out, this one too.
        if (action === 'undo' && session.get().token) session.signOut();
        else if (session.get().status === 'signed-in') void session.refreshUser();
      } catch (error) {
        setOutcome({ ok: false, text: failureText(error) });
      }
    });

  return (
    <AuthLayout
      title={texts.title}
      subtitle={texts.subtitle}
      documentTitle={texts.title}
      footer={
        <Link to={paths.login()} className={styles.footerLink}>
          Back to log in
        </Link>
      }
    >
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>
      ) : (
        <SubmitButton type="button" busy={busy} className={styles.wide} onClick={send}>
          {texts.button}
        </SubmitButton>
      )}
    </AuthLayout>
  );
}

export function ConfirmEmailPage() {
  return <EmailLinkPage action="confirm" />;
}

export function UndoEmailPage() {
  return <EmailLinkPage action="undo" />;
}
