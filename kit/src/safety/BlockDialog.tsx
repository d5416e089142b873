// Block asks first (issue 31): what blocking does, then Cancel or Block. A refused block keeps the dialog open with
// the server's text, the way the account flows show theirs.
import { type RefObject, useState } from 'react';
import { Dialog } from '../forms/Dialog';
import { failureText } from '../forms/failureText';
import { SubmitButton } from '../forms/SubmitButton';
import { useSingleFlight } from '../forms/useSingleFlight';
import styles from './safety.module.css';

/** What a block does, as the confirmation says it (contract/src/api/safety.ts, `block`). */
export const BLOCK_EXPLANATION =
  'They will not be able to follow you, message you, or reply to, like, save or mention your posts, and neither of you will see the other’s posts, replies or profile. Any follow between you ends. They are not told.';

export interface BlockDialogProps {
  open: boolean;
  userName: string;
  /** Blocks them (the screen calls safetyApi.block and updates itself); a throw shows its text here. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function BlockDialog({ open, ...props }: BlockDialogProps) {
  if (!open) return null;
  return <OpenBlockDialog {...props} />;
}

function OpenBlockDialog({ userName, onConfirm, onClose, returnFocusTo }: Omit<BlockDialogProps, 'open'>) {
  const [busy, run] = useSingleFlight();
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await onConfirm();
        onClose();
      } catch (failure) {
        setError(failureText(failure, 'Could not block this user. Please try again.'));
      }
    });
  return (
    <Dialog
      open
      title={`Block @${userName}?`}
      description={<p>{BLOCK_EXPLANATION}</p>}
      onClose={onClose}
      dismissible={!busy}
      tone="danger"
      returnFocusTo={returnFocusTo}
    >
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <SubmitButton type="button" variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </SubmitButton>
        <SubmitButton type="button" variant="danger" busy={busy} onClick={confirm}>
          Block
        </SubmitButton>
      </div>
    </Dialog>
  );
}
