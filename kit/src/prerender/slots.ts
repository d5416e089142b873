// What the remotes' build-time template modules (mfe-feed's and mfe-chat's ./prerender) share: markup drawn by a
// page's real components around placeholder data, with the data's places turned into the fill script's slots.

/** A slot: where the placeholder shows (a global pattern), the slot put there, and how often it must be found. */
export type Slot = [pattern: RegExp, slot: string, count: number];

/**
 * `markup` with each of `slots` put in, each found exactly as often as said, or the build fails: a component change
 * that moves or repeats a placeholder must be seen, not shipped as a template the fill no longer matches. React's
 * preloads of the placeholder pictures (no such files) are taken out first.
 */
export function withSlots(markup: string, slots: readonly Slot[], what: string): string {
  let filled = markup.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  for (const [pattern, slot, count] of slots) {
    const found = filled.match(pattern)?.length ?? 0;
    if (found !== count)
      throw new Error(`prerender: ${pattern} found ${found} times in the ${what}, not ${count}`);
    filled = filled.replace(pattern, slot);
  }
  return filled;
}
