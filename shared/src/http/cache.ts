// Spec point 7: only GET/HEAD answers of the planet list and a post's like/save/parent state are cached,
// in localStorage under a product prefix ending in 'cache:', for 5 minutes.

import { CACHE_PREFIX, CACHE_TTL_MS } from '@skynet/contract';

export { CACHE_PREFIX, CACHE_TTL_MS };

/** Paths (relative to the API base) whose GET/HEAD answers are cached. */
export const CACHED_PATHS: RegExp[] = [
  /^\/?planet\/?$/,
  /^\/?post\/[^/?#]+\/like\/?$/,
  /^\/?post\/[^/?#]+\/save\/?$/,
  /^\/?post\/[^/?#]+\/?$/, // a post fetched as a reply's parent
];

export function isCachedPath(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return CACHED_PATHS.some((pattern) => pattern.test(bare));
}

/** The cache entry id of a request, so a toggle can update the entry its GET made. */
export const cacheIds = {
  planets: () => 'planets',
  like: (postId: string) => `post-like:${postId}`,
  save: (postId: string) => `post-save:${postId}`,
  post: (postId: string) => `post:${postId}`,
};
