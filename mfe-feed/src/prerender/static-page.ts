// The HTML's script for a signed-in page this remote draws whole at build time because it needs no data (`/search`
// before anything is searched; ./index.tsx): the page paints with the HTML, then its scripts start, and the real
// page takes the markup's place when it renders (SearchPage carries over what was typed into the box meanwhile).
// - No session (the probe in <head> found no token) or developer overrides (the head start started nothing then):
//   the markup goes and the page's scripts start at once, as on any page.
// - A search sent from the markup's box before the scripts are up is not sent as a plain form (that would reload
//   the page without the text): the form is marked sent (SENT_ATTRIBUTE), and the real page sends it when it is up.
import { showDrawnPage } from '@skynet/contract';

/** On the markup's form once its search was sent: the real page sends it (SearchPage). */
export const SENT_ATTRIBUTE = 'data-sent';

export function showStaticTemplate(): void {
  showDrawnPage(holdForms);
}

/** The markup's forms send nothing themselves: a sent one is marked, for the real page to send (SearchPage). */
export function holdForms(markup: HTMLElement): void {
  for (const form of markup.querySelectorAll('form'))
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      form.setAttribute(SENT_ATTRIBUTE, '');
    });
}
