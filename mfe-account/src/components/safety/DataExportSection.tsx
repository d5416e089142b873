// 'Your data' (issue 31, item 6): Download your data asks for an archive (POST /api/user/export), which is mailed
// as a link; earlier exports are listed with their state and when their link expires.
import { type DataExportEntry, exportApi, failureText, formatLongDate } from '@skynet/kit';
import { useState } from 'react';
import styles from './Safety.module.css';
import { Failed, Section } from './Section';
import { useLoadedList } from './useLoadedList';

export const EXPORT_STARTED_TEXT =
  'We are preparing your archive. We will e-mail you a link when it is ready.';
export const NO_EXPORTS_TEXT = 'You have not downloaded your data yet.';

const STATUS: Record<DataExportEntry['status'], string> = {
  pending: 'Being prepared',
  ready: 'Ready: the link is in your e-mail',
  failed: 'Failed',
};

export function DataExportSection() {
  const { status, items: exports, setItems: setExports, load, live } = useLoadedList(exportApi.exports);
  const [asking, setAsking] = useState(false);
  const [started, setStarted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = () => {
    if (asking) return;
    setAsking(true);
    setError(null);
    exportApi
      .requestExport()
      .then((made) => {
        if (!live.current) return;
        setStarted(true);
        setExports((list) => [made, ...list.filter((e) => e._id !== made._id)]);
      })
      .catch(
        (failure: unknown) =>
          live.current && setError(failureText(failure, 'Could not start your archive. Please try again.')),
      )
      .finally(() => live.current && setAsking(false));
  };

  return (
    <Section title="Your data">
      <p className={styles.intro}>
        An archive of your profile, posts, replies, likes, saves, follows, blocks, messages and sessions.
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${styles.button} ${styles.primary}`}
          onClick={ask}
          disabled={asking}
          aria-busy={asking}
        >
          Download your data
        </button>
      </div>
      <p className={started ? styles.ok : styles.silent} role="status">
        {started ? EXPORT_STARTED_TEXT : ''}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {exports.length > 0 && (
        <ul className={styles.rows} aria-label="Your earlier downloads">
          {exports.map((entry) => (
            <li key={entry._id} className={styles.row}>
              <span className={styles.main}>
                <span className={styles.word}>Requested {formatLongDate(entry.createdAt)}</span>
                <span className={styles.meta}>
                  {STATUS[entry.status]}
                  {entry.status === 'failed' ? '' : ` · link expires ${formatLongDate(entry.expiresAt)}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && exports.length === 0 && !started && (
        <p className={styles.empty}>{NO_EXPORTS_TEXT}</p>
      )}
      {status === 'loading' && <p className={styles.empty}>Loading…</p>}
      {status === 'failed' && <Failed text="Your earlier downloads could not be loaded." onRetry={load} />}
    </Section>
  );
}
