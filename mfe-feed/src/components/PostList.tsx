import type { Comment, Post } from '@skynet/contract';
import {
  EndOfList,
  type FetchPage,
  Loader,
  paths,
  usePagedList,
  useReplacesPrerenderedWhen,
} from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNewPosts } from '../hooks/useNewPosts';
import { feedKeyHandler } from '../lib/feedKeys';
import { newPostsLabel } from '../lib/liveFeed';
import { PostCard } from './PostCard';
import styles from './PostList.module.css';

interface PostListProps {
  fetchPage: FetchPage<Post | Comment>;
  /** 1 for the galaxy and planet feeds, 0 for every other list (spec point 4). */
  firstPage: 0 | 1;
  /** The accessible name of the feed, e.g. 'Galactic Feed'. */
  label: string;
  /** Changing it starts the list over. */
  resetKey?: string;
  /** Items to leave out (e.g. comments already shown on top). */
  exclude?: ReadonlySet<string>;
  /** The items are comments (no toggles or comment link). */
  comments?: boolean;
  /** A live feed (GALAXY_FEED or a planet id): posts published meanwhile wait behind a 'N new posts' button. */
  live?: string;
  /** Each card's "More actions" menu (the post's page gives its thread one: PostCard's `menu`). */
  menuFor?: (post: Post | Comment) => ReactNode;
  /** Shown instead of the end of the list when the list has nothing at all. */
  empty?: ReactNode;
}

/**
 * An infinite feed of posts (ARIA `feed` pattern: articles, aria-busy while a page loads).
 *
 * Keeping thousands of posts smooth: we keep every loaded card in the DOM (keyed by id, memoised, so a new page
 * renders only its own cards) and give each card `content-visibility: auto`, so cards away from the viewport
 * cost no layout or paint. We chose this over windowing because cards vary in height (windowing would need
 * measuring and would fight the paging rule, which measures the real list height), and because every post
 * stays reachable by keyboard, find-in-page and screen readers. Measured in README.md.
 */
export function PostList({
  fetchPage,
  firstPage,
  label,
  resetKey,
  exclude,
  comments = false,
  menuFor,
  live,
  empty,
}: PostListProps) {
  const { status } = useSession();
  const list = usePagedList(fetchPage, firstPage, { resetKey });
  const fresh = useNewPosts(live, list, fetchPage, firstPage);
  const navigate = useNavigate();
  const { listRef } = list;
  // Keyboard: j/k next/previous post, l like, s save, Enter open (lib/feedKeys.ts).
  useEffect(() => {
    const onKey = feedKeyHandler(
      () => listRef.current,
      (id) => navigate(paths.post(id)),
    );
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [listRef, navigate]);
  const items = exclude?.size ? list.items.filter((post) => !exclude.has(post._id)) : list.items;
  // The HTML's filled template of this page (signed-in /feed, site/src/prerendered-page.ts) stays until the
  // list's first page is drawn, or it ended empty or failed: then it goes before the browser paints again.
  const settled = items.length > 0 || list.done;
  useReplacesPrerenderedWhen(settled);
  return (
    <section className={styles.section} aria-label={label}>
      {fresh.count > 0 && (
        // Over the list, never in its flow: showing, counting or hiding it moves no post (issue 22).
        <div className={styles.fresh}>
          <button type="button" className={styles.freshButton} onClick={fresh.show}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M12 19V5m-6 6 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" />
            </svg>
            {newPostsLabel(fresh.count)}
          </button>
        </div>
      )}
      <div
        // A feed's children must be articles: an empty list is no feed yet (axe aria-required-children).
        {...(items.length > 0 ? { role: 'feed', 'aria-label': label, 'aria-busy': list.loading } : {})}
        className={styles.feed}
        ref={(el) => {
          list.listRef.current = el;
        }}
      >
        {items.map((post) => (
          <PostCard
            key={post._id}
            post={post}
            interactive={status === 'signed-in'}
            comment={comments}
            menu={menuFor?.(post)}
          />
        ))}
      </div>
      {list.loading && <Loader label="Loading posts" />}
      {list.done && (empty && items.length === 0 ? empty : <EndOfList />)}
    </section>
  );
}
