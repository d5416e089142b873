/**
 * Change Avatar, offered on the own profile card that mfe-feed shows (exposed as `./AvatarChanger`) and on
 * /profile/edit. Default export, no required props. It draws the controls only (button, progress, Undo):
 * the avatar itself is the host's to show, from the session that this updates with session.patchUser.
 */
import { AVATAR_TYPES } from '@skynet/contract';
import { useRef } from 'react';
import { useAvatarUpload } from '../hooks/useAvatarUpload';
import styles from './AvatarChanger.module.css';

export interface AvatarChangerProps {
  /** The button's text; "Change Avatar" by default. */
  label?: string;
  className?: string;
}

export default function AvatarChanger({ label = 'Change Avatar', className }: AvatarChangerProps) {
  const input = useRef<HTMLInputElement>(null);
  const { busy, progress, canUndo, change, undo } = useAvatarUpload();
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className={`${styles.changer} ${className ?? ''}`}>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className={styles.file}
        aria-label="Avatar image (png, jpeg or webp, at most 3 MB)"
        tabIndex={-1}
        disabled={busy}
        onChange={(event) => {
          change(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <div className={styles.buttons}>
        <button
          type="button"
          className={styles.button}
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && <span className={styles.spinner} aria-hidden="true" />}
          {label}
        </button>
        {canUndo && (
          <button type="button" className={styles.undo} onClick={undo} disabled={busy}>
            Undo
          </button>
        )}
      </div>
      {percent !== null && (
        <div className={styles.progress} role="status">
          <progress max={100} value={percent} aria-label="Avatar upload progress" />
          <span>Uploading… {percent}%</span>
        </div>
      )}
    </div>
  );
}
