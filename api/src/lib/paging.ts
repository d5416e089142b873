import { PAGE_SIZE } from '@skynet/contract';
import { badRequest } from './errors.js';

export { PAGE_SIZE };
/** Deepest page accepted: beyond it every list is empty anyway, and it keeps arithmetic in int range. */
export const MAX_PAGE = 1_000_000;

/**
 * Turns the `page` query value into a zero-based page index. `base` is 1 for the galaxy and planet feeds and 0
 * elsewhere (spec point 4). Missing page = first page; anything else that is not a whole number >= base is a 400.
 */
export function pageIndex(raw: string | undefined, base: 0 | 1): number {
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,7}$/.test(raw)) throw badRequest(`The page must be a whole number from ${base}.`);
  const n = Number(raw);
  if (n < base || n > MAX_PAGE) throw badRequest(`The page must be a whole number from ${base}.`);
  return n - base;
}
