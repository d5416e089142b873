import { type Comment, type Post, REPLY_PREVIEW_LENGTH } from '@skynet/contract';
import { Avatar, formatMonthDay, formatMonthDayTime, paths, postApi } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToggle } from '../hooks/useToggle';
import { withLinks } from '../lib/links';
import { BookmarkIcon, CommentIcon, HeartIcon } from './icons';
import styles from './PostCard.module.css';

export const DELETED_POST_TEXT = 'Post was deleted by author.';
export const DELETED_PARENT_TEXT = 'Reply of a deleted post';
/** Where a post the moderators removed stood (issue 31). */
export const REMOVED_POST_TEXT = 'Removed by moderators';

type CardPost = Post | Comment;

interface PostCardProps {
  post: CardPost;
  /** The detail page's form: date with hour and minute, larger text. */
  expanded?: boolean;
  /** Signed in: like, save and comment controls show. */
  interactive?: boolean;
  /** Replaces the post's own userName (the detail page looks the author up). */
  authorName?: string;
  /** More controls at the end of its footer: the post's page gives Delete post (DeletePostButton) to its author or
   * an admin, so the feed's first load carries none of its code (budgets.json). */
  footer?: ReactNode;
  /** A comment in a thread (a post's or a comment's page): a flatter card, the same controls (issue 22). */
  comment?: boolean;
  /**
   * The post's "More actions" menu (issue 31: Report), which the post's page gives for the post and its thread
   * (postMenu in PostMenu.tsx): like Delete, a post's actions beyond like and save live on its page, and the feed's
   * first load carries none of their code (budgets.json).
   */
  menu?: ReactNode;
  /** In place of the plain Edited mark of an edited post: the post's page gives a button that opens its history. */
  editedMark?: ReactNode;
}

/**
 * A post in a list or expanded on its page. Memoised: appending a page re-renders only the new cards.
 * Cards use `content-visibility: auto` (see PostCard.module.css and PostList.tsx).
 */
export const PostCard = memo(function PostCard({
  post,
  expanded = false,
  interactive = true,
  authorName,
  footer,
  comment = false,
  menu,
  editedMark,
}: PostCardProps) {
  const name = authorName ?? post.userName;
  const parent = 'parentPost' in post ? post.parentPost : null;
  const parentPreview = 'parentPost' in post ? post.parentPreview : undefined;
  const headingId = `post-${post._id}-author`;
  const avatarUrl = useAuthorAvatar(post);
  return (
    <article
      className={[styles.card, expanded && styles.expanded, comment && styles.comment]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
      // Focusable by the feed's j/k keys (lib/feedKeys.ts), not a tab stop; Enter opens the post.
      tabIndex={expanded ? undefined : -1}
      data-post-id={comment ? undefined : post._id}
    >
      <header className={styles.head}>
        <Link to={paths.user(post.authorId)} className={styles.author}>
          <Avatar url={avatarUrl} name={post.userName} size={expanded ? 48 : 40} />
          <span className={styles.name} id={headingId}>
            {name}
          </span>
        </Link>
        <time className={styles.date} dateTime={post.createdAt}>
          {expanded ? formatMonthDayTime(post.createdAt) : formatMonthDay(post.createdAt)}
        </time>
        {post.editedAt &&
          !post.deleted &&
          (editedMark ?? (
            <span className={styles.edited} title={`Edited ${formatMonthDayTime(post.editedAt)}`}>
              Edited
            </span>
          ))}
        {menu}
      </header>
      {parent && <ReplyPreview parentId={parent} preview={parentPreview} />}
      {post.contentWarning && !post.deleted ? (
        // Issue 35: the text folded behind its warning; the native disclosure says whether it is open.
        <details className={styles.warning}>
          <summary>
            <span className={styles.warningText}>{post.contentWarning}</span>
            <span className={styles.warningHint} />
          </summary>
          <p className={styles.content}>{withLinks(post.content, styles.link, post)}</p>
        </details>
      ) : (
        <p className={post.deleted ? `${styles.content} ${styles.deleted}` : styles.content}>
          {post.removed
            ? REMOVED_POST_TEXT
            : post.deleted
              ? DELETED_POST_TEXT
              : withLinks(post.content, styles.link, post)}
        </p>
      )}
      <footer className={styles.actions}>
        {interactive ? <Toggles post={post} /> : <Counts post={post} />}
        {/* Opens the post, or the comment with its own thread; what answers a reply is a reply. */}
        <Link
          to={paths.post(post._id)}
          className={styles.action}
          aria-label={`${post.commentCount} ${answersName(post.commentCount, comment || parent !== null)}`}
        >
          <CommentIcon />
          <span>{post.commentCount}</span>
        </Link>
        {footer}
      </footer>
    </article>
  );
});

/** One's own posts wear the session's picture: a new avatar shows on every card at once, not after a reload. */
function useAuthorAvatar(post: CardPost): string | null {
  const { user } = useSession();
  return user && user._id === post.authorId && user.avatarUrl !== undefined ? user.avatarUrl : post.avatarUrl;
}

const answersName = (count: number, reply: boolean) =>
  reply ? (count === 1 ? 'reply' : 'replies') : count === 1 ? 'comment' : 'comments';

function Counts({ post }: { post: CardPost }) {
  return (
    <span className={styles.action}>
      <HeartIcon filled={false} />
      <span>
        {post.likeCount}
        <span className={styles.visuallyHidden}>{post.likeCount === 1 ? ' like' : ' likes'}</span>
      </span>
    </span>
  );
}

function Toggles({ post }: { post: CardPost }) {
  const [likeCount, setLikeCount] = useState(post.likeCount);
  const like = useToggle({
    read: () => postApi.isLiked(post._id),
    write: (on) => postApi.setLiked(post._id, on),
    failureText: (on) =>
      on ? 'Could not like the post. Please try again.' : 'Could not unlike the post. Please try again.',
    onDelta: (delta) => setLikeCount((count) => Math.max(0, count + delta)),
  });
  const save = useToggle({
    read: () => postApi.isSaved(post._id),
    write: (on) => postApi.setSaved(post._id, on),
    failureText: (on) =>
      on ? 'Could not save the post. Please try again.' : 'Could not unsave the post. Please try again.',
  });
  return (
    <>
      <span className={styles.group}>
        <button
          type="button"
          className={like.on ? `${styles.action} ${styles.liked}` : styles.action}
          aria-label={like.on ? 'Unlike' : 'Like'}
          aria-pressed={Boolean(like.on)}
          disabled={like.on === null}
          onClick={like.toggle}
        >
          <HeartIcon filled={Boolean(like.on)} />
        </button>
        <span className={styles.count}>
          {likeCount}
          <span className={styles.visuallyHidden}>{likeCount === 1 ? ' like' : ' likes'}</span>
        </span>
      </span>
      <button
        type="button"
        className={save.on ? `${styles.action} ${styles.saved}` : styles.action}
        aria-label={save.on ? 'Unsave' : 'Save'}
        aria-pressed={Boolean(save.on)}
        disabled={save.on === null}
        onClick={save.toggle}
      >
        <BookmarkIcon filled={Boolean(save.on)} />
      </button>
    </>
  );
}

/**
 * A reply's parent (spec point 4): 'Reply of' and the API's `parentPreview` (first 5 characters, null once the
 * parent is deleted: 'Reply of a deleted post'), linking to the parent. If an
 * answer lacks the field, the parent is fetched (cached 5 minutes by @skynet/shared, spec point 7).
 */
function ReplyPreview({ parentId, preview }: { parentId: string; preview: string | null | undefined }) {
  const [text, setText] = useState<string | null | undefined>(preview);
  useEffect(() => {
    if (preview !== undefined) {
      setText(preview);
      return;
    }
    let live = true;
    postApi.parent(parentId).then(
      (parent) => live && setText(parent.deleted ? null : parent.content.slice(0, REPLY_PREVIEW_LENGTH)),
      () => live && setText(null),
    );
    return () => {
      live = false;
    };
  }, [parentId, preview]);
  if (text === undefined) return null;
  if (text === null) return <p className={styles.reply}>{DELETED_PARENT_TEXT}</p>;
  return (
    <p className={styles.reply}>
      Reply of{' '}
      <Link to={paths.post(parentId)} className={styles.replyLink}>
        “{text.slice(0, REPLY_PREVIEW_LENGTH)}”
      </Link>
    </p>
  );
}
