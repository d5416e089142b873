// The composer's suggestions (issue 35): typing `@` and the start of a name lists up to five people whose name holds
// it (theirs first that begin with it), and one is chosen with the arrow keys and Enter or Tab, or by a click.
// The text box stays a text box (ARIA lets a textarea own no combobox role): it names the list it controls and the
// option in focus (aria-activedescendant), and a polite status says how many people were found.
import { userApi } from '@skynet/kit';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import form from './Form.module.css';
import styles from './MentionSuggestions.module.css';

/** People listed at most. */
export const SUGGESTIONS_MAX = 5;
/** Time after the last key before the names are asked for. */
export const SUGGEST_DELAY_MS = 150;

/** The `@name` being typed where the caret is: where it starts and what follows the `@` so far. */
export function mentionBeforeCaret(text: string, caret: number): { start: number; prefix: string } | null {
  const match = /(?:^|[^\p{L}\p{N}_])@([A-Za-z0-9_.-]{1,30})$/u.exec(text.slice(0, caret));
  if (!match?.[1]) return null;
  return { start: caret - match[1].length - 1, prefix: match[1] };
}

interface Typing {
  start: number;
  prefix: string;
  caret: number;
}

export function useMentionSuggestions(
  text: string,
  setText: (text: string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
) {
  const listId = useId();
  const [typing, setTyping] = useState<Typing | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const asked = useRef(0);

  const follow = (element: HTMLTextAreaElement) => {
    const caret = element.selectionStart ?? element.value.length;
    const found = element.selectionEnd === caret ? mentionBeforeCaret(element.value, caret) : null;
    setTyping((now) =>
      found && now?.start === found.start && now.prefix === found.prefix
        ? now
        : found
          ? { ...found, caret }
          : null,
    );
  };

  const prefix = typing?.prefix ?? null;
  useEffect(() => {
    const call = ++asked.current;
    if (prefix === null) {
      setNames([]);
      return;
    }
    const timer = setTimeout(() => {
      userApi.search(prefix, 0).then(
        (users) => {
          if (call !== asked.current) return;
          const lower = prefix.toLowerCase();
          const listed = users
            .filter((user) => !user.deleted)
            .map((user) => user.userName)
            .sort(
              (a, b) =>
                Number(!a.toLowerCase().startsWith(lower)) - Number(!b.toLowerCase().startsWith(lower)) ||
                a.localeCompare(b),
            )
            .slice(0, SUGGESTIONS_MAX);
          setNames(listed);
          setActive(0);
        },
        // No suggestions is no loss: the name can be typed whole.
        () => call === asked.current && setNames([]),
      );
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [prefix]);

  const open = typing !== null && names.length > 0 && dismissed !== `${typing.start}:${typing.prefix}`;

  const choose = (name: string) => {
    if (!typing) return;
    const before = text.slice(0, typing.start);
    const after = text.slice(typing.caret).replace(/^[A-Za-z0-9_.-]*/, '');
    const inserted = `@${name} `;
    setText(before + inserted + after);
    setTyping(null);
    const caret = before.length + inserted.length;
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !typing) return;
    const chosen = names[active];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => (now + step + names.length) % names.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && chosen) {
      event.preventDefault();
      choose(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(`${typing.start}:${typing.prefix}`);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  /** What the text box takes: its events and the ARIA that ties it to the list. */
  const boxProps = {
    onKeyDown,
    onSelect: (event: React.SyntheticEvent<HTMLTextAreaElement>) => follow(event.currentTarget),
    onInput: (event: React.FormEvent<HTMLTextAreaElement>) => follow(event.currentTarget),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(active) : undefined,
  };

  const list = (
    <>
      {open && (
        <div id={listId} role="listbox" aria-label="People to mention" className={styles.list}>
          {names.map((name, index) => (
            <div
              key={name}
              id={optionId(index)}
              role="option"
              // Focus stays in the text box (aria-activedescendant); -1 keeps the option out of the tab order.
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? `${styles.option} ${styles.active}` : styles.option}
              // Chosen on press, before the text box would lose its focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(name);
              }}
            >
              @{name}
            </div>
          ))}
        </div>
      )}
      {/* A live region, not a second status: the form's status is its character counter. */}
      <span className={form.visuallyHidden} aria-live="polite">
        {open
          ? `${names.length} ${names.length === 1 ? 'person' : 'people'} to mention: up and down arrows to choose, Enter to insert.`
          : ''}
      </span>
    </>
  );
  return { boxProps, list };
}
