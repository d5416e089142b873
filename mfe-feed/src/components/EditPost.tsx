// Editing a post (issue 35), on the post's page only (like Delete post: the feed's first load carries none of this
// code): the author's Edit post button and its dialog, and the Edited mark that opens the post's history.
import { type Comment, POST_MAX_LENGTH, type Post, type PostVersion } from '@skynet/contract';
import {
  Dialog,
  failureText,
  formatMonthDayTime,
  postEditApi,
  SubmitButton,
  useSingleFlight,
} from '@skynet/kit';
import { notify } from '@skynet/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ContentWarningField } from './ContentWarningField';
import formStyles from './Form.module.css';
import { base } from './icons';
import styles from './PostCard.module.css';

/** The API's own text for a blank post, said before the call. */
export const BLANK_POST_TEXT = 'The post must contain a visible character.';
export const EDIT_FAILED_TEXT = 'Could not edit the post. Please try again.';
export const HISTORY_FAILED_TEXT = 'Could not load the edit history. Please try again.';

export function EditPostButton({ onEdit }: { onEdit: () => void }) {
  return (
    <button type="button" className={styles.action} onClick={onEdit}>
      <PencilIcon />
      <span>Edit post</span>
    </button>
  );
}

/** The dialog the author edits in: the text as it stands, its characters left, the server's refusal inside. */
export function EditPostDialog({
  post,
  onClose,
  onSaved,
}: {
  post: Post | Comment;
  onClose: () => void;
  onSaved: (post: Post) => void;
}) {
  const [content, setContent] = useState(post.content);
  const [warning, setWarning] = useState(post.contentWarning ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  const ids = { content: useId(), counter: useId(), error: useId() };
  const left = POST_MAX_LENGTH - content.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim().length === 0) {
      setError(BLANK_POST_TEXT);
      return;
    }
    if (content === post.content && warning.trim() === (post.contentWarning ?? '')) {
      onClose();
      return;
    }
    void run(async () => {
      setError(null);
      try {
        const saved = await postEditApi.edit(post._id, content, warning);
        notify.success('Post edited.');
        onSaved(saved);
      } catch (failure) {
        setError(failureText(failure, EDIT_FAILED_TEXT));
      }
    });
  };

  return (
    <Dialog open title="Edit post" onClose={onClose} dismissible={!busy}>
      <form onSubmit={submit} noValidate className={styles.editForm}>
        <label htmlFor={ids.content} className={formStyles.label}>
          Post text
        </label>
        <textarea
          id={ids.content}
          className={formStyles.textarea}
          value={content}
          onChange={(event) => {
            setContent(event.target.value.slice(0, POST_MAX_LENGTH));
            setError(null);
          }}
          maxLength={POST_MAX_LENGTH}
          rows={6}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.counter} ${ids.error}` : ids.counter}
          data-autofocus
        />
        <span id={ids.counter} className={formStyles.counter}>
          {left}
          <span className={formStyles.visuallyHidden}> characters left</span>
        </span>
        <ContentWarningField label="Content warning (optional)" value={warning} onChange={setWarning} />
        {error && (
          <p id={ids.error} role="alert" className={styles.editError}>
            {error}
          </p>
        )}
        <div className={styles.editButtons}>
          <SubmitButton type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </SubmitButton>
          <SubmitButton busy={busy}>Save</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** The card's Edited mark on the post's page: a button that opens every text the post has had. */
export function EditedButton({ editedAt, onOpen }: { editedAt: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      className={`${styles.edited} ${styles.editedButton}`}
      onClick={onOpen}
      aria-haspopup="dialog"
      title={`Edited ${formatMonthDayTime(editedAt)}`}
    >
      Edited
    </button>
  );
}

type History =
  | { state: 'loading' }
  | { state: 'failed'; error: string }
  | { state: 'ready'; versions: PostVersion[] };

/** Every text the post has had, the newest first, each with when it was published. */
export function EditHistoryDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const [history, setHistory] = useState<History>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    postEditApi.history(postId).then(
      (versions) => live && setHistory({ state: 'ready', versions }),
      (failure) => live && setHistory({ state: 'failed', error: failureText(failure, HISTORY_FAILED_TEXT) }),
    );
    return () => {
      live = false;
    };
  }, [postId]);
  const newestFirst = history.state === 'ready' ? [...history.versions].reverse() : [];
  return (
    <Dialog open title="Edit history" onClose={onClose}>
      {history.state === 'loading' && <p aria-busy="true">Loading…</p>}
      {history.state === 'failed' && (
        <p role="alert" className={styles.editError}>
          {history.error}
        </p>
      )}
      {history.state === 'ready' && (
        <ol className={styles.versions} aria-label="Versions, newest first">
          {newestFirst.map((version, index) => (
            <li key={version.createdAt + String(index)} className={styles.version}>
              <p className={styles.versionHead}>
                <strong>
                  {index === 0 ? 'Current' : index === newestFirst.length - 1 ? 'Original' : 'Earlier'}
                </strong>{' '}
                <time dateTime={version.createdAt}>{formatMonthDayTime(version.createdAt)}</time>
              </p>
              {version.contentWarning && <p className={styles.warningText}>{version.contentWarning}</p>}
              <p className={styles.content}>{version.content}</p>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.editButtons}>
        <SubmitButton type="button" onClick={onClose} data-autofocus>
          Close
        </SubmitButton>
      </div>
    </Dialog>
  );
}

function PencilIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path
        d="M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
