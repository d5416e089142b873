// Settings' security sections (issue 32): sign-in security (confirmed e-mail, authenticator app, recovery codes),
// passkeys and recent activity. What protects the account is read once (GET /user/security) and again after a change.
import { type AccountSecurityInfo, securityApi } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Failed, Section } from '../safety/Section';
import { ActivitySection } from './ActivitySection';
import { PasskeysSection } from './PasskeysSection';
import { SignInSection } from './SignInSection';

/**
 * The loading sections' shape: whether the address is confirmed, as the session says, and otherwise what most
 * accounts have (no app, no passkey).
 */
const loadingShape = (emailVerified: boolean): AccountSecurityInfo => ({
  emailVerified,
  hasPassword: true,
  totp: false,
  passkeys: [],
  recoveryCodesLeft: 0,
});

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

  // While loading, the sections stand in the shape the account most likely has (loadingShape), their controls
  // disabled: nothing below them moves when the answer comes (Recent activity was pushed off a phone's screen).
  const emailVerified = useSession().user?.emailVerified ?? true;
  const shown =
    overview.status === 'ready'
      ? overview.security
      : overview.status === 'loading'
        ? loadingShape(emailVerified)
        : null;
  const pending = overview.status === 'loading';
  return (
    <>
      {shown ? (
        <>
          <SignInSection security={shown} onChanged={refresh} pending={pending} />
          <PasskeysSection security={shown} onChanged={refresh} pending={pending} />
        </>
      ) : (
        <Section title="Sign-in security">
          <Failed text="Your sign-in security could not be loaded." onRetry={() => load()} />
        </Section>
      )}
      <ActivitySection />
    </>
  );
}
