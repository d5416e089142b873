import type { Comment, Post, User } from '@skynet/contract';
import { type FetchPage, feedApi, Loader, PageHeader, PRODUCT_NAME } from '@skynet/kit';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../hooks/usePageMeta';
import type { ProfileState } from '../hooks/useProfile';
import { Notice, Page } from './Page';
import { PostList } from './PostList';
import { ProfileCard } from './ProfileCard';
import { ViewToggles } from './ViewToggles';

export const VIEWS = [
  ['posts', 'Posts'],
  ['replies', 'Replies'],
] as const;

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
  earlyPostsOf,
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
  /**
   * The id whose first page of posts (or replies) may be asked for together with the profile instead of after it:
   * one's own profile, which no block can hide (issue 34). Someone else's posts wait for your standing with them.
   */
  earlyPostsOf?: string;
}) {
  const user = profile.state === 'ready' ? profile.user : null;
  const userId = user?._id;
  const hiddenBecause = user ? hidden?.(user) : null;
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'replies' ? 'replies' : 'posts';
  const pageOf = view === 'replies' ? feedApi.replies : feedApi.of;
  // The first page asked for with the profile (earlyPostsOf) while it loads, taken once by the list when it mounts;
  // a retry or another view chosen later asks as usual.
  const early = useRef<{ key: string; page: ReturnType<FetchPage<Post | Comment>> } | null>(null);
  const loading = profile.state === 'loading';
  useEffect(() => {
    if (!earlyPostsOf || !loading) return;
    const page = pageOf(earlyPostsOf, 0);
    page.catch(() => undefined); // the list sees the failure when it takes the page
    early.current = { key: `${earlyPostsOf}:${view}`, page };
  }, [earlyPostsOf, view, pageOf, loading]);
  const fetchPage = useCallback(
    (page: number) => {
      const ready = early.current;
      if (page === 0 && ready && ready.key === `${userId}:${view}`) {
        early.current = null;
        return ready.page;
      }
      return pageOf(userId ?? '', page);
    },
    [userId, view, pageOf],
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
