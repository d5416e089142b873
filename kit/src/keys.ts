// Keyboard shortcuts (issue 22): the one rule every shortcut handler shares, in the shell and in the remotes.

/** The attribute of an element that takes typed letters for itself: no letter shortcut acts while it is shown. */
export const KEYBOARD_OWNER = 'data-keyboard-owner';

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
    // So has an area that reads typed words itself while it is shown (the galaxy map's 'emergency', spec point 2),
    // for letters only: `?` and `/` are no part of a word, and the shortcut list must be reachable on every page.
    (/^[a-z]$/i.test(event.key) && document.querySelector(`[${KEYBOARD_OWNER}]`) !== null)
  );
}
