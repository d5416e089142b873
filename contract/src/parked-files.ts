/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// A page that paints from its HTML first has its script files parked by the server until that paint (the site's
// prerendered-page.ts and head start park them); the inline script that knows when the page has painted starts them:
// the site's script starter on a signed-out page, the owning remote's fill script on its signed-in template.
// (The DOM library is this module's alone: TypeScript keeps the reference out of the declarations it emits.)

/** On a parked `<script type="text/plain">` (its src as the value) or `<link>` (a preload without its rel). */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/**
 * Starts the parked files: each parked script as a real one (in document order, not async), each parked link as the
 * preload it was.
 */
export function startParkedFiles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${AFTER_PAINT_ATTRIBUTE}]`))
    link.rel = 'preload';
  for (const parked of document.querySelectorAll<HTMLScriptElement>(`script[${AFTER_PAINT_ATTRIBUTE}]`)) {
    const script = document.createElement('script');
    script.src = parked.getAttribute(AFTER_PAINT_ATTRIBUTE) ?? '';
    script.async = false;
    document.body.appendChild(script);
  }
}
