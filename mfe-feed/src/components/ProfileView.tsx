import type { User } from '@skynet/contract';
import { feedApi, Loader, PageHeader, PRODUCT_NAME } from '@skynet/kit';
import { type ReactNode, useCallback } from 'react';
import { usePageMeta } from '../hooks/usePageMeta';
import type { ProfileState } from '../hooks/useProfile';
import { Notice, Page } from './Page';
import { PostList } from './PostList';
import { ProfileCard } from './ProfileCard';

/** Own title rule (spec point 2): the userName if shorter than 12 characters, otherwise 'My Profile'. */
export const ownProfileTitle = (userName: string) => (userName.length < 12 ? userName : 'My Profile');

/** A profile page: header, the card, metadata (userName on Skynet), and the user's feed (pages from 0). */
export function ProfileView({
  profile,
  title,
  followerCount,
  actions,
}: {
  profile: ProfileState;
  title: string;
  followerCount?: number;
  actions?: (user: User) => ReactNode;
}) {
  const user = profile.state === 'ready' ? profile.user : null;
  const userId = user?._id;
  const fetchPage = useCallback((page: number) => feedApi.of(userId ?? '', page), [userId]);
  const metaTitle = user ? `${user.userName} on ${PRODUCT_NAME}` : null;
  usePageMeta({
    title: metaTitle,
    description: user ? user.bio || `${user.userName}'s profile on ${PRODUCT_NAME}` : null,
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
          />
          <PostList
            fetchPage={fetchPage}
            firstPage={0}
            label={`Posts by ${user.userName}`}
            resetKey={user._id}
          />
        </>
      )}
    </Page>
  );
}
