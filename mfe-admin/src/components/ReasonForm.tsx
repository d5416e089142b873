// The small form every moderation and release action opens: a reason (required, the audit log or the release
// history keeps it), Confirm and Cancel. The API's error is shown inside the form, so the administrator can correct
// and send again.
import { MODERATION_REASON_MAX_LENGTH } from '@skynet/contract';
import { failureText, SubmitButton, useSingleFlight } from '@skynet/kit';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import styles from './Admin.module.css';

interface ReasonFormProps {
  /** What the form does, e.g. 'Suspend @nova': its accessible name. */
  title: string;
  /** The confirm button's text, e.g. 'Suspend'. */
  confirm: string;
  danger?: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
  /** What an empty reason is told (default: the audit log's). */
  missing?: string;
  /** The longest reason the API takes (default: moderation's). */
  maxLength?: number;
}

export function ReasonForm({
  title,
  confirm,
  danger = false,
  onSubmit,
  onCancel,
  missing = 'Give a reason: the audit log keeps it.',
  maxLength = MODERATION_REASON_MAX_LENGTH,
}: ReasonFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(missing);
      return;
    }
    setError(null);
    await run(async () => {
      try {
        await onSubmit(text);
      } catch (failure) {
        setError(failureText(failure));
      }
    });
  };

  return (
    <form className={styles.reasonForm} aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <p id={`${id}-title`} className={styles.reasonTitle}>
        {title}
      </p>
      <label htmlFor={`${id}-reason`} className={styles.label}>
        Reason
      </label>
      <textarea
        id={`${id}-reason`}
        ref={field}
        className={styles.textarea}
        value={reason}
        maxLength={maxLength}
        rows={2}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.row}>
        <SubmitButton busy={busy} variant={danger ? 'danger' : 'primary'}>
          {confirm}
        </SubmitButton>
        <button type="button" className={styles.plainButton} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
