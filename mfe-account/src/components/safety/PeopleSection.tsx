// 'Blocked accounts' and 'Muted accounts' (issue 31): the people you block or mute, newest first, a page at a time
// (Show more), each with Unblock or Unmute. An undone row leaves the list and the section says so.
import { PAGE_SIZE } from '@skynet/contract';
import { Avatar, type BlockedPerson, failureText, formatLongDate, paths } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './Safety.module.css';
import { Failed, Section } from './Section';

export interface PeopleSectionProps {
  title: string;
  /** A page (from 0) of the people. */
  load: (page: number) => Promise<BlockedPerson[]>;
  /** Unblocks or unmutes one. */
  undo: (id: string) => Promise<unknown>;
  /** 'Unblock' or 'Unmute'. */
  undoLabel: string;
  /** 'blocked' or 'muted', for the lines the section says. */
  verb: string;
  emptyText: string;
}

type State = { status: 'loading' | 'ready' | 'failed'; people: BlockedPerson[]; page: number; done: boolean };

export function PeopleSection({ title, load, undo, undoLabel, verb, emptyText }: PeopleSectionProps) {
  const [state, setState] = useState<State>({ status: 'loading', people: [], page: -1, done: false });
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const fetchPage = useCallback(
    (page: number) => {
      setState((s) => ({ ...s, status: 'loading' }));
      load(page).then(
        (people) =>
          live.current &&
          setState((s) => {
            const before = page === 0 ? [] : s.people;
            const fresh = people.filter((p) => !before.some((q) => q._id === p._id));
            return { status: 'ready', page, done: people.length < PAGE_SIZE, people: [...before, ...fresh] };
          }),
        () => live.current && setState((s) => ({ ...s, status: 'failed' })),
      );
    },
    [load],
  );
  useEffect(() => fetchPage(0), [fetchPage]);

  const remove = (person: BlockedPerson) => {
    if (busy) return;
    setBusy(person._id);
    undo(person._id)
      .then(() => {
        if (!live.current) return;
        setState((s) => ({ ...s, people: s.people.filter((p) => p._id !== person._id) }));
        setSaid(`@${person.userName} is no longer ${verb}.`);
        heading.current?.focus();
      })
      .catch((error: unknown) =>
        notify.error(
          failureText(error, `Could not ${undoLabel.toLowerCase()} @${person.userName}. Please try again.`),
        ),
      )
      .finally(() => live.current && setBusy(null));
  };

  const { status, people, page, done } = state;
  return (
    <Section title={title} headingRef={heading}>
      <p className={said ? styles.status : styles.silent} role="status">
        {said}
      </p>
      {people.length > 0 && (
        <ul className={styles.rows}>
          {people.map((person) => (
            <li key={person._id} className={styles.row}>
              <Link to={paths.user(person._id)} className={styles.who}>
                <Avatar url={person.avatarUrl} name={person.userName} size={36} />
                <span className={styles.main}>
                  <span className={styles.name}>@{person.userName}</span>
                  <span className={styles.meta}>Since {formatLongDate(person.since)}</span>
                </span>
              </Link>
              <button
                type="button"
                className={styles.button}
                aria-label={`${undoLabel} @${person.userName}`}
                disabled={busy === person._id}
                aria-busy={busy === person._id}
                onClick={() => remove(person)}
              >
                {undoLabel}
              </button>
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && people.length === 0 && <p className={styles.empty}>{emptyText}</p>}
      {status === 'loading' && <p className={styles.empty}>Loading…</p>}
      {status === 'failed' && (
        <Failed
          text={`Your ${title.toLowerCase()} could not be loaded.`}
          onRetry={() => fetchPage(page + 1)}
        />
      )}
      {status === 'ready' && !done && people.length > 0 && (
        <div className={styles.more}>
          <button type="button" className={styles.button} onClick={() => fetchPage(page + 1)}>
            Show more
          </button>
        </div>
      )}
    </Section>
  );
}
