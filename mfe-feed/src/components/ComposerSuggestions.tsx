// The composer's suggestions (issue 35): typing `@` and the start of a name lists up to five people whose name holds
// it (theirs first that begin with it); typing `#` and the start of a tag lists up to five tags that begin with it,
// the most used first. One is chosen with the arrow keys and Enter or Tab, or by a click. The text box stays a text
// box (ARIA lets a textarea own no combobox role): it names the list it controls and the option in focus
// (aria-activedescendant), and a polite live region says how many were found.
import { feedApi, userApi } from '@skynet/kit';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import styles from './ComposerSuggestions.module.css';
import form from './Form.module.css';

/** Suggestions listed at most. */
export const SUGGESTIONS_MAX = 5;
/** Time after the last key before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

type Kind = 'mention' | 'tag';

/** What each kind reads after its sign, as the contract's parser does (contract/src/mentions.ts). */
const BEFORE_CARET: Record<Kind, RegExp> = {
  mention: /(?:^|[^\p{L}\p{N}_])@([A-Za-z0-9_.-]{1,30})$/u,
  tag: /(?:^|[^\p{L}\p{M}\p{N}_&])#([\p{L}\p{M}\p{N}_]{1,50})$/u,
};
const REST_OF_WORD: Record<Kind, RegExp> = { mention: /^[A-Za-z0-9_.-]*/, tag: /^[\p{L}\p{M}\p{N}_]*/u };
const SIGN: Record<Kind, string> = { mention: '@', tag: '#' };
const LIST_NAME: Record<Kind, string> = { mention: 'People to mention', tag: 'Tags' };
const counted = (kind: Kind, n: number) =>
  kind === 'mention'
    ? `${n} ${n === 1 ? 'person' : 'people'} to mention`
    : `${n} ${n === 1 ? 'tag' : 'tags'}`;

/** The `@name` or `#tag` being typed where the caret is: its kind, where it starts and what follows its sign. */
export function wordBeforeCaret(
  text: string,
  caret: number,
): { kind: Kind; start: number; prefix: string } | null {
  const before = text.slice(0, caret);
  for (const kind of ['mention', 'tag'] as const) {
    const prefix = BEFORE_CARET[kind].exec(before)?.[1];
    if (prefix) return { kind, start: caret - prefix.length - 1, prefix };
  }
  return null;
}

/** Up to SUGGESTIONS_MAX names (not deleted, theirs first that begin with the text) or tags. */
async function suggestionsFor(kind: Kind, prefix: string): Promise<string[]> {
  if (kind === 'tag') return (await feedApi.tagSuggestions(prefix)).slice(0, SUGGESTIONS_MAX);
  const lower = prefix.toLowerCase();
  const begins = (name: string) => Number(!name.toLowerCase().startsWith(lower));
  return (await userApi.search(prefix, 0))
    .filter((user) => !user.deleted)
    .map((user) => user.userName)
    .sort((a, b) => begins(a) - begins(b) || a.localeCompare(b))
    .slice(0, SUGGESTIONS_MAX);
}

interface Typing {
  kind: Kind;
  start: number;
  prefix: string;
  caret: number;
}

export function useComposerSuggestions(
  text: string,
  setText: (text: string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
) {
  const listId = useId();
  const [typing, setTyping] = useState<Typing | null>(null);
  const [found, setFound] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const asked = useRef(0);

  const follow = (element: HTMLTextAreaElement) => {
    const caret = element.selectionStart ?? element.value.length;
    const word = element.selectionEnd === caret ? wordBeforeCaret(element.value, caret) : null;
    setTyping((now) =>
      word && now?.kind === word.kind && now.start === word.start && now.prefix === word.prefix
        ? now
        : word
          ? { ...word, caret }
          : null,
    );
  };

  const kind = typing?.kind ?? null;
  const prefix = typing?.prefix ?? null;
  useEffect(() => {
    const call = ++asked.current;
    if (kind === null || prefix === null) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      suggestionsFor(kind, prefix).then(
        (list) => {
          if (call !== asked.current) return;
          setFound(list);
          setActive(0);
        },
        // No suggestions is no loss: the word can be typed whole.
        () => call === asked.current && setFound([]),
      );
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kind, prefix]);

  const key = typing ? `${typing.kind}:${typing.start}:${typing.prefix}` : '';
  const open = typing !== null && found.length > 0 && dismissed !== key;

  const choose = (value: string) => {
    if (!typing) return;
    const before = text.slice(0, typing.start);
    const after = text.slice(typing.caret).replace(REST_OF_WORD[typing.kind], '');
    const inserted = `${SIGN[typing.kind]}${value} `;
    setText(before + inserted + after);
    setTyping(null);
    const caret = before.length + inserted.length;
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const chosen = found[active];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => (now + step + found.length) % found.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && chosen) {
      event.preventDefault();
      choose(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(key);
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
      {open && typing && (
        <div id={listId} role="listbox" aria-label={LIST_NAME[typing.kind]} className={styles.list}>
          {found.map((value, index) => (
            <div
              key={value}
              id={optionId(index)}
              role="option"
              // Focus stays in the text box (aria-activedescendant); -1 keeps the option out of the tab order.
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? `${styles.option} ${styles.active}` : styles.option}
              // Chosen on press, before the text box would lose its focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(value);
              }}
            >
              {SIGN[typing.kind]}
              {value}
            </div>
          ))}
        </div>
      )}
      {/* A live region, not a second status: the form's status is its character counter. */}
      <span className={form.visuallyHidden} aria-live="polite">
        {open && typing
          ? `${counted(typing.kind, found.length)}: up and down arrows to choose, Enter to insert.`
          : ''}
      </span>
    </>
  );
  return { boxProps, list };
}
