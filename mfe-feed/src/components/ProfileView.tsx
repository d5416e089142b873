import type { User } from '@skynet/contract';
import { feedApi, Loader, PageHeader, PRODUCT_NAME } from '@skynet/kit';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../hooks/usePageMeta';
import type { ProfileState } from '../hooks/useProfile';
import { Notice, Page } from './Page';
import { PostList } from './PostList';
import { ProfileCard } from './ProfileCard';
import { ViewToggles } from './ViewToggles';

const VIEWS = [
  ['posts', 'Posts'],
  ['replies', 'Replies'],
] as const;

/** Own title rule (spec point 2): the userName if shorter than 12 characters, otherwise 'My Profile'. */
export const ownProfileTitle = (userName: string) => (userName.length < 12 ? userName : 'My Profile');

/**
 * A profile page: header, the card, metadata (userName on Skynet), and the user's feed or, toggled beside it, their
 * replies (issue 22: each with 'Reply of' and its parent's preview). Both page from 0; the choice lives in the query
 * (?view=replies), as Search keeps Posts/Users, so reload and the back button keep it.
 */
export function ProfileView({
  profile,
  title,
  followerCount,
  actions,
  hidden,
}: {
  profile: ProfileState;
  title: string;
  followerCount?: number;
  actions?: (user: User) => ReactNode;
  /**
   * Why the profile's content is not shown (a block either way, issue 31): the bio, the toggles and the posts
   * give way to this line. Nothing (the default): all shows.
   */
  hidden?: (user: User) => ReactNode;
}) {
  const user = profile.state === 'ready' ? profile.user : null;
  const userId = user?._id;
  const hiddenBecause = user ? hidden?.(user) : null;
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'replies' ? 'replies' : 'posts';
  const fetchPage = useCallback(
    (page: number) => (view === 'replies' ? feedApi.replies : feedApi.of)(userId ?? '', page),
    [userId, view],
  );
  const choose = (next: typeof view) =>
    setParams(next === 'replies' ? { view: next } : {}, { replace: true });
  const metaTitle = user ? `${user.userName} on ${PRODUCT_NAME}` : null;
  usePageMeta({
    title: metaTitle,
    description: user
      ? (!hiddenBecause && user.bio) || `${user.userName}'s profile on ${PRODUCT_NAME}`
      : null,
    image: user?.avatarUrl,
  });
  return (
    <Page>
      <PageHeader title={title} documentTitle={metaTitle ?? title} />
      {profile.state === 'loading' && <Loader label="Loading profile" />}
      {profile.state === 'missing' && <Notice tone="danger">This profile could not be loaded.</Notice>}
      {profile.state === 'ready' && user && (
        <>
          <ProfileCard
            user={user}
            planetName={profile.planetName}
            followerCount={followerCount ?? user.followerCount}
            actions={actions?.(user)}
            hideBio={Boolean(hiddenBecause)}
          />
          {hiddenBecause ? (
            <Notice>{hiddenBecause}</Notice>
          ) : (
            <>
              <ViewToggles label="Show" options={VIEWS} value={view} onChange={choose} />
              <PostList
                fetchPage={fetchPage}
                firstPage={0}
                label={`${view === 'replies' ? 'Replies' : 'Posts'} by ${user.userName}`}
                resetKey={`${user._id}:${view}`}
              />
            </>
          )}
        </>
      )}
    </Page>
  );
}
