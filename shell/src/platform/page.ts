// What the page itself says about this load: its head start (site/src/head-start.ts) and, in it, the page token the
// server signed (issue 33). A page without a head start (the dev server) has neither.
import { HEAD_START_ELEMENT_ID, type HeadStartBlock } from '@skynet/contract';

/** The page's head start, as far as the shell reads it; empty without one. */
export function headStartBlock(): Partial<Record<keyof HeadStartBlock, unknown>> {
  try {
    const element = document.getElementById(HEAD_START_ELEMENT_ID);
    const parsed: unknown = element ? JSON.parse(element.textContent ?? '') : null;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/** The page token (the head start's `release`), or undefined when the page carries none. */
export function pageToken(): string | undefined {
  const { release } = headStartBlock();
  return typeof release === 'string' ? release : undefined;
}
