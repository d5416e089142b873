// /verifyemail/:token: the link mailed at sign-up (issue 32). Opening it confirms the address: the token is posted
// once on load and the page says how it went. (Unlike an e-mail change's links, nothing is lost if a mail scanner
// opens it first: the address is the one the account already uses, and the mailbox did receive the link.)
import { failureText, paths, verifyEmailApi } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import styles from './auth.module.css';

export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed.';
export const EMAIL_LINK_FAILED = 'This confirmation link is not valid or has expired.';

type Outcome = { ok: boolean; text: string };

export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const signedIn = useSession().status === 'signed-in';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One request a token, whatever React does with the effect (a link works once: a second post would fail).
  const request = useRef<{ token: string; answer: Promise<Outcome> } | null>(null);

  useEffect(() => {
    if (request.current?.token !== token) {
      const answer = verifyEmailApi.verify(token).then(
        (message): Outcome => ({ ok: true, text: message || EMAIL_CONFIRMED }),
        (error: unknown): Outcome => ({ ok: false, text: failureText(error, EMAIL_LINK_FAILED) }),
      );
      request.current = { token, answer };
    }
    let live = true;
    void request.current.answer.then((done) => live && setOutcome(done));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthLayout
      title="Confirm your e-mail"
      documentTitle="Confirm your e-mail"
      footer={
        signedIn ? (
          <Link to={paths.settings()} className={styles.footerLink}>
            Go to Settings
          </Link>
        ) : (
          <Link to={paths.login()} className={styles.footerLink}>
            Back to log in
          </Link>
        )
      }
    >
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>
      ) : (
        <p role="status">Confirming your e-mail address…</p>
      )}
    </AuthLayout>
  );
}
