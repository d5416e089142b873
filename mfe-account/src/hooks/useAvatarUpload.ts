// Avatar upload, spec point 4: idle -> uploading -> idle; a second upload is ignored while one runs.
// Undo uploads the previous picture again (see README: the API only accepts an image, never "none").
import { accountApi, useSingleFlight } from '@skynet/kit';
import { notify, session } from '@skynet/shared';
import { useState } from 'react';
import { blobToDataUrl, fetchAsDataUrl, initialAvatarDataUrl, isAcceptableAvatar } from '../avatar/imageData';

export const INVALID_FILE = 'Invalid file selected!';
export const AVATAR_UPDATED = 'Updated avatar! Changes may take a few minutes.';
export const AVATAR_FAILED = 'Failed to update avatar! Try again later.';
export const UNDO_FAILED = 'Failed to undo avatar! Try again later.';

/** What Undo puts back: a picture (as a data URL), or "no picture" (redrawn from the initial). */
type Previous = { kind: 'image'; dataUrl: string } | { kind: 'none' };

export function useAvatarUpload() {
  const [busy, run] = useSingleFlight();
  const [progress, setProgress] = useState<number | null>(null);
  const [previous, setPrevious] = useState<Previous | null>(null);

  const upload = async (dataUrl: string): Promise<string> => {
    setProgress(0);
    try {
      const url = await accountApi.changeAvatar(dataUrl, (fraction) => setProgress(fraction));
      session.patchUser({ avatarUrl: url });
      return url;
    } finally {
      setProgress(null);
    }
  };

  const change = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptableAvatar(file)) {
      notify.error(INVALID_FILE);
      return;
    }
    void run(async () => {
      const before = session.get().user?.avatarUrl ?? null;
      // Snapshot the current picture first: the server may drop the old file once the new one is stored.
      const snapshot: Previous | null = before
        ? await fetchAsDataUrl(before).then(
            (dataUrl): Previous => ({ kind: 'image', dataUrl }),
            () => null,
          )
        : { kind: 'none' };
      try {
        await upload(await blobToDataUrl(file));
      } catch {
        notify.error(AVATAR_FAILED);
        return;
      }
      setPrevious(snapshot);
      notify.success(AVATAR_UPDATED);
    });
  };

  const undo = () => {
    void run(async () => {
      if (!previous) return;
      try {
        const name = session.get().user?.userName ?? '?';
        await upload(previous.kind === 'image' ? previous.dataUrl : initialAvatarDataUrl(name));
      } catch {
        notify.error(UNDO_FAILED);
        return;
      }
      setPrevious(null);
      // The catalogue has no separate text for an undone avatar: the same success text is used.
      notify.success(AVATAR_UPDATED);
    });
  };

  return { busy, progress, canUndo: previous !== null, change, undo };
}
