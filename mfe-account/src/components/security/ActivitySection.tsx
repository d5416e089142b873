// 'Recent activity' (issue 32): your account's security events, newest first, 20 a page (Show more): sign-ins and
// failed attempts, second factors, password and e-mail changes, sessions ended... in words, with when, the device
// and the address.
import { PAGE_SIZE, type SecurityEventType } from '@skynet/contract';
import { formatMonthDayTime, type SecurityEventEntry, securityApi } from '@skynet/kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Failed, Section } from '../safety/Section';
import styles from './styles';

export const EVENT_TEXT: Record<SecurityEventType, string> = {
  signin: 'Signed in',
  'signin-failed': 'Failed sign-in attempt',
  'second-factor-failed': 'Wrong second-step code',
  signup: 'Account created',
  'email-verified': 'E-mail address confirmed',
  'password-changed': 'Password changed',
  'password-reset-requested': 'Password reset asked for',
  'password-reset': 'Password reset',
  'email-change-requested': 'E-mail change asked for',
  'email-changed': 'E-mail address changed',
  'email-change-undone': 'E-mail change undone',
  'totp-enabled': 'Authenticator app turned on',
  'totp-disabled': 'Authenticator app turned off',
  'recovery-codes-renewed': 'New recovery codes made',
  'recovery-code-used': 'Recovery code used',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'session-ended': 'A session was signed out',
  'sessions-ended': 'Signed out everywhere',
  signout: 'Signed out',
  'account-deleted': 'Account deletion asked for',
  'admin-action': 'Action by a moderator',
};

export const NO_ACTIVITY_TEXT = 'Nothing to show yet.';

type State = {
  status: 'loading' | 'ready' | 'failed';
  events: SecurityEventEntry[];
  page: number;
  done: boolean;
};

export function ActivitySection() {
  const [state, setState] = useState<State>({ status: 'loading', events: [], page: -1, done: false });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const fetchPage = useCallback((page: number) => {
    setState((s) => ({ ...s, status: 'loading' }));
    securityApi.activity(page).then(
      (events) =>
        live.current &&
        setState((s) => {
          const before = page === 0 ? [] : s.events;
          const fresh = events.filter((e) => !before.some((b) => b._id === e._id));
          return { status: 'ready', page, done: events.length < PAGE_SIZE, events: [...before, ...fresh] };
        }),
      () => live.current && setState((s) => ({ ...s, status: 'failed' })),
    );
  }, []);
  useEffect(() => fetchPage(0), [fetchPage]);

  const { status, events, page, done } = state;
  return (
    <Section title="Recent activity">
      <p className={styles.intro}>
        Sign-ins and changes to your account’s security, newest first. Each is kept for 180 days.
      </p>
      {events.length > 0 && (
        <ol className={styles.rows} aria-label="Your recent activity">
          {events.map((event) => (
            <li key={event._id} className={styles.row}>
              <span className={styles.main}>
                <span className={styles.strong}>
                  {EVENT_TEXT[event.type] ?? event.type}
                  {event.detail ? <span className={styles.detail}> · {event.detail}</span> : null}
                </span>
                <span className={styles.meta}>
                  <time dateTime={event.at}>{formatMonthDayTime(event.at)}</time>
                  {[event.device, event.ip]
                    .filter(Boolean)
                    .map((part) => ` · ${part}`)
                    .join('')}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {status === 'ready' && events.length === 0 && <p className={styles.empty}>{NO_ACTIVITY_TEXT}</p>}
      {status === 'loading' && <p className={styles.empty}>Loading…</p>}
      {status === 'failed' && (
        <Failed text="Your recent activity could not be loaded." onRetry={() => fetchPage(page + 1)} />
      )}
      {status === 'ready' && !done && events.length > 0 && (
        <div className={styles.more}>
          <button type="button" className={styles.button} onClick={() => fetchPage(page + 1)}>
            Show more
          </button>
        </div>
      )}
    </Section>
  );
}
