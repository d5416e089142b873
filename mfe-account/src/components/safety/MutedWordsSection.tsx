// 'Muted words' (issue 31): add a word or phrase for good or for 1, 7 or 30 days; the list says until when, and
// Remove takes one off.
import { MUTED_WORD_MAX_LENGTH } from '@skynet/contract';
import { failureText, formatLongDate, type MutedWordEntry, safetyApi } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import styles from './Safety.module.css';
import { Failed, Section } from './Section';
import { useLoadedList } from './useLoadedList';

export const MUTE_DURATIONS: readonly [string, number | undefined][] = [
  ['Forever', undefined],
  ['1 day', 1],
  ['7 days', 7],
  ['30 days', 30],
];

export const NO_MUTED_WORDS_TEXT = 'You have not muted any words.';

export function MutedWordsSection() {
  const { status, items: words, setItems: setWords, load, live } = useLoadedList(safetyApi.mutedWords);
  const [word, setWord] = useState('');
  const [duration, setDuration] = useState('Forever');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const wordId = useId();
  const durationId = useId();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const text = word.trim();
    if (!text || adding) return;
    setAdding(true);
    setError(null);
    const days = MUTE_DURATIONS.find(([label]) => label === duration)?.[1];
    safetyApi
      .addMutedWord(text, days)
      .then((added) => {
        if (!live.current) return;
        // Adding one you have renews it: it moves to the top.
        setWords((list) => [added, ...list.filter((w) => w._id !== added._id && w.word !== added.word)]);
        setWord('');
        setSaid(`“${added.word}” is muted.`);
      })
      .catch(
        (failure: unknown) => live.current && setError(failureText(failure, 'Could not mute this word.')),
      )
      .finally(() => live.current && setAdding(false));
  };

  const remove = (entry: MutedWordEntry) => {
    if (removing) return;
    setRemoving(entry._id);
    safetyApi
      .removeMutedWord(entry._id)
      .then(() => {
        if (!live.current) return;
        setWords((list) => list.filter((w) => w._id !== entry._id));
        setSaid(`“${entry.word}” is no longer muted.`);
        heading.current?.focus();
      })
      .catch((failure: unknown) => notify.error(failureText(failure, `Could not remove “${entry.word}”.`)))
      .finally(() => live.current && setRemoving(null));
  };

  return (
    <Section title="Muted words" headingRef={heading}>
      <p className={styles.intro}>Posts with these words or phrases leave your feeds and notifications.</p>
      <form className={styles.form} onSubmit={add}>
        <div className={styles.field}>
          <label htmlFor={wordId} className={styles.label}>
            Word or phrase
          </label>
          <input
            id={wordId}
            className={styles.input}
            value={word}
            maxLength={MUTED_WORD_MAX_LENGTH}
            onChange={(event) => setWord(event.target.value)}
            required
            autoComplete="off"
          />
        </div>
        <div className={`${styles.field} ${styles.narrow}`}>
          <label htmlFor={durationId} className={styles.label}>
            For
          </label>
          <select
            id={durationId}
            className={styles.input}
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          >
            {MUTE_DURATIONS.map(([label]) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className={`${styles.button} ${styles.primary}`}
          disabled={adding || !word.trim()}
          aria-busy={adding}
        >
          Mute word
        </button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={said ? styles.status : styles.silent} role="status">
        {said}
      </p>
      {words.length > 0 && (
        <ul className={styles.rows} aria-label="Your muted words">
          {words.map((entry) => (
            <li key={entry._id} className={styles.row}>
              <span className={styles.main}>
                <span className={styles.word}>{entry.word}</span>
                <span className={styles.meta}>
                  {entry.expiresAt ? `Until ${formatLongDate(entry.expiresAt)}` : 'Forever'}
                </span>
              </span>
              <button
                type="button"
                className={styles.button}
                aria-label={`Remove ${entry.word}`}
                disabled={removing === entry._id}
                aria-busy={removing === entry._id}
                onClick={() => remove(entry)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && words.length === 0 && <p className={styles.empty}>{NO_MUTED_WORDS_TEXT}</p>}
      {status === 'loading' && <p className={styles.empty}>Loading…</p>}
      {status === 'failed' && <Failed text="Your muted words could not be loaded." onRetry={load} />}
    </Section>
  );
}
