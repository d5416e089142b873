// Settings' security sections (issue 32): sign-in security (confirmed e-mail, authenticator app, recovery codes),
// passkeys and recent activity. What protects the account is read once (GET /user/security) and again after a change.
import { type AccountSecurityInfo, securityApi } from '@skynet/kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Failed, Section } from '../safety/Section';
import { ActivitySection } from './ActivitySection';
import { PasskeysSection } from './PasskeysSection';
import { SignInSection } from './SignInSection';
import styles from './styles';

type Overview =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; security: AccountSecurityInfo };

export function SecuritySettings() {
  const [overview, setOverview] = useState<Overview>({ status: 'loading' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const load = useCallback((quiet = false) => {
    if (!quiet) setOverview({ status: 'loading' });
    securityApi.overview().then(
      (security) => live.current && setOverview({ status: 'ready', security }),
      () => live.current && !quiet && setOverview({ status: 'failed' }),
    );
  }, []);
  useEffect(() => load(), [load]);
  const refresh = useCallback(() => load(true), [load]);

  return (
    <>
      {overview.status === 'ready' ? (
        <>
          <SignInSection security={overview.security} onChanged={refresh} />
          <PasskeysSection security={overview.security} onChanged={refresh} />
        </>
      ) : (
        <Section title="Sign-in security">
          {overview.status === 'loading' ? (
            <p className={styles.empty}>Loading…</p>
          ) : (
            <Failed text="Your sign-in security could not be loaded." onRetry={() => load()} />
          )}
        </Section>
      )}
      <ActivitySection />
    </>
  );
}
