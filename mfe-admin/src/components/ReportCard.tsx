// One report in the queue: why, who reported it and what they wrote, the person it is about (their open reports and
// the measures on them), the content in context, and what can be done: the actions on an open report, the
// resolution of a resolved one, and the undo of each measure still in force. Every action asks for a reason first.
import { formatMonthDayTime, type ModerationAction, moderationApi, paths, type Report } from '@skynet/kit';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './Admin.module.css';
import { ACTION_LABEL, ACTIONS, REASON_LABEL, RESOLUTION_LABEL, TARGET_LABEL } from './labels';
import { ReasonForm } from './ReasonForm';
import { ReportContext } from './ReportContext';

type Undo = 'unsuspend' | 'unsilence' | 'restore';
type Open = { kind: 'action'; action: ModerationAction } | { kind: 'undo'; undo: Undo } | null;

const UNDO_LABEL: Record<Undo, string> = {
  unsuspend: 'Unsuspend',
  unsilence: 'Unsilence',
  restore: 'Restore post',
};

interface ReportCardProps {
  report: Report;
  /** After an action succeeded, with what to tell the moderator. */
  onDone: (message: string) => void;
}

export function ReportCard({ report, onDone }: ReportCardProps) {
  const id = useId();
  const [open, setOpen] = useState<Open>(null);
  const { target, reporter, resolution } = report;
  const who = `@${target.userName}`;
  const post = report.context.post;
  const actions = ACTIONS.filter((action) => action !== 'remove' || (report.targetType === 'post' && post));
  const undos: Undo[] = [
    ...(target.suspended ? (['unsuspend'] as const) : []),
    ...(target.silenced ? (['unsilence'] as const) : []),
    ...(post?.removed ? (['restore'] as const) : []),
  ];

  const act = async (action: ModerationAction, reason: string) => {
    await moderationApi.resolve(report._id, action, reason);
    setOpen(null);
    onDone(`Report resolved: ${RESOLUTION_LABEL[action].toLowerCase()}.`);
  };
  const undo = async (what: Undo, reason: string) => {
    if (what === 'restore' && post) await moderationApi.restorePost(post._id, reason);
    else
      await moderationApi.setMeasure(target._id, what === 'unsuspend' ? 'suspend' : 'silence', false, reason);
    setOpen(null);
    onDone(
      what === 'restore'
        ? 'The post is back where it stood.'
        : `${who} is no longer ${what === 'unsuspend' ? 'suspended' : 'silenced'}.`,
    );
  };

  const actionTitle = (action: ModerationAction) =>
    action === 'dismiss'
      ? `Dismiss the report about ${who}`
      : action === 'remove'
        ? `Remove the post by ${who}`
        : `${ACTION_LABEL[action]} ${who}`;
  const undoTitle = (what: Undo) =>
    what === 'restore' ? `Restore the post by ${who}` : `${UNDO_LABEL[what]} ${who}`;

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {TARGET_LABEL[report.targetType]} reported for {REASON_LABEL[report.reason].toLowerCase()}
      </h2>
      <p className={styles.meta}>
        Reported by <Link to={paths.user(reporter._id)}>@{reporter.userName}</Link> on{' '}
        <time dateTime={report.createdAt}>{formatMonthDayTime(report.createdAt)}</time>
      </p>
      {report.text ? (
        <blockquote className={styles.quote}>
          <p>{report.text}</p>
        </blockquote>
      ) : (
        <p className={styles.muted}>The reporter wrote nothing more.</p>
      )}

      {/* Headings, not labelled sections: two reports about one person would make two landmarks of one name. */}
      <div className={styles.person}>
        <h3 className={styles.subheading}>
          About <Link to={paths.user(target._id)}>{who}</Link>
        </h3>
        <ul className={styles.marks}>
          <li>{target.openReports === 1 ? '1 open report' : `${target.openReports} open reports`}</li>
          {target.suspended && <li className={styles.mark}>Suspended</li>}
          {target.silenced && <li className={styles.mark}>Silenced</li>}
        </ul>
      </div>

      <ReportContext report={report} />

      {resolution && (
        <p className={styles.resolution}>
          <strong>{RESOLUTION_LABEL[resolution.action]}</strong> by {resolution.by} on{' '}
          <time dateTime={resolution.at}>{formatMonthDayTime(resolution.at)}</time>: {resolution.reason}
        </p>
      )}

      {(report.status === 'open' || undos.length > 0) && (
        <div className={styles.actions}>
          {report.status === 'open' &&
            actions.map((action) => (
              <button
                key={action}
                type="button"
                className={
                  action === 'suspend' || action === 'remove' ? styles.dangerButton : styles.plainButton
                }
                aria-expanded={open?.kind === 'action' && open.action === action}
                onClick={() => setOpen({ kind: 'action', action })}
              >
                {ACTION_LABEL[action]}
              </button>
            ))}
          {undos.map((what) => (
            <button
              key={what}
              type="button"
              className={styles.plainButton}
              aria-expanded={open?.kind === 'undo' && open.undo === what}
              onClick={() => setOpen({ kind: 'undo', undo: what })}
            >
              {UNDO_LABEL[what]}
            </button>
          ))}
        </div>
      )}
      {open?.kind === 'action' && (
        <ReasonForm
          key={open.action}
          title={actionTitle(open.action)}
          confirm={`Confirm ${ACTION_LABEL[open.action].toLowerCase()}`}
          danger={open.action === 'suspend' || open.action === 'remove'}
          onSubmit={(reason) => act(open.action, reason)}
          onCancel={() => setOpen(null)}
        />
      )}
      {open?.kind === 'undo' && (
        <ReasonForm
          key={open.undo}
          title={undoTitle(open.undo)}
          confirm={`Confirm ${UNDO_LABEL[open.undo].toLowerCase()}`}
          onSubmit={(reason) => undo(open.undo, reason)}
          onCancel={() => setOpen(null)}
        />
      )}
    </article>
  );
}
