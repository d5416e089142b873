import { type Comment, POST_META_PREVIEW_LENGTH, type Post } from '@skynet/contract';
import { Loader, PageHeader, paths, postApi, userApi } from '@skynet/kit';
import { notify, useSession } from '@skynet/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { CommentForm } from '../components/CommentForm';
import { DeletePostButton } from '../components/DeletePostButton';
import { EditedButton, EditHistoryDialog, EditPostButton, EditPostDialog } from '../components/EditPost';
import { Notice, Page } from '../components/Page';
import { PostCard } from '../components/PostCard';
import cardStyles from '../components/PostCard.module.css';
import { PostList } from '../components/PostList';
import { postMenu } from '../components/PostMenu';
import styles from '../components/PostPage.module.css';
import { usePageMeta } from '../hooks/usePageMeta';

export const AUTHOR_LOOKUP_FAILED = 'Error retrieving username';
export const CLOSED_POST_TEXT = 'This post can no longer be liked, saved or commented on.';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; post: Post };

/**
 * /post/:id, public: a post or a comment (issue 22: comments are replies). A reply shows 'Reply of' its parent's
 * preview linking there, and its own replies (the thread) under the same comment form. Signed out, the post and its comments are readable and a link invites to log in; the
 * like, save and comment controls show only to signed-in people (they need an account to mean anything).
 */
export default function PostPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user, status } = useSession();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [author, setAuthor] = useState<string | null>(null);
  const [newComments, setNewComments] = useState<Comment[]>([]);
  const [deleting, setDeleting] = useState(false);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const [showingHistory, setShowingHistory] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new id starts the page over.
  useEffect(() => {
    setLoaded({ state: 'loading' });
    setNewComments([]);
    setAuthor(null);
    setEditing(false);
    setShowingHistory(false);
  }, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the post after a delete.
  useEffect(() => {
    let live = true;
    postApi.get(id).then(
      (post) => live && setLoaded({ state: 'ready', post }),
      () => live && setLoaded({ state: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  const post = loaded.state === 'ready' ? loaded.post : null;
  const authorId = post?.authorId;
  const signedIn = status === 'signed-in';
  // Others' posts and replies offer Report (issue 31) once the viewer is known.
  const me = signedIn ? user?._id : undefined;
  const menuFor = useCallback((item: Post | Comment) => postMenu(item, me), [me]);
  // Profiles need an account (GET /user/:id is not public): signed out, the name the post carries is shown.
  useEffect(() => {
    if (!authorId || !signedIn) return;
    let live = true;
    userApi.get(authorId).then(
      (found) => live && setAuthor(found.userName),
      () => live && setAuthor(AUTHOR_LOOKUP_FAILED),
    );
    return () => {
      live = false;
    };
  }, [authorId, signedIn]);

  const authorName = author ?? post?.userName ?? '';
  const preview = post
    ? post.deleted
      ? 'Deleted post'
      : post.content.slice(0, POST_META_PREVIEW_LENGTH)
    : '';
  const metaTitle = post ? `${authorName}: ${preview}` : null;
  usePageMeta({ description: metaTitle, image: post?.avatarUrl });

  const canDelete = Boolean(post && user && !post.deleted && (user._id === post.authorId || user.admin));
  // Only the author edits (issue 35), not an administrator: the words stay theirs.
  const canEdit = Boolean(post && user && !post.deleted && !post.removed && user._id === post.authorId);
  const onEdited = useCallback((edited: Post) => {
    setLoaded({ state: 'ready', post: edited });
    setEditing(false);
  }, []);
  const remove = useCallback(async () => {
    if (!post || deleting) return;
    if (!window.confirm('Delete this post? This cannot be undone.')) return;
    setDeleting(true);
    try {
      await postApi.remove(post._id);
      setVersion((v) => v + 1); // spec: the page reloads (the post comes back marked deleted)
    } catch {
      notify.error('The post could not be deleted. Please try again.');
    } finally {
      setDeleting(false);
    }
  }, [post, deleting]);

  // A comment (or a post made in reply) is a reply: its page and thread say so.
  const reply = Boolean(post?.parentPost);
  // A deleted post takes no more likes, saves or comments (issue 32: the API refuses them): its page offers none.
  const closed = Boolean(post?.deleted || post?.removed);
  const fetchComments = useCallback((page: number) => postApi.comments(id, page), [id]);
  const shown = useMemo(() => new Set(newComments.map((c) => c._id)), [newComments]);
  const onCommented = useCallback((comment: Comment) => setNewComments((list) => [comment, ...list]), []);

  return (
    <Page>
      <PageHeader title={reply ? 'Reply' : 'Post'} documentTitle={metaTitle ?? 'Post'} />
      {loaded.state === 'loading' && <Loader label="Loading post" />}
      {loaded.state === 'missing' && <Notice tone="danger">This post could not be found.</Notice>}
      {post && (
        <>
          <div className={styles.post}>
            <PostCard
              post={post}
              expanded
              interactive={signedIn && !closed}
              authorName={authorName}
              footer={
                (canEdit || canDelete) && (
                  <span className={cardStyles.ownerActions}>
                    {canEdit && <EditPostButton onEdit={() => setEditing(true)} />}
                    {canDelete && <DeletePostButton onDelete={remove} deleting={deleting} />}
                  </span>
                )
              }
              menu={postMenu(post, me)}
              editedMark={
                post.editedAt && (
                  <EditedButton editedAt={post.editedAt} onOpen={() => setShowingHistory(true)} />
                )
              }
            />
          </div>
          {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} onSaved={onEdited} />}
          {showingHistory && <EditHistoryDialog postId={post._id} onClose={() => setShowingHistory(false)} />}
          {closed ? (
            <p className={styles.signIn}>{CLOSED_POST_TEXT}</p>
          ) : signedIn ? (
            <CommentForm postId={post._id} onCommented={onCommented} />
          ) : (
            status === 'signed-out' && (
              <p className={styles.signIn}>
                <Link to={paths.login(location.pathname)}>Log in</Link> to like, save or comment.
              </p>
            )
          )}
          <h2 className={styles.heading}>{reply ? 'Replies' : 'Comments'}</h2>
          {newComments.length > 0 && (
            <ul className={styles.newComments} aria-label="Your new comments">
              {newComments.map((comment) => (
                <li key={comment._id}>
                  <PostCard post={comment} comment menu={postMenu(comment, me)} />
                </li>
              ))}
            </ul>
          )}
          {/* Earlier comments, pages from 0 (spec point 4). */}
          <PostList
            fetchPage={fetchComments}
            firstPage={0}
            label={reply ? 'Replies' : 'Comments'}
            resetKey={id}
            exclude={shown}
            comments
            menuFor={menuFor}
          />
        </>
      )}
    </Page>
  );
}
