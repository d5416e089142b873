import { PageHeader, paths } from '@skynet/kit';
import { useReplacesPrerendered, useSession } from '@skynet/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SessionsDialog } from '../components/SessionsDialog';
import { ICONS, SettingsSection } from '../components/SettingsMenu';
import { SafetySettings } from '../components/safety';
import { SecuritySettings } from '../components/security';
import { YourInfoDialog } from '../components/YourInfoDialog';
import { useLogout } from '../hooks/useLogout';
import styles from './pages.module.css';

export default function SettingsPage() {
  useReplacesPrerendered(); // the HTML's drawing of this page (../prerender/index.tsx) goes when it renders
  const [infoOpen, setInfoOpen] = useState(false);
  // /settings?open=sessions opens Your Sessions: the link of the mail about a sign-in from a new device (issue 32).
  const [params, setParams] = useSearchParams();
  const [sessionsOpen, setSessionsOpen] = useState(() => params.get('open') === 'sessions');
  const logout = useLogout();
  // The moderators' area (mfe-admin, issue 31) is reached from here by administrators: anyone else gets the 404
  // page there, and the navigation every page carries stays the spec's.
  const admin = useSession().user?.admin === true;
  return (
    <>
      <PageHeader title="Settings" />
      <div className={styles.page}>
        <SettingsSection
          title="Account"
          rows={[
            { label: 'Followers', icon: ICONS.followers, to: paths.followers() },
            { label: 'Following', icon: ICONS.following, to: paths.following() },
            { label: 'Your Info', icon: ICONS.info, onSelect: () => setInfoOpen(true) },
            { label: 'Your Sessions', icon: ICONS.sessions, onSelect: () => setSessionsOpen(true) },
            { label: 'Manage Account', icon: ICONS.manage, to: paths.manageAccount() },
          ]}
        />
        <SettingsSection
          title="History"
          rows={[
            { label: 'Saved', icon: ICONS.saved, to: paths.saved() },
            { label: 'Liked', icon: ICONS.liked, to: paths.liked() },
            { label: 'Commented', icon: ICONS.commented, to: paths.commented() },
          ]}
        />
        <SecuritySettings />
        <SafetySettings />
        {admin && (
          <SettingsSection
            title="Moderation"
            rows={[
              { label: 'Reports', icon: ICONS.moderation, to: paths.admin() },
              { label: 'Audit log', icon: ICONS.audit, to: paths.adminAudit() },
            ]}
          />
        )}
        <SettingsSection
          title="General"
          rows={[
            { label: 'About', icon: ICONS.about, to: paths.about() },
            { label: 'FAQs', icon: ICONS.faqs, to: paths.faqs() },
            { label: 'Support', icon: ICONS.support, to: paths.support() },
          ]}
        />
        <button type="button" className={styles.logout} onClick={logout}>
          Logout
        </button>
      </div>
      <YourInfoDialog open={infoOpen} onClose={() => setInfoOpen(false)} />
      <SessionsDialog
        open={sessionsOpen}
        onClose={() => {
          setSessionsOpen(false);
          if (params.has('open')) setParams({}, { replace: true });
        }}
      />
    </>
  );
}
