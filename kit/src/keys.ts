// Keyboard shortcuts (issue 22): the one rule every shortcut handler shares, in the shell and in the remotes.

/**
 * The attribute of an element that takes typed letters for itself while it is shown. Its value is the word it reads
 * (the galaxy map's 'emergency'): a letter shortcut waits only while the letters typed lately spell the start of it,
 * so `n` and `g n` work on that page too (issue 35) and typing the word navigates nowhere. Empty: every letter is its.
 */
export const KEYBOARD_OWNER = 'data-keyboard-owner';

/** Longest pause between two letters of a word. */
const WORD_GAP_MS = 1500;
let typed = '';
let typedAt = Number.NEGATIVE_INFINITY;

/** Whether this letter goes on spelling the owner's word (the letters typed lately end in a start of it). */
function spellsOwnersWord(event: KeyboardEvent, owner: Element): boolean {
  const word = (owner.getAttribute(KEYBOARD_OWNER) ?? '').toLowerCase();
  if (!word) return true;
  typed = (event.timeStamp - typedAt <= WORD_GAP_MS ? typed : '') + event.key.toLowerCase();
  typedAt = event.timeStamp;
  while (typed && !word.startsWith(typed)) typed = typed.slice(1);
  return typed !== '';
}

/** True while the person types in a field (input, textarea, select, contenteditable). */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * A key press a shortcut must leave alone: typed in a field, held with Ctrl, Alt or Meta (the browser's and the
 * system's own shortcuts; Shift stays allowed, `?` needs it), or already handled.
 */
export function ignoreShortcutKey(event: KeyboardEvent): boolean {
  return (
    event.defaultPrevented ||
    event.ctrlKey ||
    event.altKey ||
    event.metaKey ||
    event.isComposing ||
    isTypingIn(event.target) ||
    // A modal dialog (e.g. the shortcut list) has the keyboard to itself.
    (event.target instanceof Element && event.target.closest('dialog[open]') !== null) ||
    // So has an area that reads a typed word itself while it is shown (the galaxy map's 'emergency', spec point 2),
    // for the letters that spell it: `?` and `/` are no part of a word, and the shortcut list must be reachable on
    // every page.
    (/^[a-z]$/i.test(event.key) && owned(event))
  );
}

function owned(event: KeyboardEvent): boolean {
  const owner = document.querySelector(`[${KEYBOARD_OWNER}]`);
  return owner !== null && spellsOwnersWord(event, owner);
}
