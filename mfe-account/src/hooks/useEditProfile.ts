// Edit profile, spec points 4, 5 and 8: the username or bio is sent only when it differs from the last
// saved value, bio first, one request at a time. After a save, Undo sends the previous values back.
import { accountApi, failureText, useSingleFlight } from '@skynet/kit';
import { notify, session } from '@skynet/shared';
import { useState } from 'react';

export interface ProfileInfo {
  userName: string;
  bio: string;
}

export const INFO_UPDATED = 'Your info has been updated!';
export const CHANGES_UNDONE = 'Changes were undone.';
export const ALREADY_SAVED = 'The information entered has already been saved.';

const clean = (info: ProfileInfo): ProfileInfo => ({ userName: info.userName.trim(), bio: info.bio.trim() });

/** Sends what differs from `saved`, bio first; answers what is saved afterwards (even after a failure). */
async function send(next: ProfileInfo, saved: ProfileInfo): Promise<{ saved: ProfileInfo; error?: unknown }> {
  let current = saved;
  try {
    if (next.bio !== current.bio) {
      await accountApi.changeBio(next.bio);
      current = { ...current, bio: next.bio };
      session.patchUser({ bio: next.bio });
    }
    if (next.userName !== current.userName) {
      await accountApi.changeUsername(next.userName);
      current = { ...current, userName: next.userName };
      session.patchUser({ userName: next.userName });
    }
    return { saved: current };
  } catch (error) {
    return { saved: current, error };
  }
}

export function useEditProfile(initial: ProfileInfo) {
  const [form, setForm] = useState<ProfileInfo>(initial);
  const [saved, setSaved] = useState<ProfileInfo>(initial);
  const [previous, setPrevious] = useState<ProfileInfo | null>(null);
  const [busy, run] = useSingleFlight();

  const changed = form.userName !== saved.userName || form.bio !== saved.bio;

  const save = () =>
    run(async () => {
      const next = clean(form);
      if (next.userName === saved.userName && next.bio === saved.bio) {
        setForm(saved);
        notify.info(ALREADY_SAVED);
        return;
      }
      const result = await send(next, saved);
      setSaved(result.saved);
      if (result.error) {
        notify.error(failureText(result.error));
        return;
      }
      setForm(result.saved);
      setPrevious(saved);
      notify.success(INFO_UPDATED);
    });

  const undo = () =>
    run(async () => {
      if (!previous) return;
      const result = await send(previous, saved);
      setSaved(result.saved);
      if (result.error) {
        notify.error(failureText(result.error));
        return;
      }
      setForm(result.saved);
      setPrevious(null);
      notify.success(CHANGES_UNDONE);
    });

  return {
    form,
    setUserName: (userName: string) => setForm((current) => ({ ...current, userName })),
    setBio: (bio: string) => setForm((current) => ({ ...current, bio })),
    changed,
    canUndo: previous !== null,
    busy,
    save,
    undo,
  };
}
