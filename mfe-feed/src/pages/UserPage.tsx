import type { User } from '@skynet/contract';
import { BlockDialog, failureText, paths, ReportDialog, reportApi, safetyApi } from '@skynet/kit';
import { notify, useSession } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { FollowButton } from '../components/FollowButton';
import styles from '../components/ProfileCard.module.css';
import { ProfileView } from '../components/ProfileView';
import { type ProfileState, useProfile } from '../hooks/useProfile';

export const BLOCKED_BY_TEXT = 'You cannot see this profile.';
export const blockingText = (userName: string) =>
  `You block @${userName}: you do not see their posts and they cannot reach you. Unblock to undo it.`;

type Relationship = Awaited<ReturnType<typeof safetyApi.relationship>>;
export const NONE: Relationship = { blocking: false, blockedBy: false, muting: false };
const LOADING: ProfileState = { state: 'loading' };

/** /user/:id: someone else's profile; one's own id redirects to /profile (spec point 6). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { user: me } = useSession();
  const own = me?._id === id;
  const profile = useProfile(own ? undefined : id);
  const [followers, setFollowers] = useState<number | undefined>(undefined);
  const base = profile.state === 'ready' ? profile.user.followerCount : undefined;
  useEffect(() => setFollowers(base), [base]);
  const onDelta = useCallback((delta: 1 | -1) => setFollowers((n) => Math.max(0, (n ?? 0) + delta)), []);
  // Your standing with them (issue 31): GET /user/:id/relationship, alongside the profile (the server already
  // leaves out the posts of someone blocked either way), then as your Block and Mute change it.
  // The profile shows once both are known, so the posts of someone blocked are never asked for.
  const [fetched, setFetched] = useState<{ of: string; value: Relationship } | null>(null);
  useEffect(() => {
    if (own || !id) return;
    let live = true;
    safetyApi.relationship(id).then(
      (value) => live && setFetched({ of: id, value }),
      // The buttons start from "neither" (a refused action says why); the server hides what a block hides.
      () => live && setFetched({ of: id, value: NONE }),
    );
    return () => {
      live = false;
    };
  }, [id, own]);
  const known = fetched?.of === id ? fetched.value : NONE;
  const [changed, setChanged] = useState<{ of: string; value: Relationship } | null>(null);
  const relationship = changed && changed.of === id ? changed.value : known;
  const change = (patch: Partial<Relationship>) =>
    setChanged((now) => ({ of: id, value: { ...(now && now.of === id ? now.value : known), ...patch } }));
  const following = useRef<boolean | null>(null);
  const onFollowState = useCallback((on: boolean | null) => {
    following.current = on;
  }, []);
  const onBlocked = () => {
    // A block ends the follow: your follow leaves their count.
    if (following.current) onDelta(-1);
    following.current = false;
    change({ blocking: true });
  };
  if (own) return <Navigate to={paths.profile()} replace />;
  return (
    <ProfileView
      profile={fetched?.of === id ? profile : LOADING}
      title="Profile"
      followerCount={followers}
      hidden={(user) =>
        relationship.blockedBy ? BLOCKED_BY_TEXT : relationship.blocking ? blockingText(user.userName) : null
      }
      actions={(user) =>
        user.deleted ? null : (
          <UserActions
            user={user}
            relationship={relationship}
            onDelta={onDelta}
            onFollowState={onFollowState}
            onBlocked={onBlocked}
            onChange={change}
          />
        )
      }
    />
  );
}

/** Someone else's profile's actions: Follow / Unfollow and Message (unless a block stands), and SafetyButtons. */
export function UserActions({
  user,
  relationship,
  onDelta,
  onFollowState,
  onBlocked,
  onChange,
}: {
  user: User;
  relationship: Relationship;
  onDelta: (delta: 1 | -1) => void;
  onFollowState?: (following: boolean | null) => void;
  onBlocked: () => void;
  onChange: (patch: Partial<Relationship>) => void;
}) {
  return (
    <>
      {!(relationship.blocking || relationship.blockedBy) && (
        <>
          <FollowButton key={user._id} userId={user._id} onDelta={onDelta} onState={onFollowState} />
          <Link to={paths.chat(user._id)} className={styles.secondary}>
            Message
          </Link>
        </>
      )}
      <SafetyButtons user={user} relationship={relationship} onBlocked={onBlocked} onChange={onChange} />
    </>
  );
}

/** Block (asks first) / Unblock, Mute / Unmute and Report on another person's profile (issue 31). */
function SafetyButtons({
  user,
  relationship,
  onBlocked,
  onChange,
}: {
  user: User;
  relationship: Relationship;
  onBlocked: () => void;
  onChange: (patch: Partial<Relationship>) => void;
}) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [busy, setBusy] = useState(false);
  const blockButton = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const block = async () => {
    await safetyApi.block(user._id);
    onBlocked();
  };
  const mute = async () => {
    await safetyApi.mute(user._id);
    onChange({ muting: true });
  };
  /** Unblock and the mute toggle: at once, one request at a time; a failure says why in a toast, as follow's does. */
  const run = (task: () => Promise<unknown>, patch: Partial<Relationship>, failure: string) => {
    if (busy) return;
    setBusy(true);
    task()
      .then(() => onChange(patch))
      .catch((error: unknown) => notify.error(failureText(error, failure)))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button
        ref={blockButton}
        type="button"
        className={styles.secondary}
        aria-haspopup={relationship.blocking ? undefined : 'dialog'}
        aria-busy={busy}
        onClick={() =>
          relationship.blocking
            ? run(
                () => safetyApi.unblock(user._id),
                { blocking: false },
                'Could not unblock this user. Please try again.',
              )
            : setDialog('block')
        }
      >
        {relationship.blocking ? 'Unblock' : 'Block'}
      </button>
      {!relationship.blocking && (
        <button
          type="button"
          className={styles.secondary}
          aria-busy={busy}
          onClick={() =>
            relationship.muting
              ? run(
                  () => safetyApi.unmute(user._id),
                  { muting: false },
                  'Could not unmute this user. Please try again.',
                )
              : run(
                  () => safetyApi.mute(user._id),
                  { muting: true },
                  'Could not mute this user. Please try again.',
                )
          }
        >
          {relationship.muting ? 'Unmute' : 'Mute'}
        </button>
      )}
      <button
        ref={reportButton}
        type="button"
        className={styles.secondary}
        aria-haspopup="dialog"
        onClick={() => setDialog('report')}
      >
        Report
      </button>
      <BlockDialog
        open={dialog === 'block'}
        userName={user.userName}
        onConfirm={block}
        onClose={() => setDialog(null)}
        returnFocusTo={blockButton}
      />
      <ReportDialog
        open={dialog === 'report'}
        targetType="user"
        targetId={user._id}
        userName={user.userName}
        blocking={relationship.blocking}
        muting={relationship.muting}
        send={reportApi.report}
        onBlock={block}
        onMute={mute}
        onClose={() => setDialog(null)}
        returnFocusTo={reportButton}
      />
    </>
  );
}
