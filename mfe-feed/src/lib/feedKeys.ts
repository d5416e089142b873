// The feed's keyboard shortcuts (issue 22): j/k move between posts, l likes, s saves and Enter opens the focused
// post. The shell handles the product-wide ones (n, /, g h, g n, g m, ?). One listener per feed list; the list in
// charge is the one holding focus, else the first feed on the page, so two lists on a page never both act.
import { ignoreShortcutKey } from '@skynet/kit';

const TOGGLES: Record<string, string> = {
  l: '[aria-label="Like"], [aria-label="Unlike"]',
  s: '[aria-label="Save"], [aria-label="Unsave"]',
};

/** A keydown handler for the document, acting on the feed element `feed()` answers. */
export function feedKeyHandler(feed: () => HTMLElement | null, open: (postId: string) => void) {
  return (event: KeyboardEvent) => {
    if (ignoreShortcutKey(event)) return;
    const { key } = event;
    if (key !== 'j' && key !== 'k' && key !== 'Enter' && !TOGGLES[key]) return;
    const mine = feed();
    if (mine?.getAttribute('role') !== 'feed') return;
    const active = document.activeElement;
    const focused = active instanceof Element ? active.closest('article') : null;
    const current = focused?.parentElement === mine ? focused : null;
    const inCharge = focused?.parentElement?.matches('[role="feed"]')
      ? focused.parentElement
      : document.querySelector('[role="feed"]');
    if (inCharge !== mine) return;

    if (key === 'j' || key === 'k') {
      const posts = [...mine.children].filter((child): child is HTMLElement => child.tagName === 'ARTICLE');
      const at = current ? posts.indexOf(current as HTMLElement) : -1;
      const next = posts[key === 'j' ? Math.min(at + 1, posts.length - 1) : Math.max(at - 1, 0)];
      if (!next) return;
      event.preventDefault();
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: 'center' });
      return;
    }
    if (!current) return;
    if (key === 'Enter') {
      // Enter on a link or button inside the post does what that control does.
      const id = current.getAttribute('data-post-id');
      if (current !== active || !id) return;
      event.preventDefault();
      open(id);
      return;
    }
    const toggle = current.querySelector<HTMLButtonElement>(TOGGLES[key]!);
    if (!toggle || toggle.disabled) return;
    event.preventDefault();
    toggle.click();
  };
}
