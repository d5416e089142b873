// The report flow (issue 31, item 3), shared by mfe-feed (posts, replies, profiles) and mfe-chat (conversations):
// a reason and optional words, Send; then the thanks, with Block and Mute of the person offered (unless already),
// and Done. A failed send keeps the form and says why inside the dialog. The kit's Dialog gives the dialog role,
// its label, the focus trap and the return of focus.
import { REPORT_TEXT_MAX_LENGTH } from '@skynet/contract';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { type ReportBody, type ReportReasonValue, reportApi } from '../api/safety';
import { Dialog } from '../forms/Dialog';
import { failureText } from '../forms/failureText';
import formStyles from '../forms/forms.module.css';
import { SubmitButton } from '../forms/SubmitButton';
import { useSingleFlight } from '../forms/useSingleFlight';
import styles from './safety.module.css';

export const REPORT_THANKS_TEXT = 'Thanks for your report. Our moderators will review it.';

export const REPORT_REASONS: readonly [ReportReasonValue, string][] = [
  ['spam', 'Spam'],
  ['harassment', 'Harassment'],
  ['violence', 'Violence'],
  ['other', 'Other'],
];

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** What is reported: a post (or reply), a person, or a conversation (targetId: the other person's id). */
  targetType: ReportBody['targetType'];
  targetId: string;
  /** The person it is about, and whether you already block or mute them (then that offer is left out). */
  userName: string;
  blocking?: boolean;
  muting?: boolean;
  /** Sends the report; the screen passes the kit's `reportApi.report` (so its tests mock it where they mock the kit). */
  send?: (body: ReportBody) => Promise<unknown>;
  /** Blocks the person (offered after the thanks when given); a throw shows its text in the dialog. */
  onBlock?: () => Promise<void>;
  /** Mutes the person (offered after the thanks when given). */
  onMute?: () => Promise<void>;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ReportDialog({ open, ...props }: ReportDialogProps) {
  if (!open) return null;
  return <OpenReportDialog {...props} />;
}

const titles: Record<ReportBody['targetType'], string> = {
  post: 'Report this post',
  user: 'Report this account',
  conversation: 'Report this conversation',
};

function OpenReportDialog({
  onClose,
  targetType,
  targetId,
  userName,
  blocking = false,
  muting = false,
  send = reportApi.report,
  onBlock,
  onMute,
  returnFocusTo,
}: Omit<ReportDialogProps, 'open'>) {
  const [step, setStep] = useState<'form' | 'thanks'>('form');
  const [reason, setReason] = useState<ReportReasonValue | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(blocking);
  const [muted, setMuted] = useState(muting);
  const [busy, run] = useSingleFlight();
  const legendId = useId();
  const textId = useId();
  const countId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    void run(async () => {
      setError(null);
      try {
        const words = text.trim();
        await send({ targetType, targetId, reason, ...(words ? { text: words } : {}) });
        setStep('thanks');
      } catch (failure) {
        setError(failureText(failure, 'Could not send your report. Please try again.'));
      }
    });
  };

  const act = (what: 'block' | 'mute') =>
    run(async () => {
      setError(null);
      try {
        if (what === 'block') {
          await onBlock?.();
          setBlocked(true);
        } else {
          await onMute?.();
          setMuted(true);
        }
      } catch (failure) {
        setError(
          failureText(
            failure,
            what === 'block'
              ? 'Could not block this user. Please try again.'
              : 'Could not mute this user. Please try again.',
          ),
        );
      }
    });

  const errorLine = error && (
    <p role="alert" className={styles.error}>
      {error}
    </p>
  );

  if (step === 'thanks')
    return (
      <Dialog
        open
        title="Report sent"
        description={<p>{REPORT_THANKS_TEXT}</p>}
        onClose={onClose}
        dismissible={!busy}
        returnFocusTo={returnFocusTo}
      >
        {(onBlock || onMute) && (
          <p className={styles.note}>
            {blocked && muted
              ? `You block and mute @${userName}.`
              : blocked
                ? `You block @${userName}.`
                : muted
                  ? `You mute @${userName}.`
                  : `You can also block or mute @${userName}.`}
          </p>
        )}
        {errorLine}
        <div className={styles.buttons}>
          {onBlock && !blocked && (
            <SubmitButton type="button" variant="danger" busy={busy} onClick={() => act('block')}>
              Block
            </SubmitButton>
          )}
          {onMute && !muted && !blocked && (
            <SubmitButton type="button" variant="secondary" busy={busy} onClick={() => act('mute')}>
              Mute
            </SubmitButton>
          )}
          <SubmitButton type="button" onClick={onClose} disabled={busy} data-autofocus>
            Done
          </SubmitButton>
        </div>
      </Dialog>
    );

  return (
    <Dialog
      open
      title={titles[targetType]}
      description={<p>Tell the moderators what is wrong. @{userName} is not told who reported them.</p>}
      onClose={onClose}
      dismissible={!busy}
      returnFocusTo={returnFocusTo}
    >
      <form onSubmit={submit} noValidate className={styles.reasons}>
        <div className={styles.reasons} role="radiogroup" aria-labelledby={legendId}>
          <span id={legendId} className={styles.legend}>
            Reason
          </span>
          {REPORT_REASONS.map(([value, label]) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {label}
            </label>
          ))}
        </div>
        <div className={formStyles.field}>
          <label htmlFor={textId} className={formStyles.label}>
            More details (optional)
          </label>
          <textarea
            id={textId}
            className={`${formStyles.input} ${styles.textarea}`}
            value={text}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            aria-describedby={countId}
            onChange={(event) => setText(event.target.value.slice(0, REPORT_TEXT_MAX_LENGTH))}
          />
          <span id={countId} className={styles.count}>
            {text.length}/{REPORT_TEXT_MAX_LENGTH.toLocaleString('en-US')}
          </span>
        </div>
        {errorLine}
        <div className={styles.buttons}>
          <SubmitButton type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </SubmitButton>
          <SubmitButton busy={busy}>Send</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
