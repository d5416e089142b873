// "Your Sessions": every browser signed in to this account (device, when it signed in, when it was last used, which
// one is this), each with Sign out, and Sign out everywhere. Signing this device out (or everywhere) ends here too.
import {
  accountApi,
  Dialog,
  failureText,
  formatMonthDayTime,
  Loader,
  type SessionInfo,
  SubmitButton,
  useSingleFlight,
} from '@skynet/kit';
import { notify } from '@skynet/shared';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOutToLogin } from '../hooks/useLogout';
import styles from './SessionsDialog.module.css';

export const SESSIONS_FAILED = 'Your sessions could not be loaded. Please try again.';
export const EVERYWHERE_QUESTION =
  'Every browser signed in to your account, this one included, will be signed out. Continue?';

/** A readable name for a user agent: browser and system ("Chrome on Linux"), else the text itself. */
export function deviceName(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  return ua.trim() ? ua.slice(0, 60) : 'Unknown device';
}

type State = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; sessions: SessionInfo[] };

export function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Your Sessions" onClose={onClose}>
      <SessionsContent onClose={onClose} />
    </Dialog>
  );
}

function SessionsContent({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [list, setList] = useState<State>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useSingleFlight();

  const load = useCallback(async () => {
    try {
      setList({ state: 'ready', sessions: await accountApi.sessions() });
    } catch {
      setList({ state: 'failed' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const signOut = (session: SessionInfo) =>
    void run(async () => {
      setError(null);
      if (session.current) {
        // This browser: the same as Logout.
        signOutToLogin(navigate);
        return;
      }
      try {
        notify.success(await accountApi.signOutSession(session._id));
      } catch (failure) {
        setError(failureText(failure));
      }
      await load();
    });

  const everywhere = () =>
    void run(async () => {
      setError(null);
      let message: string;
      try {
        message = await accountApi.signOutEverywhere();
      } catch (failure) {
        setError(failureText(failure));
        setConfirming(false);
        return;
      }
      notify.success(message);
      signOutToLogin(navigate);
    });

  if (list.state === 'loading') return <Loader label="Loading your sessions" />;
  if (list.state === 'failed')
    return (
      <>
        <p role="alert" className={styles.error}>
          {SESSIONS_FAILED}
        </p>
        <SubmitButton type="button" variant="secondary" onClick={onClose} data-autofocus>
          Close
        </SubmitButton>
      </>
    );
  return (
    <>
      <ul className={styles.list} aria-label="Signed-in browsers">
        {list.sessions.map((session) => (
          <li key={session._id} className={styles.item}>
            <div className={styles.details}>
              <span className={styles.device} title={session.userAgent}>
                {deviceName(session.userAgent)}
                {session.current && <span className={styles.badge}>This device</span>}
              </span>
              <span className={styles.times}>
                Signed in {formatMonthDayTime(session.createdAt)} · Last used{' '}
                {formatMonthDayTime(session.lastUsedAt)}
              </span>
            </div>
            <SubmitButton
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => signOut(session)}
              aria-label={`Sign out ${deviceName(session.userAgent)}${session.current ? ' (this device)' : ''}`}
            >
              Sign out
            </SubmitButton>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {confirming ? (
        <fieldset className={styles.confirm} aria-label="Sign out everywhere?">
          <p>{EVERYWHERE_QUESTION}</p>
          <div className={styles.buttons}>
            <SubmitButton
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </SubmitButton>
            <SubmitButton type="button" variant="danger" busy={busy} onClick={everywhere} data-autofocus>
              Sign out everywhere
            </SubmitButton>
          </div>
        </fieldset>
      ) : (
        <div className={styles.buttons}>
          <SubmitButton type="button" variant="secondary" onClick={onClose} data-autofocus>
            Close
          </SubmitButton>
          <SubmitButton type="button" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Sign out everywhere
          </SubmitButton>
        </div>
      )}
    </>
  );
}
