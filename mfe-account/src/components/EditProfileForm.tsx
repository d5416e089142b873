import type { CurrentUser } from '@skynet/contract';
import { Avatar, SubmitButton, TextField } from '@skynet/kit';
import { type FormEvent, useId } from 'react';
import AvatarChanger from '../avatar/AvatarChanger';
import { useEditProfile } from '../hooks/useEditProfile';
import styles from './EditProfileForm.module.css';

export const BIO_PLACEHOLDER = 'Nothing yet...';

/** /profile/edit: avatar, Username and Bio; Save only when something changed, Undo after a save. */
export function EditProfileForm({ user }: { user: CurrentUser }) {
  const bioId = useId();
  const { form, setUserName, setBio, changed, canUndo, busy, save, undo } = useEditProfile({
    userName: user.userName,
    bio: user.bio ?? '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <div className={styles.layout}>
      <div className={styles.avatar}>
        <Avatar url={user.avatarUrl} name={user.userName} size={120} />
        <AvatarChanger />
      </div>
      <form className={styles.form} onSubmit={submit} aria-label="Edit profile">
        <TextField
          label="Username"
          name="userName"
          autoComplete="username"
          required
          value={form.userName}
          onChange={setUserName}
        />
        <div className={styles.field}>
          <label htmlFor={bioId} className={styles.label}>
            Bio
          </label>
          <textarea
            id={bioId}
            name="bio"
            className={styles.textarea}
            rows={4}
            placeholder={BIO_PLACEHOLDER}
            value={form.bio}
            onChange={(event) => setBio(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds a line; Ctrl/Cmd+Enter saves, like Enter in the username field.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
        </div>
        <div className={styles.buttons}>
          {canUndo && (
            <SubmitButton type="button" variant="secondary" onClick={() => void undo()} disabled={busy}>
              Undo
            </SubmitButton>
          )}
          <SubmitButton busy={busy} disabled={!changed}>
            Save
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
